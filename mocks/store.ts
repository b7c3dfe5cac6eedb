import type { Variables } from '#src/contract/variables.ts';
import { defaultSeed } from './seed.ts';

// Plain, JSON-ready data (no Maps, no classes), so the browser worker can keep a copy across
// page reloads and tests can hand in a seed of their own.

export type Flag = 0 | 1;

/** Passwords are kept in clear: these are mocks, never a real user's secret. */
export type MockUser = { id: number; name: string; username: string; password: string; roleId: number; isActive: Flag };
export type MockSession = { userId: number; expiresAt: string };
/** `image` is a data: URL, so the app can show it with no server behind it. */
export type MockBrand = { id: number; name: string; image: string; isActive: Flag };
export type MockSeries = { id: number; brandId: number; name: string; image: string; isActive: Flag };
export type MockModel = {
  id: number;
  seriesId: number;
  name: string;
  capacityKw: number | null;
  priceUsd: number;
  quantity: number;
  isActive: Flag;
};
/** quantityType as in src/domain/stock.ts; a model's quantity is the signed sum of its logs. */
export type MockStockLog = { id: number; modelId: number; userId: number; quantity: number; quantityType: number; createdAt: string };

export type Store = {
  users: MockUser[];
  /** Keyed by the bearer token itself: mocks need no hashing. */
  sessions: Record<string, MockSession>;
  brands: MockBrand[];
  series: MockSeries[];
  models: MockModel[];
  stockLogs: MockStockLog[];
  variables: Variables;
  /** Failed sign-in times per username, for the login throttle. */
  loginFailures: Record<string, number[]>;
};

export type Seed = Partial<Store>;

/** A fresh store: the default seed, or the given parts with empty lists for the rest. */
export function createStore(seed: Seed = defaultSeed()): Store {
  const empty: Store = {
    users: [],
    sessions: {},
    brands: [],
    series: [],
    models: [],
    stockLogs: [],
    variables: defaultSeed().variables,
    loginFailures: {},
  };
  // Copied, so a test that mutates the store never leaks into the seed of the next one.
  return structuredClone({ ...empty, ...seed });
}

let current: Store = createStore();

/** The store the handlers read and write. */
export const getStore = (): Store => current;

/** Back to the seed; tests call it after each test. */
export function resetStore(seed?: Seed): void {
  current = createStore(seed);
}

export const nextId = (rows: readonly { id: number }[]): number => rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
