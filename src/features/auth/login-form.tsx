import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { signIn } from './api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

const loginForm = z.object({
  username: z.string().trim().min(1, requiredMessages.username),
  password: z.string().min(1, requiredMessages.password),
});
type LoginForm = z.infer<typeof loginForm>;

export function LoginFormCard() {
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    if (busy) return;
    setBusy(true);
    // A refused sign-in shows nothing and leaves the form as it is (docs/product.md §2).
    await signIn(username, password).catch(() => undefined);
    setBusy(false);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-6 text-center text-xl font-semibold">Sign in</h1>
      <TextField label="Username" autoComplete="username" error={formState.errors.username?.message} {...register('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <SubmitButton busy={busy}>Login</SubmitButton>
    </form>
  );
}
