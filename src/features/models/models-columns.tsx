import { createColumnHelper } from '@tanstack/react-table';
import type { ListColumn, listFeatures } from '#src/components/data-table/data-table.tsx';
import { RowLink } from '#src/components/list-links.tsx';
import { StatusBadge } from '#src/components/status-badge.tsx';
import type { ModelRow } from '#src/contract/models.ts';
import { mayAccess, type Access } from '#src/domain/access.ts';
import { formatLakh, formatUsd } from '#src/domain/format.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { modelsListAccess } from '#src/domain/screens.ts';
import { capacityTrColumn, priceColumn } from './price-cells.tsx';

const column = createColumnHelper<typeof listFeatures, ModelRow>();

// docs/product.md §2 shows a series once per run of equal series. The brand column is hidden, so a series of
// the same name under the next brand still starts a new run.
const startsRun = (rows: readonly ModelRow[], index: number) => {
  const previous = rows[index - 1];
  const row = rows[index];
  return !previous || !row || previous.seriesName !== row.seriesName || previous.brandName !== row.brandName;
};

// The hidden Brand column of docs/product.md §2 is not rendered; the brand stays at hand as the series' tooltip.
const seriesColumn = column.accessor('seriesName', {
  header: 'Series',
  cell: (info) =>
    startsRun(info.table.options.data, info.row.index) ? (
      <span title={`Brand: ${info.row.original.brandName}`}>{info.getValue()}</span>
    ) : null,
});

const modelColumn = column.accessor('modelName', { header: 'Model' });

const capacityKwColumn = column.accessor('modelCapacityKW', {
  header: 'Capacity-KW',
  meta: { numeric: true },
  cell: (info) => info.getValue() ?? '-',
});

const priceUsdColumn = column.accessor('modelPriceUsd', {
  id: 'priceUsd',
  header: 'Price USD',
  meta: { numeric: true },
  cell: (info) => <span className="tabular-nums">{formatUsd(info.getValue())}</span>,
});

const quantityColumn = column.accessor('modelQuantity', {
  header: 'Quantity',
  meta: { numeric: true },
  // Shown only to the roles whose rows carry the quantity (src/domain/model-fields.ts).
  cell: (info) => {
    const quantity = info.getValue();
    return quantity === undefined ? null : <span className="tabular-nums">{formatLakh(quantity)}</span>;
  },
});

const statusColumn = column.accessor('modelIsActive', {
  id: 'status',
  header: 'Status',
  cell: (info) => <StatusBadge active={info.getValue() === 1} />,
});

function actionsColumn(logs: boolean, edit: boolean): ListColumn<ModelRow> {
  return column.display({
    id: 'actions',
    header: 'Actions',
    meta: { pinRight: true },
    cell: (info) => {
      const id = info.row.original.id;
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
    },
  });
}

const pricePkrColumn = priceColumn('pricePkr', 'Price PKR');
const fareColumn = priceColumn('fare', 'Fare');
const dutiesColumn = priceColumn('duties', 'Duties');
const costColumn = priceColumn('cost', 'Cost');
const profitColumn = priceColumn('profit', 'Profit');
const totalColumn = priceColumn('total', 'Total');

/**
 * The columns this user may see (docs/product.md §6, `modelsListAccess`), in docs/product.md §2's order. They depend on
 * the user only: the prices come from `PricingContext`, so a new exchange rate leaves the columns,
 * and with them the table's row model, as they are.
 */
export function modelColumns(user: SessionUser | null): ListColumn<ModelRow>[] {
  const may = (access: Access) => mayAccess(user, access);
  const gated: [Access, ListColumn<ModelRow>][] = [
    [modelsListAccess.capacityTr, capacityTrColumn],
    [modelsListAccess.priceUsd, priceUsdColumn],
    [modelsListAccess.pricePkr, pricePkrColumn],
    [modelsListAccess.fare, fareColumn],
    [modelsListAccess.duties, dutiesColumn],
    [modelsListAccess.cost, costColumn],
    [modelsListAccess.profit, profitColumn],
    [modelsListAccess.total, totalColumn],
    [modelsListAccess.quantity, quantityColumn],
    [modelsListAccess.status, statusColumn],
  ];
  const columns = [seriesColumn, modelColumn, capacityKwColumn, ...gated.filter(([access]) => may(access)).map(([, col]) => col)];
  const logs = may(modelsListAccess.logs);
  const edit = may(modelsListAccess.edit);
  if (logs || edit) columns.push(actionsColumn(logs, edit));
  return columns;
}
