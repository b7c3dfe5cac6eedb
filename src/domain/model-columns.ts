import type { ModelRow, ModelSortKey } from '#src/contract/models.ts';
import { mayAccess, type Access } from './access.ts';
import type { ModelFigures } from './model-figures.ts';
import type { Prices } from './prices.ts';
import type { SessionUser } from './roles.ts';
import { modelsListAccess } from './screens.ts';

/**
 * One cell of the models list, before it is formatted: the screen groups figures (lakh, `$`), a
 * sheet writes them plain (src/domain/model-export.ts), both from this same value.
 */
export type ModelCell =
  | { kind: 'text'; text: string }
  | { kind: 'usd'; value: number }
  /** A whole amount (prices in local currency, stock); null when it cannot be worked out. */
  | { kind: 'whole'; value: bigint | number | null }
  /** A capacity, already as its decimal text; null when empty. */
  | { kind: 'decimal'; text: string | null }
  | { kind: 'status'; active: boolean };

export type ModelColumnId =
  | 'series'
  | 'model'
  | 'capacityKw'
  | 'capacityTr'
  | 'priceUsd'
  | 'pricePkr'
  | 'fare'
  | 'duties'
  | 'cost'
  | 'profit'
  | 'total'
  | 'quantity'
  | 'status';

export type ModelColumn = {
  id: ModelColumnId;
  title: string;
  access: Access;
  /** The `sort` key its header asks for; none when the column cannot be sorted. */
  sort?: ModelSortKey;
  /** Its cell reads the figures worked out from the variables, so it changes with a new rate. */
  followsVariables?: true;
  cell: (row: ModelRow, figures: ModelFigures) => ModelCell;
};

const text = (value: string): ModelCell => ({ kind: 'text', text: value });
const whole = (value: bigint | number | null | undefined): ModelCell => ({ kind: 'whole', value: value ?? null });

const priceColumn = (id: ModelColumnId, title: string, access: Access, field: keyof Prices): ModelColumn => ({
  id,
  title,
  access,
  followsVariables: true,
  cell: (row, figures) => whole(figures.prices(row)?.[field]),
});

/**
 * The columns of the models list (docs/product.md §2 order, §6 access), without the Logs/Edit
 * actions: the screen and the export both take their titles and values from here. Every figure in
 * local currency follows the USD price, so Total sorts by `price` (the one price column Sales see).
 */
export const modelColumnList: readonly ModelColumn[] = [
  { id: 'series', title: 'Series', access: modelsListAccess.total, sort: 'name', cell: (row) => text(row.seriesName) },
  { id: 'model', title: 'Model', access: modelsListAccess.total, sort: 'model', cell: (row) => text(row.modelName) },
  {
    id: 'capacityKw',
    title: 'Capacity-KW',
    access: modelsListAccess.total,
    sort: 'capacity',
    cell: (row) => ({ kind: 'decimal', text: row.modelCapacityKW === null ? null : String(row.modelCapacityKW) }),
  },
  {
    id: 'capacityTr',
    title: 'Capacity-TR',
    access: modelsListAccess.capacityTr,
    sort: 'capacity',
    followsVariables: true,
    cell: (row, figures) => {
      const tr = figures.capacityTr(row);
      return { kind: 'decimal', text: tr === '-' ? null : tr };
    },
  },
  {
    id: 'priceUsd',
    title: 'Price USD',
    access: modelsListAccess.priceUsd,
    sort: 'price',
    // Sent to every role this column is shown to (src/domain/model-fields.ts).
    cell: (row) => (row.modelPriceUsd === undefined ? whole(null) : { kind: 'usd', value: row.modelPriceUsd }),
  },
  priceColumn('pricePkr', 'Price PKR', modelsListAccess.pricePkr, 'pkr'),
  priceColumn('fare', 'Fare', modelsListAccess.fare, 'fare'),
  priceColumn('duties', 'Duties', modelsListAccess.duties, 'duties'),
  priceColumn('cost', 'Cost', modelsListAccess.cost, 'cost'),
  priceColumn('profit', 'Profit', modelsListAccess.profit, 'profit'),
  {
    id: 'total',
    title: 'Total',
    access: modelsListAccess.total,
    sort: 'price',
    followsVariables: true,
    // The server's Total where the row carries it (Sales, docs/design.md §8.9), else worked out here.
    cell: (row, figures) => whole(row.modelTotal === undefined ? figures.prices(row)?.total : row.modelTotal),
  },
  { id: 'quantity', title: 'Quantity', access: modelsListAccess.quantity, sort: 'quantity', cell: (row) => whole(row.modelQuantity) },
  { id: 'status', title: 'Status', access: modelsListAccess.status, cell: (row) => ({ kind: 'status', active: row.modelIsActive === 1 }) },
];

/** The columns this user sees, in the screen's order. */
export const modelColumnsSeen = (user: SessionUser | null) => modelColumnList.filter((column) => mayAccess(user, column.access));
