import { createColumnHelper } from '@tanstack/react-table';
import type { Series } from '#src/contract/series.ts';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import { editColumn } from '#src/components/data-table/edit-column.tsx';
import { StatusBadge } from '#src/components/status-badge.tsx';

const column = createColumnHelper<typeof listFeatures, Series>();

export const seriesColumns = column.columns([
  column.accessor('seriesName', { header: 'Name' }),
  column.accessor('seriesImage', {
    header: 'Image',
    cell: (info) => (
      <img src={info.getValue()} alt={`${info.row.original.seriesName} series`} className="h-10 w-10 rounded object-contain" />
    ),
  }),
  column.accessor('brandName', { header: 'Brand' }),
  column.accessor('seriesIsActive', { header: 'Status', cell: (info) => <StatusBadge active={info.getValue() === 1} /> }),
  editColumn<Series>('/series/edit-series/$id'),
]);
