import { updateExchRequest } from '#src/contract/variables.ts';
import { sameRate } from '#src/domain/variable-history.ts';

/**
 * The rate the models list previews (docs/design.md §7.2): what the EXCH box holds, trimmed,
 * when the contract takes it as a rate and it is not the current one; else none. So clearing the
 * box, a half-typed rate or the current rate typed back show no preview column.
 */
export function previewRate(typed: string, current: string | undefined): string | null {
  const parsed = updateExchRequest.shape.exch.safeParse(typed);
  if (!parsed.success || current === undefined) return null;
  return sameRate(parsed.data, current) ? null : parsed.data;
}
