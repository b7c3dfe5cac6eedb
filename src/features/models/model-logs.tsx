import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { LogRow, ModelDetail } from '#src/contract/models.ts';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import { TextField } from '#src/components/form-fields.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { formatLakh, formatUsd } from '#src/domain/format.ts';
import { screenAccess } from '#src/domain/screens.ts';
import type { StoredUser } from '#src/lib/session.ts';
import { formatLogDate, formatLogQuantity } from './log-format.ts';

const column = createColumnHelper<typeof listFeatures, LogRow>();

export const logColumns = column.columns([
  column.accessor('quantity', { header: 'Quantity', meta: { numeric: true }, cell: (info) => formatLogQuantity(info.row.original) }),
  column.accessor('name', { header: 'User' }),
  column.accessor('created_at', { header: 'Date', cell: (info) => formatLogDate(info.getValue()) }),
  column.accessor('note', { header: 'Note', cell: (info) => info.getValue() ?? '' }),
]);

/** The model the log belongs to, read-only. */
export function ModelSummary({ model }: { model: ModelDetail }) {
  const fields = [
    { label: 'Model Name', value: model.modelName },
    { label: 'Brand', value: model.brandName },
    { label: 'Series', value: model.seriesName },
    { label: 'Capacity in KW', value: model.modelCapacityKW === null ? '-' : String(model.modelCapacityKW) },
    { label: 'Price in Usd', value: formatUsd(model.modelPriceUsd) },
    { label: 'Quantity', value: formatLakh(model.modelQuantity) },
  ];
  return (
    <div className="grid gap-x-4 md:grid-cols-2 lg:grid-cols-3">
      {fields.map((field) => (
        <TextField key={field.label} label={field.label} value={field.value} readOnly />
      ))}
    </div>
  );
}

const stockLinkClass = 'rounded border border-brand px-3 py-1 text-sm font-medium text-brand hover:bg-brand hover:text-white';

/** Add Stock and Remove Stock with this model picked, for whoever may open those screens (docs/design.md §8.8). */
export function StockLinks({ user, modelId }: { user: StoredUser | null; modelId: number }) {
  return (
    <>
      {mayAccess(user, screenAccess.addStock) && (
        <Link to="/models/add-stock" search={{ modelId }} className={stockLinkClass}>
          Add Stock
        </Link>
      )}
      {mayAccess(user, screenAccess.removeStock) && (
        <Link to="/models/remove-stock" search={{ modelId }} className={stockLinkClass}>
          Remove Stock
        </Link>
      )}
    </>
  );
}
