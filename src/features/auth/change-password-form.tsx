import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { required } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

const changePasswordForm = z
  .object({
    currentPassword: required(requiredMessages.currentPassword),
    password: required(requiredMessages.password).min(8, 'The password must be at least 8 characters.'),
    password_confirmation: required(requiredMessages.passwordConfirmation),
  })
  .refine((values) => values.password === values.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });
type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** Any signed-in user's own password; other sessions end, this one stays. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', password: '', password_confirmation: '' },
  });
  const write = useWriteCall('auth/change-password', { onFieldErrors: showFieldErrors(form.setError), onSuccess: () => form.reset() });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => write.submit(values))} className="max-w-md">
      <FormFeedback form={form} write={write} />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register('password_confirmation')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}
