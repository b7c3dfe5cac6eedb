import { createColumnHelper } from '@tanstack/react-table';
import { createContext, use } from 'react';
import type { ListColumn, listFeatures } from '#src/components/data-table/data-table.tsx';
import type { ModelRow } from '#src/contract/models.ts';
import type { Variables } from '#src/contract/variables.ts';
import { formatLakh } from '#src/domain/format.ts';
import { capacityTr, computePrices, preparePriceVariables, type PreparedPriceVariables, type Prices } from '#src/domain/prices.ts';

/**
 * What the computed cells read: a row's local-currency figures (null when the variables are
 * unknown or unusable) and its capacity in TR. The columns stay the same when the variables
 * change, so the table keeps its row model; only the cells that read this follow a new rate.
 */
type Pricing = {
  prices: (row: ModelRow) => Prices | null;
  capacityTr: (row: ModelRow) => string;
};

function prepare(variables: Variables | undefined): PreparedPriceVariables | null {
  if (!variables) return null;
  try {
    return preparePriceVariables(variables);
  } catch {
    return null;
  }
}

/**
 * The variables are parsed once, and a row's prices worked out once for the six cells that show
 * them, when a cell on screen first asks: of 10,000 rows, only those rendered cost anything.
 */
export function pricing(variables: Variables | undefined): Pricing {
  const prepared = prepare(variables);
  const cache = new WeakMap<ModelRow, Prices | null>();
  const tr = variables?.tr ?? '';
  return {
    prices: (row) => {
      if (!prepared) return null;
      let prices = cache.get(row);
      if (prices === undefined) {
        try {
          prices = computePrices(row.modelPriceUsd, prepared);
        } catch {
          prices = null;
        }
        cache.set(row, prices);
      }
      return prices;
    },
    capacityTr: (row) => capacityTr(row.modelCapacityKW, tr),
  };
}

export const PricingContext = createContext<Pricing>(pricing(undefined));

const column = createColumnHelper<typeof listFeatures, ModelRow>();

type PriceColumnId = 'pricePkr' | 'fare' | 'duties' | 'cost' | 'profit' | 'total';

function PriceCell({ row, field }: { row: ModelRow; field: keyof Prices }) {
  const prices = use(PricingContext).prices(row);
  return <span className="tabular-nums">{prices ? formatLakh(prices[field]) : '-'}</span>;
}

function CapacityTrCell({ row }: { row: ModelRow }) {
  return use(PricingContext).capacityTr(row);
}

/** One whole-number, lakh-grouped figure of the row's prices ('-' when it cannot be worked out). */
export function priceColumn(id: PriceColumnId, header: string): ListColumn<ModelRow> {
  const field = id === 'pricePkr' ? 'pkr' : id;
  return column.display({ id, header, meta: { numeric: true }, cell: (info) => <PriceCell row={info.row.original} field={field} /> });
}

/** kW ÷ tr to two decimals, '-' without a capacity. */
export const capacityTrColumn = column.display({
  id: 'capacityTr',
  header: 'Capacity-TR',
  meta: { numeric: true },
  cell: (info) => <CapacityTrCell row={info.row.original} />,
});
