import { createContext, use } from 'react';
import type { Changes, ChangedModel } from '#src/contract/changes.ts';
import { wasTitle } from '#src/domain/price-changes.ts';

/** The changed models by id, with when the user last looked and the business time zone their titles are dated in. */
export type ChangeMarks = { byId: ReadonlyMap<number, ChangedModel>; since: string; zone: string };
export const ChangeMarksContext = createContext<ChangeMarks | null>(null);

export const changeMarksOf = (changes: Changes, zone: string): ChangeMarks => ({
  byId: new Map(changes.models.map((model) => [model.id, model])),
  since: changes.since,
  zone,
});

/**
 * ▲ or ▼ beside a Total that moved since the user's last visit (docs/design.md §8.2), titled with
 * the Total then ('Was Rs 1,02,300 on 24 Nov 2026'), which is also its accessible name; on screen only.
 */
export function ChangeMark({ id }: { id: number }) {
  const marks = use(ChangeMarksContext);
  const change = marks?.byId.get(id);
  if (!marks || !change) return null;
  const title = wasTitle(change.previousTotal, marks.since, marks.zone);
  const up = change.total > change.previousTotal;
  return (
    <span role="img" title={title} aria-label={title} className={`ml-1 print:hidden ${up ? 'text-red-700' : 'text-emerald-700'}`}>
      {up ? '▲' : '▼'}
    </span>
  );
}
