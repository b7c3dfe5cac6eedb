import { createColumnHelper, type RowData } from '@tanstack/react-table';
import { RowLink, type RecordPath } from '#src/components/list-links.tsx';
import type { ListColumn, listFeatures } from './data-table.tsx';

/** A list's Edit action: a link to the row's edit screen (`…/$id`). */
export function editColumn<Row extends RowData & { id: number }>(to: RecordPath): ListColumn<Row> {
  const column = createColumnHelper<typeof listFeatures, Row>();
  return column.display({
    id: 'edit',
    header: 'Edit',
    meta: { pinRight: true },
    cell: (info) => (
      <RowLink to={to} id={info.row.original.id}>
        Edit
      </RowLink>
    ),
  });
}
