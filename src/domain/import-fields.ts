import { importedFields, type ImportedFields } from '#src/contract/import.ts';

// A row's cells checked by the contract's own fields (importedFields: the add-model rules and
// messages), each by its field's schema, as the object's schema runs them: one field after the
// other, in its order, no rule comparing two of them. Each field's answer is kept by the cell's
// text for the rest of the file: its thousands of rows repeat the same few capacities, prices and
// minimum stocks, and checking each cell through zod was a fifth of a 10,000-row preview.

type Cells = { [K in keyof ImportedFields]: string | undefined };
type FieldAnswer = { success: true; data: unknown } | { success: false; messages: string[] };
/** The row's values, or the messages of each field in error by its name (fieldErrors' shape). */
export type CheckedFields = { success: true; data: ImportedFields } | { success: false; errors: Record<string, string[]> };

const FIELDS = Object.entries(importedFields.shape) as [keyof ImportedFields, (typeof importedFields.shape)[keyof ImportedFields]][];

function answerOf(field: (typeof FIELDS)[number][1], cell: string | undefined): FieldAnswer {
  const parsed = field.safeParse(cell);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, messages: parsed.error.issues.map((issue) => issue.message) };
}

/** A checker of one file's rows, keeping each field's answers by cell. */
export function fieldsChecker(): (cells: Cells) => CheckedFields {
  const answers = new Map(FIELDS.map(([name]) => [name, new Map<string | undefined, FieldAnswer>()]));
  return (cells) => {
    const data: Record<string, unknown> = {};
    let errors: Record<string, string[]> | undefined;
    for (const [name, field] of FIELDS) {
      const kept = answers.get(name)!;
      const cell = cells[name];
      let answer = kept.get(cell);
      if (answer === undefined) kept.set(cell, (answer = answerOf(field, cell)));
      if (answer.success) data[name] = answer.data;
      else (errors ??= {})[name] = [...answer.messages];
    }
    return errors ? { success: false, errors } : { success: true, data: data as ImportedFields };
  };
}
