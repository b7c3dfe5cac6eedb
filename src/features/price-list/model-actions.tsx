import { RowLink } from '#src/components/list-links.tsx';
import { OfflineDisabled, useOffline } from '#src/features/offline/offline-controls.tsx';

/**
 * A model's Logs and Edit links, as far as the user may open them: the table's last column and a
 * card's foot. Offline (the saved sheet, docs/design.md §8.6) they are there but disabled.
 */
export function ModelActions({ id, logs, edit }: { id: number; logs: boolean; edit: boolean }) {
  const offline = useOffline();
  return (
    <span className="flex gap-3">
      {logs &&
        (offline ? (
          <OfflineDisabled small>Logs</OfflineDisabled>
        ) : (
          <RowLink to="/models/log-model/$id" id={id}>
            Logs
          </RowLink>
        ))}
      {edit &&
        (offline ? (
          <OfflineDisabled small>Edit</OfflineDisabled>
        ) : (
          <RowLink to="/models/edit-model/$id" id={id}>
            Edit
          </RowLink>
        ))}
    </span>
  );
}
