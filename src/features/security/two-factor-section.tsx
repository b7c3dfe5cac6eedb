import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '#src/components/card.tsx';
import { meKey } from '#src/features/auth/api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TurnOffTwoFactor } from './turn-off-two-factor.tsx';
import { TurnOnTwoFactor } from './turn-on-two-factor.tsx';
import { twoFactorQuery } from './api.ts';

/** Two-factor sign-in on or off (docs/design.md §8.5); the recovery codes stay up until the user says they kept them. */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const on = useSuspenseQuery(twoFactorQuery).data;
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const turnedOn = (codes: string[]) => {
    setRecoveryCodes(codes);
    // `me` now says on, and the policy no longer holds the sessions back.
    void queryClient.invalidateQueries({ queryKey: meKey });
  };

  return (
    <Card title="Two-factor sign-in" part>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : on ? (
        <>
          <p className="mb-4 text-sm text-slate-700">
            Two-factor sign-in is on. To turn it off, enter your password and a code from your authenticator app.
          </p>
          <TurnOffTwoFactor />
        </>
      ) : (
        <TurnOnTwoFactor onEnabled={turnedOn} />
      )}
    </Card>
  );
}
