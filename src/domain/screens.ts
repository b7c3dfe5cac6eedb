import type { Access } from './access.ts';

const SIGNED_IN = { kind: 'signed-in' } as const;
const LEVEL_1 = { kind: 'level', level: 1 } as const;
const LEVEL_2 = { kind: 'level', level: 2 } as const;
const LEVEL_3 = { kind: 'level', level: 3 } as const;
const ADMIN = { kind: 'admin' } as const;

/** Who sees each screen (docs/product.md §2 route table, §6): its route's guard and the menu read the one entry. */
export const screenAccess = {
  dashboard: SIGNED_IN,
  account: SIGNED_IN,
  addStock: LEVEL_2,
  removeStock: LEVEL_2,
  models: LEVEL_3,
  addModel: LEVEL_1,
  importModels: ADMIN,
  editModel: LEVEL_1,
  modelLogs: LEVEL_2,
  series: LEVEL_1,
  variables: LEVEL_1,
  pricingHistory: LEVEL_2,
  brands: ADMIN,
  users: ADMIN,
  audit: ADMIN,
  settings: ADMIN,
  quotes: SIGNED_IN,
} as const satisfies Record<string, Access>;
export type Screen = keyof typeof screenAccess;

/** What of the models list each user sees (docs/product.md §6). */
export const modelsListAccess = {
  capacityTr: LEVEL_1,
  priceUsd: LEVEL_1,
  pricePkr: LEVEL_1,
  fare: LEVEL_1,
  duties: LEVEL_1,
  cost: LEVEL_1,
  profit: LEVEL_1,
  status: LEVEL_1,
  quantity: LEVEL_2,
  logs: LEVEL_2,
  edit: LEVEL_1,
  addLink: LEVEL_1,
  importLink: ADMIN,
  total: SIGNED_IN,
  /**
   * Who works the figures out in the app, from the USD price and the five variables (the EXCH box
   * previews a rate over the rows). Below it the server sends the Total instead: price and variables
   * together give Cost and Profit exactly (docs/design.md §8.9).
   */
  pricing: LEVEL_2,
  // The role alone decides here: docs/product.md §6 says the admin flag is not checked for the EXCH box.
  exchBox: { kind: 'role', atMost: 2 },
} as const satisfies Record<string, Access>;

/** What of the dashboard each user receives and sees (docs/design.md §7.3); the rate is for everyone. */
export const dashboardAccess = {
  stock: LEVEL_2,
  catalogue: LEVEL_1,
} as const satisfies Record<string, Access>;
