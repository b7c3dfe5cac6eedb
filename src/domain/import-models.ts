import type { ImportAction, ImportPreview, PreviewRow } from '#src/contract/import.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import type { CsvRow } from './import-rows.ts';
import { allAtOnce, turnByTurn } from './in-slices.ts';
import { nameKey } from './names.ts';
import { fieldsChecker } from './import-fields.ts';
import { keptBy, markSets, nameMarks, type MarkSets, type NameMarks } from './import-names.ts';

// What an import would do (docs/design.md §7.4), given the file's rows and the catalogue as it is:
// the preview the admin sees and the writes models/import makes, computed once here for the
// server and the mocks alike.

export type ExistingModel = {
  id: number;
  seriesId: number;
  name: string;
  capacityKw: number | null;
  priceUsd: number;
  /** Undefined while the store keeps no minimum stock: the default, 0, is compared. */
  minStock?: number;
  /** As read: an update is written only while the model still has it (docs/design.md §8.9). */
  version: number;
};
export type ImportCatalogue = {
  brands: readonly { id: number; name: string }[];
  series: readonly { id: number; brandId: number; name: string }[];
  models: readonly ExistingModel[];
};

/** A model's imported fields; minStock only when the file has the column and the cell is filled. */
export type ImportedModel = { seriesId: number; name: string; capacityKw: number | null; priceUsd: number; minStock?: number };
/**
 * What an update writes: only the fields the file has (a capacity only with its column, a minimum
 * stock only when filled; never the name, series or status), to the model as it was read.
 */
export type ModelUpdate = {
  id: number;
  name: string;
  version: number;
  priceUsd: number;
  capacityKw?: number | null;
  minStock?: number;
  changes: PreviewRow['changes'];
};
export type ImportPlan = { create: ImportedModel[]; update: ModelUpdate[] };

type Changes = PreviewRow['changes'];

const seriesKey = (brandId: number, name: string) => `${brandId}\u0000${nameKey(name)}`;

/** Rows (or catalogue entries) between two yields: a fraction of a millisecond of work (in-slices.ts). */
const SLICE_ROWS = 25;

/** The catalogue's models of one series: by name key, and the marks a new name may not share (§8.9). */
type SeriesModels = { byKey: Map<string, ExistingModel>; taken: MarkSets };

