import { describe, it, expect } from 'vitest';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess } from '#src/domain/call-access.ts';
import type { Access } from '#src/domain/access.ts';
import type { CallName } from '#src/contract/calls.ts';
import { isAdminRoleId } from '#src/domain/roles.ts';
import type { SessionUser } from '#src/domain/roles.ts';

const admin: SessionUser = { roleId: 1, isAdmin: isAdminRoleId(1) };
const manager: SessionUser = { roleId: 2, isAdmin: isAdminRoleId(2) };
const sales: SessionUser = { roleId: 3, isAdmin: isAdminRoleId(3) };
// Not produced by the server (isAdmin is derived), but the rules must still read the flag alone.
const flaggedSales: SessionUser = { roleId: 3, isAdmin: 1 };

type Row = [string, Access, [boolean, boolean, boolean, boolean, boolean]];

// Expected for: null user, admin, manager, sales, sales carrying the admin flag.
const rows: Row[] = [
  ['public', { kind: 'public' }, [true, true, true, true, true]],
  ['signed-in', { kind: 'signed-in' }, [false, true, true, true, true]],
  ['level 1', { kind: 'level', level: 1 }, [false, true, false, false, true]],
  ['level 2', { kind: 'level', level: 2 }, [false, true, true, false, true]],
  ['level 3', { kind: 'level', level: 3 }, [false, true, true, true, true]],
  ['role ≤ 1', { kind: 'role', atMost: 1 }, [false, true, false, false, false]],
  ['role ≤ 2', { kind: 'role', atMost: 2 }, [false, true, true, false, false]],
  ['role ≤ 3', { kind: 'role', atMost: 3 }, [false, true, true, true, true]],
  ['admin', { kind: 'admin' }, [false, true, false, false, true]],
];

describe('mayAccess', () => {
  it.each(rows)('%s', (_label, access, expected) => {
    const actual = [null, admin, manager, sales, flaggedSales].map((u) => mayAccess(u, access));
    expect(actual).toEqual(expected);
  });
});

// docs/design.md §8.1: every role makes quotes; each handler keeps Sales to their own.
const quoteCalls: CallName[] = [
  'quotes',
  'quotes/get',
  'quotes/create',
  'quotes/update',
  'quotes/send',
  'quotes/revise',
  'quotes/win',
  'quotes/lose',
  'quotes/cancel',
  'quotes/pdf',
];

// docs/design.md §8.2: every role prints the price sheet and sees its own list's changes.
const stampAndChangeCalls: CallName[] = ['stamps/create', 'changes/since', 'changes/seen'];
// docs/design.md §8.4: every role keeps views of the screens it opens (the handlers check the screen and sharing).
const viewCalls: CallName[] = ['views', 'views/save', 'views/delete'];

// docs/design.md §8.5: one's own two-factor sign-in, passkeys and sessions.
const ownSignInCalls: CallName[] = [
  'auth/2fa/status',
  'auth/2fa/setup',
  'auth/2fa/enable',
  'auth/2fa/disable',
  'auth/passkeys',
  'auth/passkeys/register-options',
  'auth/passkeys/register',
  'auth/passkeys/delete',
  'auth/sessions',
  'auth/sessions/revoke',
  'auth/sessions/revoke-others',
];

describe('callAccess', () => {
  const byAccess = (pred: (a: Access) => boolean) =>
    (Object.keys(callAccess) as CallName[]).filter((name) => pred(callAccess[name])).sort();

  it('covers exactly the calls of docs/design.md §3/§4', () => {
    expect(Object.keys(callAccess).sort()).toEqual(
      [
        'auth/login',
        'auth/login-2fa',
        'auth/passkeys/login-options',
        'auth/passkeys/login',
        'me',
        'dashboard',
        'auth/logout',
        'auth/change-password',
        'variables',
        'models',
        'models/filter-options',
        'models/export',
        'variables/update-exch',
        'models/get-all-models',
        'models/add-stock',
        'models/remove-stock',
        'models/model-logs',
        'models/get-model',
        'variables/history',
        'models/add-model',
        'models/update-model',
        'variables/update-variables',
        'series',
        'series/get-series',
        'series/get-all-series',
        'series/get-series-by-brand',
        'series/add-series',
        'series/update-series',
        'brands/get-all-brands',
        'brands',
        'brands/get-brand',
        'brands/add-brand',
        'brands/update-brand',
        'models/import',
        'models/import-preview',
        'models/bulk-update',
        'users',
        'users/get-user',
        'users/add-user',
        'users/update-user',
        'users/reset-2fa',
        'audit',
        'settings',
        'settings/update',
        'events/ticket',
        ...quoteCalls,
        ...stampAndChangeCalls,
        ...viewCalls,
        ...ownSignInCalls,
      ].sort(),
    );
  });

  it('makes only the sign-in calls public: the two steps of login and the passkey sign-in', () => {
    expect(byAccess((a) => a.kind === 'public')).toEqual(
      ['auth/login', 'auth/login-2fa', 'auth/passkeys/login', 'auth/passkeys/login-options'].sort(),
    );
  });

  it('opens the session, variables, the settings, the models list, its filter options, its export, quotes (each handler keeps Sales to their own), stamps and the changes since a visit to any signed-in user', () => {
    expect(byAccess((a) => a.kind === 'signed-in')).toEqual(
      [
        'auth/change-password',
        'auth/logout',
        'dashboard',
        'events/ticket',
        'me',
        'models',
        'models/export',
        'models/filter-options',
        'settings',
        ...quoteCalls,
        ...stampAndChangeCalls,
        ...ownSignInCalls,
        'variables',
        ...viewCalls,
      ].sort(),
    );
  });

  it('gates update-exch by role ≤ 2, not by the admin flag', () => {
    expect(callAccess['variables/update-exch']).toEqual({ kind: 'role', atMost: 2 });
    expect(byAccess((a) => a.kind === 'role')).toEqual(['variables/update-exch']);
  });

  it('puts stock, logs, model lookups and the pricing history at level 2', () => {
    expect(byAccess((a) => a.kind === 'level' && a.level === 2)).toEqual(
      [
        'models/add-stock',
        'models/get-all-models',
        'models/get-model',
        'models/model-logs',
        'models/remove-stock',
        'variables/history',
      ].sort(),
    );
  });

  it('puts model writes, variable updates, every series call and the brand options at level 1', () => {
    expect(byAccess((a) => a.kind === 'level' && a.level === 1)).toEqual(
      [
        'brands/get-all-brands',
        'models/add-model',
        'models/update-model',
        'series',
        'series/add-series',
        'series/get-all-series',
        'series/get-series',
        'series/get-series-by-brand',
        'series/update-series',
        'variables/update-variables',
      ].sort(),
    );
  });

  it('keeps brand management, every users call, the audit log and saving the settings for admins', () => {
    expect(byAccess((a) => a.kind === 'admin')).toEqual(
      [
        'audit',
        'brands',
        'brands/add-brand',
        'brands/get-brand',
        'brands/update-brand',
        'models/import',
        'models/import-preview',
        'models/bulk-update',
        'users',
        'users/add-user',
        'users/get-user',
        'users/update-user',
        'users/reset-2fa',
        'settings/update',
      ].sort(),
    );
  });

  it('lets a manager update the exchange rate but not the other variables', () => {
    expect(mayAccess(manager, callAccess['variables/update-exch'])).toBe(true);
    expect(mayAccess(manager, callAccess['variables/update-variables'])).toBe(false);
    expect(mayAccess(sales, callAccess['variables/update-exch'])).toBe(false);
  });
});
