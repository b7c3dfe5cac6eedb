import { useQuery } from '@tanstack/react-query';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import { changesSentence } from '#src/domain/price-changes.ts';
import { useBusinessDay } from '#src/features/quotes/business-day.tsx';
import { changesQuery, useMarkSeen } from './changes-api.ts';

/**
 * 'Since your last visit on 24 Nov 2026: … 14 prices changed.' with 'Mark as seen' (docs/design.md
 * §8.2), above the models list and on the dashboard; nothing when nothing the user sees moved. On
 * screen only: a printed sheet has its stamp. `enabled`: whether it may ask yet (the models list
 * asks once its rows have answered).
 */
export function ChangesNotice({ enabled = true }: { enabled?: boolean }) {
  const changes = useQuery({ ...changesQuery, enabled }).data;
  const { zone } = useBusinessDay();
  const { markSeen, busy, failure, dismissFailure } = useMarkSeen();
  const sentence = changes ? changesSentence(changes, zone) : null;
  if (sentence === null) return null;
  return (
    <section
      aria-label="Since your last visit"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 print:hidden"
    >
      <p>{sentence}</p>
      <div className="flex items-center gap-3">
        {failure && <Alert alert={failure} layout="inline" onDismiss={dismissFailure} />}
        <BusyButton busy={busy} variant="secondary" onClick={markSeen}>
          Mark as seen
        </BusyButton>
      </div>
    </section>
  );
}
