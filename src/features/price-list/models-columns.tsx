import { createColumnHelper } from '@tanstack/react-table';
import { use } from 'react';
import type { ListColumn, listFeatures } from '#src/components/data-table/data-table.tsx';
import { StatusBadge } from '#src/components/status-badge.tsx';
import type { ModelRow } from '#src/contract/models.ts';
import { mayAccess } from '#src/domain/access.ts';
import { modelColumnsSeen, type ModelColumn, type ModelColumnId } from '#src/domain/model-columns.ts';
import { formatLakh, formatUsd } from '#src/domain/format.ts';
import { modelFigures } from '#src/domain/model-figures.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { modelsListAccess } from '#src/domain/screens.ts';
import { isLowStock } from '#src/domain/stock.ts';
import { ChangeMark } from './change-mark.tsx';
import { LowBadge } from './low-badge.tsx';
import { ModelActions } from './model-actions.tsx';
import { PricingContext, previewTotalColumn } from './price-cells.tsx';
import { selectColumn } from './select-cells.tsx';
import { SortHeader } from './sort-header.tsx';

const column = createColumnHelper<typeof listFeatures, ModelRow>();

// docs/product.md §2 shows a series once per run of equal series. The brand column is hidden, so a series of
// the same name under the next brand still starts a new run.
const startsRun = (rows: readonly ModelRow[], index: number) => {
  const previous = rows[index - 1];
  const row = rows[index];
  return !previous || !row || previous.seriesName !== row.seriesName || previous.brandName !== row.brandName;
};

// Only the cells worked out from the variables (`followsVariables`) read the figures, so only they
// re-render for a new exchange rate: the others' cells, a third of a row's, cost nothing in the
// EXCH repaint (issue 37).
const unreadFigures = modelFigures(undefined);

/** A cell as the screen shows it: figures lakh-grouped, USD with `$`, '-' for nothing. */
function ModelCellView({ definition, row }: { definition: ModelColumn; row: ModelRow }) {
  // `use` may be called conditionally; a column's cells always take the same branch.
  const figures = definition.followsVariables ? use(PricingContext) : unreadFigures;
  const cell = definition.cell(row, figures);
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'usd':
      return <span className="tabular-nums">{formatUsd(cell.value)}</span>;
    case 'whole':
      return <span className="tabular-nums">{cell.value === null ? '-' : formatLakh(cell.value)}</span>;
    case 'decimal':
      return cell.text ?? '-';
    case 'status':
      return <StatusBadge active={cell.active} />;
  }
}

// Stock is sent only to the roles that see it (src/domain/model-fields.ts): nothing rather than '-'.
const hiddenWhenAbsent = (definition: ModelColumn, row: ModelRow) => definition.id === 'quantity' && row.modelQuantity === undefined;

// Figures line up on the right at a desk (docs/design.md §7.7).
const NUMERIC: ReadonlySet<ModelColumnId> = new Set([
  'capacityKw',
  'capacityTr',
  'priceUsd',
  'pricePkr',
  'fare',
  'duties',
  'cost',
  'profit',
  'total',
  'quantity',
]);

function listColumn(definition: ModelColumn): ListColumn<ModelRow> {
  const header = () => (definition.sort ? <SortHeader title={definition.title} sortKey={definition.sort} /> : definition.title);
  const meta = { numeric: NUMERIC.has(definition.id) };
  if (definition.id === 'series') {
    // The hidden Brand column of docs/product.md §2 is not rendered; the brand stays at hand as the series' tooltip.
    return column.display({
      id: definition.id,
      header,
      cell: (info) =>
        startsRun(info.table.options.data, info.row.index) ? (
          <span title={`Brand: ${info.row.original.brandName}`}>{info.row.original.seriesName}</span>
        ) : null,
    });
  }
  if (definition.id === 'quantity') {
    // 'Low' beside a quantity at or below its minimum stock (docs/design.md §7.3).
    return column.display({
      id: definition.id,
      header,
      meta,
      cell: (info) => {
        const row = info.row.original;
        if (hiddenWhenAbsent(definition, row)) return null;
        const low = isLowStock({ quantity: row.modelQuantity!, minStock: row.modelMinStock ?? 0 });
        return (
          <span className="inline-flex items-center gap-1.5">
            {low && <LowBadge />}
            <ModelCellView definition={definition} row={row} />
          </span>
        );
      },
    });
  }
  if (definition.id === 'total') {
    // ▲ or ▼ where the Total moved since the user's last visit (docs/design.md §8.2).
    return column.display({
      id: definition.id,
      header,
      meta,
      cell: (info) => (
        <>
          <ModelCellView definition={definition} row={info.row.original} />
          <ChangeMark id={info.row.original.id} />
        </>
      ),
    });
  }
  return column.display({
    id: definition.id,
    header,
    meta,
    cell: (info) =>
      hiddenWhenAbsent(definition, info.row.original) ? null : <ModelCellView definition={definition} row={info.row.original} />,
  });
}

function actionsColumn(logs: boolean, edit: boolean): ListColumn<ModelRow> {
  return column.display({
    id: 'actions',
    header: 'Actions',
    meta: { pinRight: true },
    cell: (info) => <ModelActions id={info.row.original.id} logs={logs} edit={edit} />,
  });
}

/**
 * The columns this user may see (src/domain/model-columns.ts, which the export reads too), or those
 * of them `shown` names (the user's choice, docs/design.md §8.4), right after Total the preview of a
 * typed rate for a user who may type one (docs/design.md §7.2; hidden while none is), then the row
 * actions; first, every role's selection (§8.1), but offline. They depend on the user, the choice
 * and being offline only: the prices come from `PricingContext` and `PreviewContext`, so a new or
 * newly typed exchange rate leaves the columns, and with them the table's row model, as they are.
 */
export function modelColumns(
  user: SessionUser | null,
  { shown, offline = false }: { shown?: readonly string[] | undefined; offline?: boolean } = {},
): ListColumn<ModelRow>[] {
  // Offline nothing can be quoted (docs/design.md §8.6): a quote is made on the server; nor is a rate typed.
  const columns = offline ? [] : [selectColumn];
  const previews = !offline && mayAccess(user, modelsListAccess.exchBox);
  const definitions = modelColumnsSeen(user).filter((definition) => !shown || shown.includes(definition.title));
  columns.push(
    ...definitions.flatMap((definition) =>
      previews && definition.id === 'total' ? [listColumn(definition), previewTotalColumn] : [listColumn(definition)],
    ),
  );
  const logs = mayAccess(user, modelsListAccess.logs);
  const edit = mayAccess(user, modelsListAccess.edit);
  if (logs || edit) columns.push(actionsColumn(logs, edit));
  return columns;
}
