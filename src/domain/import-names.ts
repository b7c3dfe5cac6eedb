import { nameKey } from './names.ts';
import { nameSkeletons } from './skeleton.ts';

// Which names an import may give its models (docs/design.md §8.9): within a series, a name is
// taken when its key or either of its look-alike skeletons is another name's. The marks are kept
// per series, each kind in a set of its own, so each lookup hashes a key or skeleton as made
// once: one set of the catalogue's 30,000 marks, each a new text of series id and mark, spent a
// third of a 10,000-row preview's time making, hashing and storing those texts.

/** What a model's name is unique by within its series: its key and its two look-alike skeletons. */
export type NameMarks = { key: string; shown: string; capitals: string };

/** A name's marks, its key given when the caller has it already. */
export function nameMarks(name: string, key = nameKey(name)): NameMarks {
  const { shown, capitals } = nameSkeletons(name);
  return { key, shown, capitals };
}

/** Names' marks in one series: whether a name shares any with them, and adding its own. */
export function markSets() {
  const keys = new Set<string>();
  const shown = new Set<string>();
  const capitals = new Set<string>();
  return {
    has: (marks: NameMarks) => keys.has(marks.key) || shown.has(marks.shown) || capitals.has(marks.capitals),
    add: (marks: NameMarks) => {
      keys.add(marks.key);
      shown.add(marks.shown);
      capitals.add(marks.capitals);
    },
  };
}
export type MarkSets = ReturnType<typeof markSets>;

/** Something kept by a key (a series' id, a brand's name), made the first time the key is asked for. */
export function keptBy<K, T>(make: () => T): (key: K) => T {
  const kept = new Map<K, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) kept.set(key, (value = make()));
    return value;
  };
}
