import { z } from 'zod/mini';
import { confirmedPassword } from '#src/contract/auth.ts';
import { passwordField } from '#src/contract/fields.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { TextInput } from '#src/components/form/bound-fields.tsx';
import { addMode } from '#src/components/form/form-mode.ts';
import { WriteForm } from '#src/components/form/write-form.tsx';
import { requiredAsTyped } from '#src/lib/form-schemas.ts';

// The new password's rule is the contract's own, so the screen counts its characters as the server
// does (code points). Every password is sent as typed, so the confirmation compares what was typed.
// Like an add form, a saved one empties itself.
const changePassword = addMode({
  call: 'auth/change-password',
  schema: confirmedPassword(
    z.object({
      currentPassword: requiredAsTyped(requiredMessages.currentPassword),
      password: passwordField(requiredMessages.password),
      password_confirmation: requiredAsTyped(requiredMessages.passwordConfirmation),
    }),
  ),
  defaultValues: { currentPassword: '', password: '', password_confirmation: '' },
  body: (values) => values,
});

/** Any signed-in user's own password; other sessions end, this one stays. */
export function ChangePasswordForm() {
  return (
    <WriteForm mode={changePassword} className="max-w-md">
      <TextInput name="currentPassword" label="Current Password" type="password" autoComplete="current-password" />
      <TextInput name="password" label="New Password" type="password" autoComplete="new-password" />
      <TextInput name="password_confirmation" label="Confirm Password" type="password" autoComplete="new-password" />
    </WriteForm>
  );
}
