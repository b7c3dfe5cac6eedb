import { ROLE_ADMIN, ROLE_MANAGER, ROLE_SALES } from '#src/domain/roles.ts';
import { QUANTITY_ADDED as ADD, QUANTITY_REMOVED as REMOVE, signedQuantity } from '#src/domain/stock.ts';
import { seedQuotes } from './seed-quotes.ts';
import type {
  Flag,
  MockBrand,
  MockModel,
  MockSeenMark,
  MockSeries,
  MockStockLog,
  MockUser,
  MockStore,
  MockVariableChange,
} from './store-shape.ts';

/** Every seeded user signs in with this password. */
export const SEED_PASSWORD = 'password123';

/** A coloured tile with initials, as an SVG data URL: something visible in the lists without binary files. */
function badge(text: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="12" fill="${colour}"/>` +
    `<text x="48" y="60" font-family="sans-serif" font-size="32" fill="#fff" text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const users: MockUser[] = [
  { id: 1, name: 'Admin User', username: 'admin', password: SEED_PASSWORD, roleId: ROLE_ADMIN, isActive: 1 },
  { id: 2, name: 'Manager User', username: 'manager', password: SEED_PASSWORD, roleId: ROLE_MANAGER, isActive: 1 },
  { id: 3, name: 'Sales User', username: 'sales', password: SEED_PASSWORD, roleId: ROLE_SALES, isActive: 1 },
];

const brands: MockBrand[] = [
  { id: 1, name: 'Gree', image: badge('GR', '#0a6ebd'), isActive: 1 },
  { id: 2, name: 'Haier', image: badge('HA', '#1b8a3a'), isActive: 1 },
  { id: 3, name: 'Orient', image: badge('OR', '#b3261e'), isActive: 0 },
];

const series: MockSeries[] = [
  { id: 1, brandId: 1, name: 'Fairy', image: badge('FA', '#4b9be0'), isActive: 1 },
  { id: 2, brandId: 1, name: 'Pular', image: badge('PU', '#2f7fc4'), isActive: 1 },
  { id: 3, brandId: 2, name: 'Clean Cool', image: badge('CC', '#3fae5c'), isActive: 1 },
  { id: 4, brandId: 2, name: 'Thunder', image: badge('TH', '#22773a'), isActive: 0 },
  { id: 5, brandId: 3, name: 'Ultron', image: badge('UL', '#d0483f'), isActive: 1 },
];

// [id, seriesId, name, kW, USD, active]; quantities come from the logs below.
const catalogue: [number, number, string, number | null, number, Flag][] = [
  [1, 1, 'GS-12FITH1W', 3.517, 50, 1],
  [2, 1, 'GS-18FITH1W', 5.275, 725.5, 1],
  [3, 1, 'GS-24FITH1W', 7.034, 910, 1],
  [4, 2, 'GS-12PITH11G', 3.5, 540.25, 1],
  [5, 2, 'GS-18PITH11G', 5.3, 689, 0],
  [6, 3, 'HSU-12HFCAC', 3.52, 498.99, 1],
  [7, 3, 'HSU-18HFCAC', 5.28, 655, 1],
  [8, 3, 'HSU-24HFCAC', 7.03, 860, 1],
  [9, 4, 'HSU-12HRT', 3.4, 455, 1],
  [10, 4, 'HSU-18HRT', null, 610.75, 1],
  [11, 5, 'OS-12UB', 3.5, 399, 1],
  [12, 5, 'OS-18UB', 5.2, 515, 1],
];

// [id, modelId, userId, quantity, quantityType, createdAt]: ids in the order the moves were made,
// as the server's are (the logs list by id, the order moves took effect).
const logRows: [number, number, number, number, number, string][] = [
  [1, 1, 1, 20, ADD, '2026-01-05T09:30:00.000Z'],
  [2, 2, 2, 15, ADD, '2026-01-06T10:00:00.000Z'],
  [3, 4, 2, 8, ADD, '2026-01-08T08:15:00.000Z'],
  [4, 6, 1, 30, ADD, '2026-01-09T13:20:00.000Z'],
  [5, 8, 2, 12, ADD, '2026-01-10T12:00:00.000Z'],
  [6, 11, 1, 6, ADD, '2026-01-11T09:00:00.000Z'],
  [7, 1, 2, 10, ADD, '2026-01-12T11:00:00.000Z'],
  [8, 6, 2, 5, REMOVE, '2026-01-18T16:05:00.000Z'],
  [9, 1, 1, 4, REMOVE, '2026-01-20T15:45:00.000Z'],
];

// Notes on some moves, as people write them (docs/design.md §7.3).
const notes: Record<number, string> = { 9: 'Order #1042', 8: 'Returned to supplier' };

const stockLogs: MockStockLog[] = logRows.map(([id, modelId, userId, quantity, quantityType, createdAt]) => ({
  id,
  modelId,
  userId,
  quantity,
  quantityType,
  createdAt,
  note: notes[id] ?? null,
}));

// Minimum stock of a few models, so the demo has low stock: 2 (15 of 20) and 4 (8 of 10) are low, 1 (26 of 5) is not.
const minStocks: Record<number, number> = { 1: 5, 2: 20, 4: 10 };

// The server's invariant: a model's quantity equals its additions minus its deductions.
const quantityOf = (modelId: number) =>
  stockLogs.filter((log) => log.modelId === modelId).reduce((sum, log) => sum + signedQuantity(log), 0);

const models: MockModel[] = catalogue.map(([id, seriesId, name, capacityKw, priceUsd, isActive]) => ({
  id,
  seriesId,
  name,
  capacityKw,
  priceUsd,
  quantity: quantityOf(id),
  minStock: minStocks[id] ?? 0,
  isActive,
}));

// How the seeded rate came to be 281.15, so the Pricing History screen has a line to draw.
const variableHistory: MockVariableChange[] = [
  { id: 1, variable: 'exch', oldValue: '278.40', newValue: '279.90', userId: 1, createdAt: '2026-01-05T09:00:00.000Z' },
  { id: 2, variable: 'profit', oldValue: '0.12', newValue: '0.15', userId: 1, createdAt: '2026-01-05T09:00:00.000Z' },
  { id: 3, variable: 'exch', oldValue: '279.90', newValue: '282.05', userId: 2, createdAt: '2026-01-12T10:30:00.000Z' },
  { id: 4, variable: 'exch', oldValue: '282.05', newValue: '281.15', userId: 2, createdAt: '2026-01-19T08:45:00.000Z' },
];

/**
 * The demo's last visits to the models list (`npm run dev:mock`): before the rate's last change, so
 * the list opens saying what changed since (docs/design.md §8.2). The tests' seed has none, as a new user.
 */
export const demoSeenMarks = (): MockSeenMark[] =>
  users.map((user) => ({ userId: user.id, screen: 'models', seenAt: '2026-01-15T00:00:00.000Z' }));

/** One user per role, three brands (one inactive), five series, twelve models (one without capacity), some logs, a rate history. */
export function defaultSeed(): Omit<MockStore, 'sessions' | 'loginAttempts' | 'mfaTickets' | 'passkeyChallenges' | 'eventTickets'> {
  const variables = { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' };
  return structuredClone({
    users,
    brands,
    series,
    models,
    stockLogs,
    // Starts empty: the demo's own sign-ins and edits fill it.
    auditLog: [],
    variables,
    variableHistory,
    quotes: seedQuotes(
      users.map((user) => user.id),
      { models, series, brands },
      variables,
      variableHistory,
    ),
    stamps: [],
    seenMarks: [],
    views: [],
    passkeys: [],
    // As a new database: empty texts, no second factor asked of anyone.
    settings: { companyName: '', companyAddress: '', companyPhone: '', quoteTerms: '', twoFactorRequiredLevel: 0 },
  });
}
