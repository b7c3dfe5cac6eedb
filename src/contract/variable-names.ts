/** The variables by their wire names; the first screen's code reads them, kept apart from the schemas (variables.ts checks them against its own). */
export const variableNames = ['tr', 'exch', 'fare', 'duties', 'profit'] as const;
export type VariableName = (typeof variableNames)[number];
