import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Alert } from '#src/components/alert.tsx';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { appMessages } from '#src/contract/app-messages.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import { sessionWasEnded } from '#src/lib/session.ts';
import { signIn } from './api.ts';
import { CodeStep } from './code-step.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';

const loginForm = z.object({
  username: z.string().check(z.trim(), z.minLength(1, requiredMessages.username)),
  password: z.string().check(z.minLength(1, requiredMessages.password)),
});
type LoginForm = z.infer<typeof loginForm>;

const cardClass = 'w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm';
const heading = <h1 className="mb-6 text-center text-xl font-semibold">Sign in</h1>;

/** The password, then, for a user with two-factor on, the code; or a passkey alone (docs/design.md §8.5). */
export function LoginFormCard() {
  // Why the user is here, when a 203 sent them (docs/design.md §7.7); replaced by what a sign-in answers.
  const [alert, setAlert] = useState<WriteResponse | null>(() =>
    sessionWasEnded() ? { responseMessage: appMessages.sessionEnded, responseFlag: 'warning' } : null,
  );
  const [mfaTicket, setMfaTicket] = useState<string | null>(null);
  if (mfaTicket === null) return <PasswordStep alert={alert} setAlert={setAlert} onTicket={setMfaTicket} />;
  const backToPassword = (why: WriteResponse | null) => {
    setAlert(why);
    setMfaTicket(null);
  };
  return (
    <div className={cardClass}>
      {heading}
      <CodeStep mfaTicket={mfaTicket} onExpired={backToPassword} onCancel={() => backToPassword(null)} />
    </div>
  );
}

type PasswordProps = {
  alert: WriteResponse | null;
  setAlert: (alert: WriteResponse | null) => void;
  onTicket: (mfaTicket: string) => void;
};

function PasswordStep({ alert, setAlert, onTicket }: PasswordProps) {
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, formState, getValues } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    // Wrong credentials (401) show nothing and leave the form as it is (docs/product.md §2); a 429
    // shows the server's text and an unreachable server says so (docs/design.md §7.7).
    const ticket = await signIn(username, password).catch(async (error: unknown) => {
      const failure = await describeFailure(error);
      if (failure.kind === 'alert') setAlert(failure.alert);
    });
    setBusy(false);
    if (ticket) onTicket(ticket.mfaTicket);
  });

  return (
    <form onSubmit={onSubmit} noValidate className={cardClass}>
      {heading}
      {alert && <Alert alert={alert} onDismiss={() => setAlert(null)} />}
      <TextField label="Username" autoComplete="username" error={formState.errors.username?.message} {...register('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <SubmitButton busy={busy}>Login</SubmitButton>
      <PasskeySignIn username={() => getValues('username').trim()} setAlert={setAlert} />
    </form>
  );
}
