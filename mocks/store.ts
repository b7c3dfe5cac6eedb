import { defaultSeed } from './seed.ts';
import type { MockStore, Seed } from './store-shape.ts';

// The store the handlers read and write: plain data (store-shape.ts), started from the seed.

/** A fresh store: the default seed, or the given parts with empty lists for the rest. */
export function createStore(seed: Seed = defaultSeed()): MockStore {
  const empty: MockStore = {
    users: [],
    sessions: {},
    brands: [],
    series: [],
    models: [],
    stockLogs: [],
    auditLog: [],
    variables: defaultSeed().variables,
    variableHistory: [],
    settings: defaultSeed().settings,
    quotes: [],
    stamps: [],
    seenMarks: [],
    views: [],
    loginAttempts: {},
    mfaTickets: {},
    passkeys: [],
    passkeyChallenges: {},
    eventTickets: {},
  };
  // Copied, so a test that mutates the store never leaks into the seed of the next one.
  return structuredClone({ ...empty, ...seed });
}

let current: MockStore = createStore();

/** The store the handlers read and write. */
export const getStore = (): MockStore => current;

/** Back to the seed; tests call it after each test. */
export function resetStore(seed?: Seed): void {
  current = createStore(seed);
}

export const nextId = (rows: readonly { id: number }[]): number => rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
