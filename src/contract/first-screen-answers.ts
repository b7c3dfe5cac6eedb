import { z } from 'zod/mini';
import { dashboardResponse } from './dashboard.ts';
import { variableNames } from './variable-names.ts';

// The answers of the calls the first screen makes (the dashboard, since your last visit, the
// business's settings, the live updates' ticket): the app checks them with the first screen's script,
// which must not load the whole contract. The calls' registry (calls.ts) takes them from here.

export const variableChange = z.object({
  variable: z.enum(variableNames),
  oldValue: z.string(),
  newValue: z.string(),
  createdAt: z.string(),
});
export type VariableChangeRow = z.infer<typeof variableChange>;

export const changedModel = z.object({
  id: z.int(),
  previousTotal: z.int(),
  total: z.int(),
});
export type ChangedModel = z.infer<typeof changedModel>;

export const changes = z.object({
  /** When the screen was last marked seen (ISO time); on a first visit, now. */
  since: z.string(),
  /** Every change of a variable the role sees, after `since`, oldest first. */
  variables: z.array(variableChange),
  models: z.array(changedModel),
});
export type Changes = z.infer<typeof changes>;
export const changesResponse = z.object({ changes });

export const ticketResponse = z.object({ ticket: z.string() });

/** Who must sign in with a second factor: 0 nobody, 1 admins, 2 admins and managers, 3 everyone. */
export const twoFactorLevels = [0, 1, 2, 3] as const;
export type TwoFactorLevel = (typeof twoFactorLevels)[number];

const settingsFields = {
  companyName: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  quoteTerms: z.string(),
  twoFactorRequiredLevel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
};
export const settings = z.object(settingsFields);
export type Settings = z.infer<typeof settings>;
/**
 * The answer adds what the server's configuration says of the business day (docs/design.md §8),
 * read-only: screens print dates in its time zone and propose a quote's validity from it.
 */
export const settingsResponse = z.object({
  settings: z.object({
    ...settingsFields,
    version: z.int().check(z.minimum(1)),
    businessTimeZone: z.string(),
    quoteValidityDays: z.int(),
  }),
});

/** Each first-screen call's answer, by the call's name. */
export const firstScreenAnswers = {
  dashboard: dashboardResponse,
  'changes/since': changesResponse,
  settings: settingsResponse,
  'events/ticket': ticketResponse,
} as const;
