import { createColumnHelper } from '@tanstack/react-table';
import type { ListColumn, listFeatures } from '../../components/data-table/data-table.tsx';
import type { ModelRow } from '../../contract/models.ts';
import type { Variables } from '../../contract/variables.ts';
import { computePrices, preparePriceVariables, type PreparedPriceVariables, type Prices } from '../../domain/prices.ts';
import { formatLakh } from '../../domain/format.ts';

/** A row's local-currency figures, or null when the variables are unknown or unusable. */
export type PriceLookup = (row: ModelRow) => Prices | null;

function prepare(variables: Variables | undefined): PreparedPriceVariables | null {
  if (!variables) return null;
  try {
    return preparePriceVariables(variables);
  } catch {
    return null;
  }
}

/**
 * The variables are parsed once, and each row's prices worked out once for all six cells that
 * show them; a new exchange rate makes a new lookup, so every figure follows it.
 */
export function priceLookup(variables: Variables | undefined): PriceLookup {
  const prepared = prepare(variables);
  const cache = new WeakMap<ModelRow, Prices | null>();
  return (row) => {
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
  };
}

const column = createColumnHelper<typeof listFeatures, ModelRow>();

export type PriceColumnId = 'pricePkr' | 'fare' | 'duties' | 'cost' | 'profit' | 'total';

/** One whole-number, lakh-grouped figure of the row's prices ('-' when it cannot be worked out). */
export function priceColumn(id: PriceColumnId, header: string, lookup: PriceLookup): ListColumn<ModelRow> {
  const field = id === 'pricePkr' ? 'pkr' : id;
  return column.display({
    id,
    header,
    cell: (info) => {
      const prices = lookup(info.row.original);
      return <span className="tabular-nums">{prices ? formatLakh(prices[field]) : '-'}</span>;
    },
  }) as ListColumn<ModelRow>;
}
