import { variableNames, type VariableName, type Variables } from '#src/contract/variables.ts';
import { toDecimal } from './big-decimal.ts';

export type VariableChange = { variable: VariableName; oldValue: string; newValue: string };

/**
 * The history rows a write of the variables makes (docs/design.md §7.2): one per variable whose
 * stored text changes. The text is compared as stored (trimmed by the contract), so "0.20" over
 * "0.2" is a change and saving the same values is none.
 */
export function variableChanges(before: Variables, written: Partial<Variables>): VariableChange[] {
  return variableNames.flatMap((variable) => {
    const newValue = written[variable];
    return newValue === undefined || newValue === before[variable] ? [] : [{ variable, oldValue: before[variable], newValue }];
  });
}

/** Two rates as numbers: "280" is "280.00". */
export const sameRate = (a: string, b: string): boolean => toDecimal(a).eq(toDecimal(b));

/** The EXCH box's guard: the rate its sender saw is the stored one, or it named none. */
export function exchAsSeen(stored: string, previousExch: string | undefined): boolean {
  return previousExch === undefined || sameRate(stored, previousExch);
}

/** How far back the dashboard's EXCH sparkline reaches (docs/design.md §7.3). */
const SPARKLINE_DAYS = 90;
export const sparklineSince = (now: number) => new Date(now - SPARKLINE_DAYS * 24 * 60 * 60 * 1000);
