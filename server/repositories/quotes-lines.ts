import { InputError } from '#src/contract/errors.ts';
import { quoteMessages, type QuoteLineInput } from '#src/contract/quotes.ts';
import type { Variables } from '#src/contract/variables.ts';
import type { PreparedPriceVariables, PriceVariables } from '#src/domain/prices.ts';
import { discountProblem, lineFigures, unitFigures, type LineFigures } from '#src/domain/quotes.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import type { Db } from '#server/db/connect.ts';
import { LIST_COLUMNS, modelsWithNames } from './models-list.ts';
import { usdFromCents } from './model-units.ts';

// A quote's lines against the catalogue (docs/design.md §8.1): each model's names, price and stock
// read together, and each line priced by src/domain, the price list's own code.

export type CatalogueModel = {
  id: number;
  brandName: string;
  seriesName: string;
  modelName: string;
  capacityMilliKw: number | null;
  priceCents: number;
  /** The model, its series and its brand all active. */
  sellable: boolean;
  quantity: number;
};

export type Catalogue = Map<number, CatalogueModel>;

/** A model's columns as a line reads it (with the models/series/brands join of modelsWithNames). */
export const CATALOGUE_COLUMNS = [
  ...LIST_COLUMNS,
  'models.quantity',
  'models.is_active',
  'series.is_active as series_active',
  'brands.is_active as brand_active',
] as const;

type CatalogueRow = {
  id: number;
  brand_name: string;
  series_name: string;
  name: string;
  capacity_milli_kw: number | null;
  price_cents: number;
  quantity: number;
  is_active: number;
  series_active: number;
  brand_active: number;
};

/** A model as CATALOGUE_COLUMNS read it. */
export const catalogueModelOf = (row: CatalogueRow): CatalogueModel => ({
  id: row.id,
  brandName: row.brand_name,
  seriesName: row.series_name,
  modelName: row.name,
  capacityMilliKw: row.capacity_milli_kw === null ? null : Number(row.capacity_milli_kw),
  priceCents: Number(row.price_cents),
  sellable: row.is_active === 1 && row.series_active === 1 && row.brand_active === 1,
  quantity: Number(row.quantity),
});

/** The models of these ids as they are now, by id; an unknown id is missing. */
export async function readCatalogue(db: Db, modelIds: readonly number[]): Promise<Catalogue> {
  if (modelIds.length === 0) return new Map();
  const rows = await modelsWithNames(db)
    .select(CATALOGUE_COLUMNS)
    .where('models.id', 'in', [...new Set(modelIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, catalogueModelOf(row)]));
}

export type PricedLine = LineFigures & {
  lineNo: number;
  modelId: number;
  model: CatalogueModel;
  unit: { total: bigint; cost: bigint };
};

/** A line's figures and its unit's, from its model's price at these variables (parsed once, for many lines). */
export function lineAt(
  priceCents: number,
  line: Pick<QuoteLineInput, 'qty' | 'discountPerUnit'>,
  variables: PriceVariables | PreparedPriceVariables,
): LineFigures & { unit: { total: bigint; cost: bigint } } {
  const unit = unitFigures(usdFromCents(priceCents), variables);
  return { ...lineFigures(unit.total, line.discountPerUnit, line.qty), unit };
}

/** A line at these variables, unchecked (a draft read as it is now). */
export function priceLine(line: QuoteLineInput, lineNo: number, model: CatalogueModel, variables: Variables): PricedLine {
  return { ...lineAt(model.priceCents, line, variables), lineNo, modelId: line.modelId, model };
}

/**
 * The lines priced at these variables, or a 422 naming every line's problem under `lines.N.…`:
 * an unknown or inactive model, a discount above the unit Total, or, for Managers and Sales, one
 * that sells below Cost (the floor).
 */
export function checkedLines(
  lines: readonly QuoteLineInput[],
  catalogue: Catalogue,
  variables: Variables,
  user: SessionUser,
): PricedLine[] {
  const errors: Record<string, string[]> = {};
  const priced: PricedLine[] = [];
  lines.forEach((line, index) => {
    const model = catalogue.get(line.modelId);
    if (!model || !model.sellable) {
      errors[`lines.${index}.modelId`] = [model ? quoteMessages.inactiveModel : quoteMessages.invalidModel];
      return;
    }
    const pricedLine = priceLine(line, index + 1, model, variables);
    const problem = discountProblem(line, pricedLine.unit, user);
    if (problem) errors[`lines.${index}.discountPerUnit`] = [quoteMessages[problem]];
    priced.push(pricedLine);
  });
  if (Object.keys(errors).length > 0) throw new InputError(errors);
  return priced;
}
