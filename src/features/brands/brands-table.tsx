import { createColumnHelper } from '@tanstack/react-table';
import type { Brand } from '#src/contract/brands.ts';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import { editColumn } from '#src/components/data-table/edit-column.tsx';
import { StatusBadge } from '#src/components/status-badge.tsx';

const column = createColumnHelper<typeof listFeatures, Brand>();

export const brandColumns = column.columns([
  column.accessor('brandName', { header: 'Name' }),
  column.accessor('brandImage', {
    header: 'Image',
    cell: (info) => <img src={info.getValue()} alt={`${info.row.original.brandName} logo`} className="h-10 w-10 rounded object-contain" />,
  }),
  column.accessor('brandIsActive', { header: 'Status', cell: (info) => <StatusBadge active={info.getValue() === 1} /> }),
  editColumn<Brand>('/brands/edit-brand/$id'),
]);
