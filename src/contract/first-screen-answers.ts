import { z } from 'zod/mini';
import { dashboardResponse } from './dashboard.ts';
import { variableNames } from './variable-names.ts';

// The answers of the calls the first screen makes (the dashboard, since your last visit, the live
// updates' ticket), written with zod/mini: the app checks them with the first screen's script, where
// classic zod would double its size. The calls' registry (calls.ts) takes them from here.

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

/** Each first-screen call's answer, by the call's name. */
export const firstScreenAnswers = {
  dashboard: dashboardResponse,
  'changes/since': changesResponse,
  'events/ticket': ticketResponse,
} as const;
