import { use, type ReactNode } from 'react';
import type { ModelRow } from '#src/contract/models.ts';
import { formatLakh } from '#src/domain/format.ts';
import { modelColumnList } from '#src/domain/model-columns.ts';
import { sizeLabel, sizeOfCapacity } from '#src/domain/model-size.ts';
import { isLowStock } from '#src/domain/stock.ts';
import { ChangeMark } from './change-mark.tsx';
import { LowBadge } from './low-badge.tsx';
import { ModelActions } from './model-actions.tsx';
import { useOffline } from '#src/features/offline/offline-controls.tsx';
import { SelectRow } from './select-cells.tsx';
import { PreviewContext, PricingContext } from './price-cells.tsx';

// The card's Total is the Total column's own value, so the card and the table can never differ.
const totalColumn = modelColumnList.find((column) => column.id === 'total')!;

/**
 * What the user may see and do on a card, worked out once for the list; the figures the user hid
 * as columns (docs/design.md §8.4) are left off the card too.
 */
export type CardAccess = { capacity: boolean; total: boolean; quantity: boolean; logs: boolean; edit: boolean };

/** '5.275 kW · 1.5 ton': the capacity as listed and as customers ask for it; '-' without one. */
function capacityText(kw: number | null, tr: string | undefined): string {
  if (kw === null) return '-';
  const size = tr === undefined ? null : sizeOfCapacity(kw, tr);
  return size === null ? `${kw} kW` : `${kw} kW · ${sizeLabel(size)}`;
}

function Figure({ term, children, strong = false }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className={`tabular-nums ${strong ? 'text-base font-semibold' : ''}`}>{children}</dd>
    </div>
  );
}

/**
 * One model on a phone (docs/design.md §8.8): its name, brand and series, kW and tons, Total,
 * Quantity for those who see stock, and the row's actions. The figures come from the same cached
 * rows and variables as the table.
 */
export function ModelCard({ row, tr, access }: { row: ModelRow; tr: string | undefined; access: CardAccess }) {
  const figures = use(PricingContext);
  const preview = use(PreviewContext);
  const total = totalColumn.cell(row, figures);
  const previewTotal = preview?.figures.prices(row)?.total;
  const headingId = `model-card-${row.id}`;
  const quantity = access.quantity && row.modelQuantity !== undefined ? row.modelQuantity : null;
  // Offline nothing can be quoted: a quote is made on the server.
  const selectable = !useOffline();
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="font-semibold [overflow-wrap:anywhere]">
          {row.modelName}
        </h2>
        {selectable && (
          <span className="print:hidden">
            <SelectRow row={row} />
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
        {row.brandName} · {row.seriesName}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {access.capacity && <Figure term="Capacity">{capacityText(row.modelCapacityKW, tr)}</Figure>}
        {access.total && (
          <Figure term="Total" strong>
            {total.kind === 'whole' && total.value !== null ? formatLakh(total.value) : '-'}
            <ChangeMark id={row.id} />
          </Figure>
        )}
        {preview && <Figure term={`Total at ${preview.rate}`}>{previewTotal === undefined ? '-' : formatLakh(previewTotal)}</Figure>}
        {quantity !== null && (
          <Figure term="Quantity">
            <span className="inline-flex items-center gap-1.5">
              {isLowStock({ quantity, minStock: row.modelMinStock ?? 0 }) && <LowBadge />}
              {formatLakh(quantity)}
            </span>
          </Figure>
        )}
      </dl>
      {(access.logs || access.edit) && (
        <div className="mt-2 text-sm">
          <ModelActions id={row.id} logs={access.logs} edit={access.edit} />
        </div>
      )}
    </article>
  );
}
