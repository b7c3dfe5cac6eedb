import { z } from 'zod/mini';
import { TextInput } from '#src/components/form/bound-fields.tsx';
import { addMode } from '#src/components/form/form-mode.ts';
import { WriteForm } from '#src/components/form/write-form.tsx';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { CODE_REQUIRED } from '#src/contract/two-factor.ts';
import { meKey } from '#src/features/auth/api.ts';
import { required, requiredAsTyped } from '#src/lib/form-schemas.ts';

// Turning two-factor off asks for both the password and a code (docs/design.md §8.5), so a session
// left open alone cannot remove it.
const turnOff = addMode({
  call: 'auth/2fa/disable',
  schema: z.object({ password: requiredAsTyped(requiredMessages.password), code: required(CODE_REQUIRED) }),
  defaultValues: { password: '', code: '' },
  body: (values) => values,
});

/** Two-factor is on: the form that turns it off; `me` then says it is off and the section shows Set up. */
export function TurnOffTwoFactor() {
  return (
    <WriteForm mode={turnOff} invalidates={[meKey]} submitLabel="Turn off" className="max-w-md">
      <TextInput name="password" label="Password" type="password" autoComplete="current-password" />
      <TextInput name="code" label="Code" autoComplete="one-time-code" description="From your authenticator app, or a recovery code." />
    </WriteForm>
  );
}
