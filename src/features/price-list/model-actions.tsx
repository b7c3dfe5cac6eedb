import { RowLink, type RecordPath } from '#src/components/list-links.tsx';
import { OfflineDisabled, useOffline } from '#src/features/offline/offline-controls.tsx';

/** A row's link; offline (the saved sheet, docs/design.md §8.6) it is there but disabled, as it needs the server. */
function ModelAction({ to, id, children }: { to: RecordPath; id: number; children: string }) {
  if (useOffline()) return <OfflineDisabled small>{children}</OfflineDisabled>;
  return (
    <RowLink to={to} id={id}>
      {children}
    </RowLink>
  );
}

/** A model's Logs and Edit links, as far as the user may open them: the table's last column and a card's foot. */
export function ModelActions({ id, logs, edit }: { id: number; logs: boolean; edit: boolean }) {
  return (
    <span className="flex gap-3">
      {logs && (
        <ModelAction to="/models/log-model/$id" id={id}>
          Logs
        </ModelAction>
      )}
      {edit && (
        <ModelAction to="/models/edit-model/$id" id={id}>
          Edit
        </ModelAction>
      )}
    </span>
  );
}
