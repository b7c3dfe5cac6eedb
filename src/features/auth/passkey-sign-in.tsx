import { HTTPError } from 'ky';
import { useState } from 'react';
import { BusyButton } from '#src/components/busy-button.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { messages } from '#src/contract/messages.ts';
import { appMessages } from '#src/contract/app-messages.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import { startSignedIn } from './api.ts';

type Props = {
  /** The username typed so far, if any: it narrows the browser's choice to that user's passkeys. */
  username: () => string;
  setAlert: (alert: WriteResponse | null) => void;
};

/**
 * 'Sign in with a passkey' (docs/design.md §8.5): a whole sign-in, no password or code. The
 * ceremony's code (src/lib/passkey-ceremony.ts and @simplewebauthn/browser) loads on the click, so
 * the login screen, the first one, carries none of it.
 */
export function PasskeySignIn({ username, setAlert }: Props) {
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const { passkeyToken } = await import('#src/lib/passkey-ceremony.ts');
      await startSignedIn(await passkeyToken(username() || undefined));
    } catch (error) {
      setAlert(await passkeyFailure(error));
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <BusyButton variant="secondary" busy={busy} onClick={() => void signIn()}>
        Sign in with a passkey
      </BusyButton>
    </div>
  );
}

/** Unlike a wrong password (the form says nothing), a refused passkey is said: nothing on the screen was typed wrong. */
async function passkeyFailure(error: unknown): Promise<WriteResponse | null> {
  if (error instanceof HTTPError && error.response.status === 401) return messages.badCredentials;
  const failure = await describeFailure(error);
  if (failure.kind === 'alert') return failure.alert;
  if (failure.kind === 'fields') return { responseMessage: Object.values(failure.errors)[0] ?? '', responseFlag: 'danger' };
  // No answer of the server's to say: the browser's ceremony ended (cancelled, timed out, no passkey).
  return error instanceof HTTPError ? null : appMessages.passkeyNotFinished;
}
