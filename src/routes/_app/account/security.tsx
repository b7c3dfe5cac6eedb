import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { messages } from '#src/contract/messages.ts';
import { passkeysQuery, twoFactorQuery } from '#src/features/security/api.ts';
import { PasskeysSection } from '#src/features/security/passkeys-section.tsx';
import { SessionsSection } from '#src/features/security/sessions-section.tsx';
import { TwoFactorSection } from '#src/features/security/two-factor-section.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { forgetSecondFactorRequired, secondFactorRequired } from '#src/lib/second-factor-policy.ts';

// Every signed-in user's own sign-in methods and sessions (docs/design.md §8.5); like Change
// Password it needs no guard of its own, and every call it makes is open to a user the two-factor
// policy holds back, but the sessions list: two-factor and passkeys are the ways out.
export const Route = createFileRoute('/_app/account/security')({
  loader: ({ context }) => context.queryClient.ensureQueryData(twoFactorQuery),
  component: Security,
});

function Security() {
  usePageTitle('Security');
  // Why the app brought the user here, if it did: said once, then forgotten, and gone once it no longer holds.
  const [required, setRequired] = useState(secondFactorRequired);
  const on = useSuspenseQuery(twoFactorQuery).data;
  // A passkey is a second factor too: once one is added, the policy holds nothing back.
  const hasPasskey = (useQuery(passkeysQuery).data?.length ?? 0) > 0;
  useEffect(forgetSecondFactorRequired, []);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Security' }]} />
      <h1 className="mb-4 text-lg font-semibold">Security</h1>
      {required && !on && !hasPasskey && <Alert alert={messages.secondFactorRequired} onDismiss={() => setRequired(false)} />}
      <div className="grid gap-4">
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
      </div>
    </>
  );
}
