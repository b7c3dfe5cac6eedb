import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { codeForm } from '#src/features/auth/code-step.tsx';
import { callApi } from '#src/lib/api-client.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import { failureAlert } from '#src/lib/failure-alert.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { QrCode } from './qr-code.tsx';

type Setup = { secret: string; otpauthUrl: string };

/**
 * Two-factor is off: 'Set up' asks the server for a new secret, then the user scans it (or types
 * it) into an authenticator app and proves it with a code; 'Turn on' hands back the recovery codes.
 */
export function TurnOnTwoFactor({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const setup = useMutation({
    mutationFn: () => callApi('auth/2fa/setup'),
    onMutate: () => setAlert(null),
    onError: async (error) => setAlert(await failureAlert(error)),
  });
  if (setup.data) return <ConfirmCode setup={setup.data} onEnabled={onEnabled} />;
  return (
    <>
      {alert && <Alert alert={alert} onDismiss={() => setAlert(null)} />}
      <p className="mb-4 text-sm text-slate-700">
        Two-factor sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone.
      </p>
      <BusyButton busy={setup.isPending} onClick={() => setup.mutate()}>
        Set up
      </BusyButton>
    </>
  );
}

function ConfirmCode({ setup, onEnabled }: { setup: Setup; onEnabled: (recoveryCodes: string[]) => void }) {
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const enable = useMutation({
    mutationFn: (code: string) => callApi('auth/2fa/enable', { code }),
    onMutate: () => setAlert(null),
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
    // 'The code is not valid.' goes under the field; anything else above the form.
    onError: async (error) => {
      const failure = await describeFailure(error);
      if (failure.kind === 'fields') showFieldErrors(setError)(failure.errors);
      if (failure.kind === 'alert') setAlert(failure.alert);
    },
  });
  const submit = handleSubmit(({ code }) => {
    if (!enable.isPending) enable.mutate(code);
  });

  return (
    <form noValidate onSubmit={submit} className="max-w-md">
      {alert && <Alert alert={alert} onDismiss={() => setAlert(null)} />}
      <p className="mb-4 text-sm text-slate-700">Scan this QR code with your authenticator app, or type the key below into it.</p>
      <div className="mb-4 flex flex-wrap items-start gap-4">
        <QrCode url={setup.otpauthUrl} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">Key</p>
          <code className="block font-mono text-sm break-all">{setup.secret}</code>
        </div>
      </div>
      <TextField
        label="Code"
        autoComplete="one-time-code"
        inputMode="numeric"
        description="The 6-digit code the app shows."
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <SubmitButton busy={enable.isPending}>Turn on</SubmitButton>
    </form>
  );
}
