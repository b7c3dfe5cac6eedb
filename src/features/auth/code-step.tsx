import { zodResolver } from '@hookform/resolvers/zod';
import { HTTPError } from 'ky';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Alert } from '#src/components/alert.tsx';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { writeResponse, type WriteResponse } from '#src/contract/common.ts';
import { messages } from '#src/contract/messages.ts';
import { CODE_REQUIRED } from '#src/contract/two-factor.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import { required } from '#src/lib/form-schemas.ts';
import { signInWithCode } from './api.ts';

export const CODE_PROMPT = 'Enter the 6-digit code from your authenticator app.';

/** A code as typed into a form: the login's second step and the Security screen's set-up. */
export const codeForm = z.object({ code: required(CODE_REQUIRED) });

/**
 * Unlike a wrong password, a wrong code says so (docs/design.md §8.5: the server's answer), since
 * the password was right. The other failures say what the password step's do.
 */
async function codeFailure(error: unknown): Promise<WriteResponse | null> {
  if (error instanceof HTTPError && error.response.status === 401) return writeResponse.safeParse(error.data).data ?? null;
  const failure = await describeFailure(error);
  return failure.kind === 'alert' ? failure.alert : null;
}

type Props = {
  mfaTicket: string;
  /** The ticket has expired: back to the password, with why. */
  onExpired: (alert: WriteResponse) => void;
  onCancel: () => void;
};

/** The second step of a two-factor sign-in: the same ticket serves every try until it expires. */
export function CodeStep({ mfaTicket, onExpired, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    await signInWithCode(mfaTicket, code).catch(async (error: unknown) => {
      const failure = await codeFailure(error);
      if (failure?.responseMessage === messages.signInExpired.responseMessage) onExpired(failure);
      else setAlert(failure);
    });
    setBusy(false);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {alert && <Alert alert={alert} onDismiss={() => setAlert(null)} />}
      <p className="mb-4 text-sm text-slate-700">{CODE_PROMPT}</p>
      <TextField
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        description="A recovery code also works."
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <div className="flex items-center justify-between gap-3">
        <SubmitButton busy={busy}>Verify</SubmitButton>
        <button type="button" onClick={onCancel} className="text-sm text-brand hover:underline">
          Back
        </button>
      </div>
    </form>
  );
}
