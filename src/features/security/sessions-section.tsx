import { useQuery } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import { Card } from '#src/components/card.tsx';
import { FailedLine } from '#src/components/data-table/failed-line.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { writeResponse } from '#src/contract/common.ts';
import type { SessionRow } from '#src/contract/sessions.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { sessionsKey, sessionsQuery } from './api.ts';
import { SecurityRow, useInstantText } from './security-row.tsx';

/** The text of a refusal (the two-factor policy's 403 holds the list back until a second factor is set up). */
const refusalText = (error: unknown): string | undefined =>
  error instanceof HTTPError && error.response.status === 403 ? writeResponse.safeParse(error.data).data?.responseMessage : undefined;

/** The user's own sessions (docs/design.md §8.5): sign out one other, or every other at once; this one stays. */
export function SessionsSection() {
  const sessions = useQuery(sessionsQuery);
  const revoke = useWriteCall('auth/sessions/revoke', { invalidates: [sessionsKey] });
  const revokeOthers = useWriteCall('auth/sessions/revoke-others', { invalidates: [sessionsKey] });
  const [revoking, setRevoking] = useState<number | null>(null);
  const alert = revoke.alert ?? revokeOthers.alert;
  const others = sessions.data?.filter((row) => row.current !== 1) ?? [];
  const refusal = refusalText(sessions.error);

  return (
    <Card
      title="Sessions"
      part
      actions={
        others.length > 0 && (
          <BusyButton variant="secondary" busy={revokeOthers.busy} onClick={() => revokeOthers.submit({})}>
            Sign out all other sessions
          </BusyButton>
        )
      }
    >
      {alert && (
        <Alert
          alert={alert}
          onDismiss={() => {
            revoke.dismissAlert();
            revokeOthers.dismissAlert();
          }}
        />
      )}
      {sessions.isPending && <Spinner />}
      {sessions.data && (
        <ul aria-label="Sessions" aria-busy={sessions.isFetching} className="divide-y divide-slate-200">
          {sessions.data.map((row) => (
            <SessionItem
              key={row.id}
              row={row}
              busy={revoke.busy && revoking === row.id}
              onSignOut={() => {
                setRevoking(row.id);
                revoke.submit({ id: row.id });
              }}
            />
          ))}
        </ul>
      )}
      {refusal ? (
        <p className="text-sm text-slate-700">{refusal}</p>
      ) : (
        sessions.isError && <FailedLine retry={() => void sessions.refetch()} />
      )}
    </Card>
  );
}

type ItemProps = { row: SessionRow; busy: boolean; onSignOut: () => void };

function SessionItem({ row, busy, onSignOut }: ItemProps) {
  const at = useInstantText();
  return (
    <SecurityRow
      title={row.device}
      detail={`Signed in ${at(row.createdAt)} · Last seen ${at(row.lastSeenAt)}`}
      action={(describedBy) =>
        row.current === 1 ? (
          <span className="rounded bg-emerald-50 px-2 py-1 text-sm font-medium text-emerald-800">This device</span>
        ) : (
          // Every row's button says 'Sign out'; the device it ends is its description.
          <BusyButton variant="secondary" busy={busy} aria-describedby={describedBy} onClick={onSignOut}>
            Sign out
          </BusyButton>
        )
      }
    />
  );
}
