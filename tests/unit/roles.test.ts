import { describe, it, expect } from 'vitest';
import { ROLE_ADMIN, ROLE_IDS, ROLE_MANAGER, ROLE_SALES, isAdminRoleId, qualifies, roleName } from '#src/domain/roles.ts';

describe('role ids', () => {
  it('are 1 Admin, 2 Manager, 3 Sales', () => {
    expect([ROLE_ADMIN, ROLE_MANAGER, ROLE_SALES]).toEqual([1, 2, 3]);
    expect(ROLE_IDS).toEqual([1, 2, 3]);
  });
});

describe('roleName', () => {
  it('names each role', () => {
    expect(roleName(1)).toBe('Admin');
    expect(roleName(2)).toBe('Manager');
    expect(roleName(3)).toBe('Sales');
  });

  it('calls any other id Sales, as the users list does', () => {
    expect(roleName(0)).toBe('Sales');
    expect(roleName(4)).toBe('Sales');
    expect(roleName(-1)).toBe('Sales');
  });
});

describe('isAdminRoleId', () => {
  it('is 1 only for role 1', () => {
    expect(isAdminRoleId(1)).toBe(1);
    expect(isAdminRoleId(2)).toBe(0);
    expect(isAdminRoleId(3)).toBe(0);
    expect(isAdminRoleId(0)).toBe(0);
  });
});

describe('qualifies', () => {
  const user = (roleId: number) => ({ roleId, isAdmin: isAdminRoleId(roleId) });

  it.each([
    [1, 1, true],
    [1, 2, true],
    [1, 3, true],
    [2, 1, false],
    [2, 2, true],
    [2, 3, true],
    [3, 1, false],
    [3, 2, false],
    [3, 3, true],
  ])('role %i at level %i → %s', (roleId, level, expected) => {
    expect(qualifies(user(roleId), level)).toBe(expected);
  });

  it('lets the admin flag pass every level whatever the role', () => {
    expect(qualifies({ roleId: 3, isAdmin: 1 }, 1)).toBe(true);
  });

  it('does not treat a non-1 flag as admin', () => {
    expect(qualifies({ roleId: 3, isAdmin: 0 }, 2)).toBe(false);
    expect(qualifies({ roleId: 3, isAdmin: 2 }, 2)).toBe(false);
  });
});
