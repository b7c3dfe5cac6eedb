import type { Variables } from '#src/contract/variables.ts';
import { lineFigures, unitFigures } from '#src/domain/quotes.ts';
import type { CatalogueRow, MockFixedLine, MockQuoteLine, MockVariableChange } from './store-shape.ts';

// A quote line's names and figures at some variables: what sending fixes, and what a draft shows at
// every read. Only src/domain's price rules, so the seed can price its quotes without a store.

export function pricedLine(
  { model, series, brand }: CatalogueRow,
  line: Pick<MockQuoteLine, 'qty' | 'discountPerUnit'>,
  variables: Variables,
): MockFixedLine {
  const { unitTotal, lineTotal } = lineFigures(unitFigures(model.priceUsd, variables).total, line.discountPerUnit, line.qty);
  return { brandName: brand.name, seriesName: series.name, modelName: model.name, modelCapacityKW: model.capacityKw, unitTotal, lineTotal };
}

/** When the EXCH in force was set: its last change on record, or null without one. */
export function exchSetAt(history: readonly MockVariableChange[]): string | null {
  const changes = history.filter((change) => change.variable === 'exch');
  return (
    changes.reduce<MockVariableChange | null>((last, change) => (last === null || change.id > last.id ? change : last), null)?.createdAt ??
    null
  );
}

/** The five variables without the record's version. */
export const variablesOf = ({ tr, exch, fare, duties, profit }: Variables): Variables => ({ tr, exch, fare, duties, profit });
