import type { VariableName } from '#src/contract/variables.ts';

/** Each variable as the Variables screen labels it. */
export const variableLabels: Record<VariableName, string> = {
  exch: 'EXCH',
  tr: 'TR',
  fare: 'FARE',
  duties: 'DUTIES',
  profit: 'PROFIT',
};

/** A change's time (ISO, UTC) in the user's time zone, day first, as the stock logs show theirs. */
export const formatChangeDate = (createdAt: string) => new Date(createdAt).toLocaleString('en-GB');

/** Where the 'History' links lead: EXCH (the screen's default, so the link's URL names none of it). */
export const exchHistorySearch = { variable: 'exch' } as const;
