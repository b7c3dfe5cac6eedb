import { describe, expect, it } from 'vitest';
import { InputError } from '#src/contract/errors.ts';
import { endsSessions, isActiveAdmin, refuseLosingLastAdmin } from '#src/domain/users.ts';
import { QUANTITY_ADDED, QUANTITY_REMOVED, signedQuantity } from '#src/domain/stock.ts';

const admin = { roleId: 1, isActive: 1 };
const refusal = (act: () => void) => {
  try {
    act();
  } catch (error) {
    return error instanceof InputError ? error.errors : error;
  }
  return undefined;
};

describe('the last active admin', () => {
  it('counts only active admins', () => {
    expect([admin, { roleId: 1, isActive: 0 }, { roleId: 2, isActive: 1 }].map(isActiveAdmin)).toEqual([true, false, false]);
  });

  it('can be neither deactivated nor demoted, each refused under its field', () => {
    expect(refusal(() => refuseLosingLastAdmin(admin, { roleId: 1, isActive: 0 }, 1))).toEqual({
      isActive: ['The last active administrator cannot be deactivated.'],
    });
    expect(refusal(() => refuseLosingLastAdmin(admin, { roleId: 2, isActive: 1 }, 1))).toEqual({
      roleId: ['The last active administrator cannot be demoted.'],
    });
  });

  it('may be changed once another active admin exists, and other users always may', () => {
    expect(refusal(() => refuseLosingLastAdmin(admin, { roleId: 3, isActive: 0 }, 2))).toBeUndefined();
    expect(refusal(() => refuseLosingLastAdmin({ roleId: 1, isActive: 0 }, { roleId: 3, isActive: 0 }, 1))).toBeUndefined();
    expect(refusal(() => refuseLosingLastAdmin({ roleId: 2, isActive: 1 }, { roleId: 3, isActive: 0 }, 1))).toBeUndefined();
  });
});

describe('endsSessions', () => {
  const manager = { roleId: 2, isActive: 1 };
  it('ends them on deactivation, a role of less power or a new password', () => {
    expect(endsSessions(manager, { roleId: 2, isActive: 0 })).toBe(true);
    expect(endsSessions(manager, { roleId: 3, isActive: 1 })).toBe(true);
    expect(endsSessions(manager, { roleId: 2, isActive: 1, password: 'new-password' })).toBe(true);
  });

  it('keeps them on a promotion, a rename or an empty password', () => {
    expect(endsSessions(manager, { roleId: 1, isActive: 1 })).toBe(false);
    expect(endsSessions(manager, { roleId: 2, isActive: 1 })).toBe(false);
    expect(endsSessions(manager, { roleId: 2, isActive: 1, password: '' })).toBe(false);
  });
});

describe('signedQuantity', () => {
  it('adds type 1 and deducts type 2', () => {
    expect([QUANTITY_ADDED, QUANTITY_REMOVED]).toEqual([1, 2]);
    expect(signedQuantity({ quantity: 5, quantityType: QUANTITY_ADDED })).toBe(5);
    expect(signedQuantity({ quantity: 5, quantityType: QUANTITY_REMOVED })).toBe(-5);
  });
});
