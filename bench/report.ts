import { writeFileSync } from 'node:fs';

export type Row = { figure: string; value: string; baseline: string; ratio: string; target: string; met: boolean | null };

/** A ratio row: ours ÷ the baseline against a limit (or a floor, for throughput). */
export function ratioRow(figure: string, ours: number, base: number, unit: string, limit: number, floor = false): Row {
  const ratio = ours / base;
  return {
    figure,
    value: `${ours.toFixed(unit === 'req/s' ? 0 : 1)} ${unit}`,
    baseline: `${base.toFixed(unit === 'req/s' ? 0 : 1)} ${unit}`,
    ratio: `${ratio.toFixed(2)}×`,
    target: `${floor ? '≥' : '≤'} ${limit}×`,
    met: floor ? ratio >= limit : ratio <= limit,
  };
}

/** A row shown for information: its figures, without a target to meet. */
export const forInformation = (row: Row): Row => ({ ...row, target: '', met: null });

/** An absolute row: a figure under a limit, or (limit null) one shown for information. */
export function plainRow(figure: string, value: number, unit: string, limit: number | null): Row {
  return {
    figure,
    value: `${value.toFixed(unit === 'ms' ? 1 : 0)} ${unit}`,
    baseline: '',
    ratio: '',
    target: limit === null ? '' : `< ${limit} ${unit}`,
    met: limit === null ? null : value < limit,
  };
}

export function printTable(rows: Row[]): string {
  const cells = rows.map((row) => [
    row.figure,
    row.value,
    row.baseline,
    row.ratio,
    row.target,
    row.met === null ? '' : row.met ? 'met' : 'NOT MET',
  ]);
  const header = ['figure', 'ours', 'baseline', 'ratio', 'target', ''];
  const widths = header.map((title, at) => Math.max(title.length, ...cells.map((line) => line[at]!.length)));
  const line = (values: string[]) => `| ${values.map((value, at) => value.padEnd(widths[at]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

export function writeResults(path: string, results: object) {
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
