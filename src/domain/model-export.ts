import type { ModelRow } from '#src/contract/models.ts';
import { HALF_UP, toDecimal } from './decimal.ts';
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
export const neutraliseFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

export function plainCell(cell: ModelCell): string {
  switch (cell.kind) {
    case 'text':
      return neutraliseFormula(cell.text);
    case 'usd':
      return toDecimal(cell.value).toFixed(2, HALF_UP);
    case 'whole':
      return cell.value === null ? '' : toDecimal(cell.value).toFixed(0, HALF_UP);
    case 'decimal':
      return cell.text ?? '';
    case 'status':
      return cell.active ? 'Active' : 'Inactive';
  }
}

/** The sheet's header and a writer of its records, for this user and these figures. */
export function modelSheet(user: SessionUser, figures: ModelFigures) {
  const columns = [brandColumn, ...modelColumnsSeen(user)];
  return {
    header: columns.map((column) => column.title),
    record: (row: ModelRow) => columns.map((column) => plainCell(column.cell(row, figures))),
  };
}

/**
 * csv-stringify's options for the sheet (RFC 4180: CRLF, quotes doubled, fields quoted when they
 * hold a comma, quote or line break); the byte order mark goes once, before the header, so Excel
 * reads UTF-8.
 */
export const sheetCsvOptions = { record_delimiter: '\r\n' } as const;
export const BYTE_ORDER_MARK = '\uFEFF';

export const CSV_TYPE = 'text/csv; charset=utf-8';
/** `models-YYYY-MM-DD.csv`, the date in UTC like every time of the API. */
export const exportFileName = (now: Date) => `models-${now.toISOString().slice(0, 10)}.csv`;
export const exportDisposition = (now: Date) => `attachment; filename="${exportFileName(now)}"`;
