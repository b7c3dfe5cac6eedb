import { RowLink } from '#src/components/list-links.tsx';

/** A model's Logs and Edit links, as far as the user may open them: the table's last column and a card's foot. */
export function ModelActions({ id, logs, edit }: { id: number; logs: boolean; edit: boolean }) {
  return (
    <span className="flex gap-3">
      {logs && (
        <RowLink to="/models/log-model/$id" id={id}>
          Logs
        </RowLink>
      )}
      {edit && (
        <RowLink to="/models/edit-model/$id" id={id}>
          Edit
        </RowLink>
      )}
    </span>
  );
}
