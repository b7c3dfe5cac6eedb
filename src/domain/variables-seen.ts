import type { Variables, VariablesAnswer } from '#src/contract/variables.ts';
import { mayAccess } from './access.ts';
import type { SessionUser } from './roles.ts';
import { modelsListAccess } from './screens.ts';

/**
 * `variables` for this user (docs/design.md §8.9): the five to those who work prices out in the
 * app, the TR and the rate alone to the others, whose Totals the server works out.
 */
export function variablesFor(user: SessionUser, stored: Variables & { version: number }): VariablesAnswer {
  if (mayAccess(user, modelsListAccess.pricing)) return stored;
  return { tr: stored.tr, exch: stored.exch, version: stored.version };
}

/** The variables as an answer carries them: all five, or the TR and the rate alone. */
export type SomeVariables = Pick<Variables, 'tr' | 'exch'> & Partial<Variables>;

/** Whether these are the five the figures are worked out from. */
export const hasAllVariables = <T extends SomeVariables>(some: T): some is T & Variables =>
  some.fare !== undefined && some.duties !== undefined && some.profit !== undefined;
