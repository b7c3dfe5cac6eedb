import { fieldError } from '#src/contract/errors.ts';
import type { ModelRow } from '#src/contract/models.ts';
import { viewMessages } from '#src/contract/views.ts';
import { toFixedHalfUp } from './decimal.ts';
import { modelColumnsSeen, type ModelCell, type ModelColumn } from './model-columns.ts';
import type { ModelFigures } from './model-figures.ts';
import type { SessionUser } from './roles.ts';

/**
 * The models list as a sheet (docs/design.md §7.1): `Brand` first (hidden on screen, but a sheet
 * needs it), then the role's columns; every value is the screen's figure without grouping.
 */

const brandColumn: Pick<ModelColumn, 'title' | 'cell'> = { title: 'Brand', cell: (row) => ({ kind: 'text', text: row.brandName }) };

// A spreadsheet runs a cell that starts like a formula; a leading quote makes it text (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const neutraliseFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

// RFC 4180: CRLF after every record; a field holding a comma, quote or line break is quoted, its
// quotes doubled. Written here rather than with a CSV library: these two rules are the whole of
// writing CSV, and csv-stringify took as long as pricing every row (docs/design.md §7.1 wants an
// export of 10,000 rows close to the All JSON). The import reads these files back with csv-parse.
const NEEDS_QUOTES = /[",\r\n]/;
const csvField = (value: string) => (NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A whole amount as digits: the prices are bigints already, stock a safe integer. */
const wholeText = (value: bigint | number) =>
  typeof value === 'bigint' || Number.isSafeInteger(value) ? value.toString() : toFixedHalfUp(value, 0);

/**
 * A cell as a CSV field. Only a name can hold a comma, a quote or a line break, or start like a
 * formula: the figures are digits, a point and a sign, and the status one of two words, so only
 * names are checked (an export writes 13 fields for each of thousands of rows).
 */
function csvValue(cell: ModelCell): string {
  switch (cell.kind) {
    case 'text':
      return csvField(neutraliseFormula(cell.text));
    case 'usd':
      return toFixedHalfUp(cell.value, 2);
    case 'whole':
      return cell.value === null ? '' : wholeText(cell.value);
    case 'decimal':
      return cell.text ?? '';
    case 'status':
      return cell.active ? 'Active' : 'Inactive';
  }
}

/**
 * The role's columns an export names (docs/design.md §8.4), in the screen's order; all when it
 * names none. Brand is always first, so naming it is allowed and changes nothing; a title the role
 * does not see, or one named twice, is 422 under `columns`.
 */
function exportColumns(user: SessionUser, titles: readonly string[] | undefined): ModelColumn[] {
  const seen = modelColumnsSeen(user);
  if (titles === undefined) return seen;
  const known = new Set([brandColumn.title, ...seen.map((column) => column.title)]);
  if (new Set(titles).size !== titles.length || titles.some((title) => !known.has(title))) {
    throw fieldError('columns', viewMessages.invalidColumns);
  }
  return seen.filter((column) => titles.includes(column.title));
}

/** The sheet's header record and a writer of each row's record, for this user, these figures and columns. */
export function modelSheet(user: SessionUser, figures: ModelFigures, titles?: readonly string[]) {
  const columns = [brandColumn, ...exportColumns(user, titles)];
  // A record's fields joined in one go: V8 then writes the record as one flat string, where adding
  // field after field made a tree of pieces that writing the answer had to walk (10,000 records:
  // 5 ms of CPU to flatten, more than encoding them).
  const fields: string[] = new Array<string>(columns.length);
  return {
    header: `${columns.map((column) => csvField(column.title)).join(',')}\r\n`,
    record: (row: ModelRow) => {
      for (let i = 0; i < columns.length; i++) fields[i] = csvValue(columns[i]!.cell(row, figures));
      return `${fields.join(',')}\r\n`;
    },
  };
}

/** The byte order mark goes once, before the header, so Excel reads UTF-8. */
export const BYTE_ORDER_MARK = '\uFEFF';

export const CSV_TYPE = 'text/csv; charset=utf-8';
/** `models-YYYY-MM-DD.csv`, the date in UTC like every time of the API. */
export const exportFileName = (now: Date) => `models-${now.toISOString().slice(0, 10)}.csv`;
export const exportDisposition = (now: Date) => `attachment; filename="${exportFileName(now)}"`;
