import type { CallName } from '#src/contract/calls.ts';
import type { Access } from './access.ts';

// Apart from access.ts's rule, which the first screen's menu and guards load: this table of every
// call is read by the server and by the screens that offer a call (bulk edit, a record's audit).

const PUBLIC = { kind: 'public' } as const;
const SIGNED_IN = { kind: 'signed-in' } as const;
const LEVEL_1 = { kind: 'level', level: 1 } as const;
const LEVEL_2 = { kind: 'level', level: 2 } as const;
const ADMIN = { kind: 'admin' } as const;

/** Who may make each API call (docs/design.md §3), keyed by the path after `/api/`. The server enforces it. */
export const callAccess = {
  'auth/login': PUBLIC,
  // The second step of a sign-in: its ticket, not a token, says who it is.
  'auth/login-2fa': PUBLIC,
  // A sign-in with a passkey: the signed challenge says who it is.
  'auth/passkeys/login-options': PUBLIC,
  'auth/passkeys/login': PUBLIC,

  me: SIGNED_IN,
  dashboard: SIGNED_IN,
  'auth/logout': SIGNED_IN,
  'auth/change-password': SIGNED_IN,
  'auth/2fa/status': SIGNED_IN,
  'auth/2fa/setup': SIGNED_IN,
  'auth/2fa/enable': SIGNED_IN,
  'auth/2fa/disable': SIGNED_IN,
  'auth/passkeys': SIGNED_IN,
  'auth/passkeys/register-options': SIGNED_IN,
  'auth/passkeys/register': SIGNED_IN,
  'auth/passkeys/delete': SIGNED_IN,
  'auth/sessions': SIGNED_IN,
  'auth/sessions/revoke': SIGNED_IN,
  'auth/sessions/revoke-others': SIGNED_IN,
  variables: SIGNED_IN,
  models: SIGNED_IN,
  'models/filter-options': SIGNED_IN,
  'models/export': SIGNED_IN,
  settings: SIGNED_IN,
  // Every role makes quotes; Sales see and act on their own only (the handlers' rule, src/domain/quotes.ts).
  quotes: SIGNED_IN,
  'quotes/get': SIGNED_IN,
  'quotes/create': SIGNED_IN,
  'quotes/update': SIGNED_IN,
  'quotes/send': SIGNED_IN,
  'quotes/revise': SIGNED_IN,
  'quotes/win': SIGNED_IN,
  'quotes/lose': SIGNED_IN,
  'quotes/cancel': SIGNED_IN,
  'quotes/pdf': SIGNED_IN,
  // Every role prints the price sheet and sees its own list's changes (docs/design.md §8.2).
  'stamps/create': SIGNED_IN,
  'changes/since': SIGNED_IN,
  'changes/seen': SIGNED_IN,
  // Each screen's views follow the screen's own access, and sharing needs level 2 (src/domain/views.ts).
  views: SIGNED_IN,
  'views/save': SIGNED_IN,
  'views/delete': SIGNED_IN,
  // Every role follows the data it sees live; which events reach whom is src/domain/live-events.ts.
  'events/ticket': SIGNED_IN,

  'variables/update-exch': { kind: 'role', atMost: 2 },

  'models/get-all-models': LEVEL_2,
  'models/add-stock': LEVEL_2,
  'models/remove-stock': LEVEL_2,
  'models/model-logs': LEVEL_2,
  'models/get-model': LEVEL_2,
  'variables/history': LEVEL_2,

  'models/add-model': LEVEL_1,
  'models/update-model': LEVEL_1,
  'variables/update-variables': LEVEL_1,
  series: LEVEL_1,
  'series/get-series': LEVEL_1,
  'series/get-all-series': LEVEL_1,
  'series/get-series-by-brand': LEVEL_1,
  'series/add-series': LEVEL_1,
  'series/update-series': LEVEL_1,
  'brands/get-all-brands': LEVEL_1,

  brands: ADMIN,
  'brands/get-brand': ADMIN,
  'brands/add-brand': ADMIN,
  'brands/update-brand': ADMIN,
  'models/import-preview': ADMIN,
  'models/import': ADMIN,
  'models/bulk-update': ADMIN,
  users: ADMIN,
  'users/get-user': ADMIN,
  'users/add-user': ADMIN,
  'users/update-user': ADMIN,
  'users/reset-2fa': ADMIN,
  audit: ADMIN,
  'settings/update': ADMIN,
} as const satisfies Record<CallName, Access>;

/** The calls anyone may make, with no session (a sign-in's steps): their handlers get no user. */
export type PublicCall = { [N in CallName]: (typeof callAccess)[N] extends { kind: 'public' } ? N : never }[CallName];

/** The calls that sign in: a refusal is 401 and counts in the login throttle (docs/design.md §7.5, §8.5). */
export const signInCalls: readonly PublicCall[] = ['auth/login', 'auth/login-2fa', 'auth/passkeys/login'];
