import { createColumnHelper } from '@tanstack/react-table';
import type { Series } from '../../contract/series.ts';
import type { ListColumn, listFeatures } from '../../components/data-table/data-table.tsx';
import { RowLink } from '../../components/list-links.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';

const column = createColumnHelper<typeof listFeatures, Series>();

const baseColumns = [
  column.accessor('seriesName', { header: 'Name' }),
  column.accessor('seriesImage', {
    header: 'Image',
    cell: (info) => <img src={info.getValue()} alt={`${info.row.original.seriesName} series`} className="h-10 w-10 rounded object-contain" />,
  }),
  column.accessor('brandName', { header: 'Brand' }),
  column.accessor('seriesIsActive', { header: 'Status', cell: (info) => <StatusBadge active={info.getValue() === 1} /> }),
] as ListColumn<Series>[];

const editColumn = column.display({
  id: 'edit',
  header: 'Edit',
  cell: (info) => (
    <RowLink to="/series/edit-series/$id" params={{ id: String(info.row.original.id) }}>
      Edit
    </RowLink>
  ),
}) as ListColumn<Series>;

export const seriesColumns = { withEdit: [...baseColumns, editColumn], readOnly: baseColumns };