function* lookups(catalogue: ImportCatalogue) {
  const brands = new Map(catalogue.brands.map((brand) => [nameKey(brand.name), brand.id]));
  const series = new Map(catalogue.series.map((row) => [seriesKey(row.brandId, row.name), row.id]));
  const modelsOf = keptBy<number, SeriesModels>(() => ({ byKey: new Map(), taken: markSets() }));
  for (const [at, model] of catalogue.models.entries()) {
    const { byKey, taken } = modelsOf(model.seriesId);
    const marks = nameMarks(model.name);
    byKey.set(marks.key, model);
    taken.add(marks);
    if (at % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  // A file names the same few brands and series on thousands of rows: each pair is looked up once.
  const seriesByNames = keptBy<string, Map<string, number | undefined>>(() => new Map());
  const seriesOf = (row: CsvRow) => {
    const ofBrand = seriesByNames(row.brandName ?? '');
    const seriesName = row.seriesName ?? '';
    if (ofBrand.has(seriesName)) return ofBrand.get(seriesName);
    const brandId = brands.get(nameKey(row.brandName ?? ''));
    const id = brandId === undefined ? undefined : series.get(seriesKey(brandId, seriesName));
    ofBrand.set(seriesName, id);
    return id;
  };
  return { seriesOf, modelsOf };
}

/** Each imported field that differs from the model's (all of them, from null, for a new model). */
function changesOf(imported: ImportedModel, existing: ExistingModel | undefined, hasCapacity: boolean): Changes {
  const changes: Changes = {};
  // Each field by name, as the fields' checks are (import-fields.ts): no store under a different key each turn.
  const capacity = existing?.capacityKw ?? null;
  if (hasCapacity && imported.capacityKw !== capacity) changes.modelCapacityKW = [capacity, imported.capacityKw];
  const price = existing?.priceUsd ?? null;
  if (imported.priceUsd !== price) changes.modelPriceUsd = [price, imported.priceUsd];
  const minStock = existing ? (existing.minStock ?? 0) : null;
  if (imported.minStock !== undefined && imported.minStock !== minStock) changes.modelMinStock = [minStock, imported.minStock];
  return changes;
}

const echo = (row: CsvRow, action: ImportAction, changes: Changes, errors: PreviewRow['errors']): PreviewRow => ({
  line: row.line,
  brandName: row.brandName ?? '',
  seriesName: row.seriesName ?? '',
  modelName: row.modelName ?? '',
  action,
  changes,
  errors,
});

type Previewed = { preview: ImportPreview; plan: ImportPlan };

/** The preview and the plan at once (the mocks). */
export const previewImport = (rows: readonly CsvRow[], catalogue: ImportCatalogue): Previewed => allAtOnce(previewSteps(rows, catalogue));

/** The preview and the plan, the event loop let run every few hundred rows (the server). */
export const previewImportInSlices = (rows: readonly CsvRow[], catalogue: ImportCatalogue): Promise<Previewed> =>
  turnByTurn(previewSteps(rows, catalogue));

function* previewSteps(rows: readonly CsvRow[], catalogue: ImportCatalogue): Generator<void, Previewed> {
  const { seriesOf, modelsOf } = yield* lookups(catalogue);
  const checked = fieldsChecker();
  // The marks of the rows so far, by series.
  const seenIn = keptBy<number, MarkSets>(markSets);
  const plan: ImportPlan = { create: [], update: [] };
  const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
  /**
   * A row's name is taken when it looks like (§8.9) a model of its series that it does not name,
   * or is an earlier row's or looks like it: the later row is the one in the way.
   */
  const isTaken = (seriesId: number, marks: NameMarks, existing: ExistingModel | undefined) => {
    if (!existing && modelsOf(seriesId).taken.has(marks)) return true;
    const seen = seenIn(seriesId);
    const again = seen.has(marks);
    seen.add(marks);
    return again;
  };

  const previewRows: PreviewRow[] = [];
  for (const [at, row] of rows.entries()) {
    previewRows.push(previewRow(row));
    if (at % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return { preview: { rows: previewRows, summary }, plan };

  function previewRow(row: CsvRow): PreviewRow {
    // A ragged row or one with a cell too long: its cells cannot be trusted to be in their columns.
    if (row.rowErrors.length > 0) {
      summary.error += 1;
      return echo(row, 'error', {}, { row: row.rowErrors });
    }
    const parsed = checked(row);
    const errors = parsed.success ? {} : parsed.errors;
    const seriesId = seriesOf(row);
    if (seriesId === undefined) errors.seriesName = [fieldMessages.unknownSeries];
    const marks = seriesId !== undefined && parsed.success ? nameMarks(parsed.data.modelName) : undefined;
    const existing = seriesId !== undefined && marks ? modelsOf(seriesId).byKey.get(marks.key) : undefined;
    if (seriesId !== undefined && marks && isTaken(seriesId, marks, existing)) errors.modelName = [fieldMessages.modelNameTaken];

    let action: ImportAction = 'error';
    let changes: Changes = {};
    if (parsed.success && seriesId !== undefined && Object.keys(errors).length === 0) {
      const { modelName, modelCapacityKW, modelPriceUsd, modelMinStock } = parsed.data;
      const hasCapacity = row.modelCapacityKW !== undefined;
      const imported: ImportedModel = {
        seriesId,
        // A match keeps its stored name: the name is how the row found it, not a field it sets.
        name: existing?.name ?? modelName,
        capacityKw: hasCapacity ? modelCapacityKW : (existing?.capacityKw ?? null),
        priceUsd: modelPriceUsd,
        ...(modelMinStock !== undefined && { minStock: modelMinStock }),
      };
      changes = changesOf(imported, existing, hasCapacity);
      if (!existing) {
        action = 'create';
        plan.create.push(imported);
      } else if (Object.keys(changes).length > 0) {
        action = 'update';
        plan.update.push({
          id: existing.id,
          name: existing.name,
          version: existing.version,
          priceUsd: modelPriceUsd,
          ...(hasCapacity && { capacityKw: modelCapacityKW }),
          ...(modelMinStock !== undefined && { minStock: modelMinStock }),
          changes,
        });
      } else action = 'unchanged';
    }
    summary[action] += 1;
    return echo(row, action, changes, errors);
  }
}
