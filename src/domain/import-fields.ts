import type { z } from 'zod/mini';
import { importedFields, type ImportedFields } from '#src/contract/import.ts';

// A row's cells checked by the contract's own fields (importedFields: the add-model rules and
// messages), each by its field's schema, as the object's schema runs them: one field after the
// other, in its order, no rule comparing two of them. Each field's answer is kept by the cell's
// text for the rest of the file: its thousands of rows repeat the same few capacities, prices and
// minimum stocks, and checking each cell through zod was a fifth of a 10,000-row preview.

type Cells = { [K in keyof ImportedFields]: string | undefined };
type FieldAnswer<T> = { success: true; data: T } | { success: false; messages: readonly string[] };
/** The row's values, or the messages of each field in error by its name (fieldErrors' shape). */
export type CheckedFields = { success: true; data: ImportedFields } | { success: false; errors: Record<string, string[]> };

/** A field's check, its answers kept by cell. */
function keptAnswers<T extends z.ZodMiniType>(field: T): (cell: string | undefined) => FieldAnswer<z.output<T>> {
  const kept = new Map<string | undefined, FieldAnswer<z.output<T>>>();
  return (cell) => {
    let answer = kept.get(cell);
    if (answer === undefined) {
      const parsed = field.safeParse(cell);
      answer = parsed.success
        ? { success: true, data: parsed.data }
        : { success: false, messages: parsed.error.issues.map((issue) => issue.message) };
      kept.set(cell, answer);
    }
    return answer;
  };
}

const FIELD_ORDER = Object.keys(importedFields.shape) as (keyof ImportedFields)[];

/** A checker of one file's rows. */
export function fieldsChecker(): (cells: Cells) => CheckedFields {
  const { shape } = importedFields;
  const checks = {
    modelName: keptAnswers(shape.modelName),
    modelCapacityKW: keptAnswers(shape.modelCapacityKW),
    modelPriceUsd: keptAnswers(shape.modelPriceUsd),
    modelMinStock: keptAnswers(shape.modelMinStock),
  };
  return (cells) => {
    // Each field by name, not in a loop over the names: a store under a different key each turn
    // is V8's slowest kind, and that loop took longer than the checks it kept.
    const answers = {
      modelName: checks.modelName(cells.modelName),
      modelCapacityKW: checks.modelCapacityKW(cells.modelCapacityKW),
      modelPriceUsd: checks.modelPriceUsd(cells.modelPriceUsd),
      modelMinStock: checks.modelMinStock(cells.modelMinStock),
    };
    const { modelName, modelCapacityKW, modelPriceUsd, modelMinStock } = answers;
    if (modelName.success && modelCapacityKW.success && modelPriceUsd.success && modelMinStock.success) {
      const data = {
        modelName: modelName.data,
        modelCapacityKW: modelCapacityKW.data,
        modelPriceUsd: modelPriceUsd.data,
        modelMinStock: modelMinStock.data,
      };
      return { success: true, data };
    }
    const errors: Record<string, string[]> = {};
    for (const name of FIELD_ORDER) {
      const answer = answers[name];
      if (!answer.success) errors[name] = [...answer.messages];
    }
    return { success: false, errors };
  };
}
