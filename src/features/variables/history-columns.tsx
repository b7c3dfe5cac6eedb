import { createColumnHelper } from '@tanstack/react-table';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import type { HistoryRow } from '#src/contract/variables.ts';
import { formatChangeDate, variableLabels } from './history-labels.ts';

const column = createColumnHelper<typeof listFeatures, HistoryRow>();

/** The Pricing History table: values as stored, exact text, never reformatted. */
export const historyColumns = column.columns([
  column.accessor('variable', { header: 'Variable', cell: (info) => variableLabels[info.getValue()] }),
  column.accessor('oldValue', { header: 'Old Value' }),
  column.accessor('newValue', { header: 'New Value' }),
  column.accessor('userName', { header: 'User' }),
  column.accessor('createdAt', { header: 'Date', cell: (info) => formatChangeDate(info.getValue()) }),
]);
