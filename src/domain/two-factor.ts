import { fieldError } from '#src/contract/errors.ts';
import { SECOND_FACTOR_FIRST, type TwoFactorLevel } from '#src/contract/settings.ts';
import { ROLE_MANAGER, type SessionUser } from './roles.ts';

// Who the settings' two-factor level asks for a second factor (docs/design.md §8), the same on the
// server and in the mocks.

/** Whether the level asks this user for a second factor: 1 admins, 2 admins and managers, 3 everyone. */
export function levelCovers(level: TwoFactorLevel, user: SessionUser): boolean {
  if (level === 0) return false;
  if (level === 3 || user.isAdmin === 1) return true;
  return level === 2 && user.roleId <= ROLE_MANAGER;
}

/**
 * Whether this user has set up a second factor. Two-factor sign-in does not exist yet, so nobody
 * has: the one place its issue changes.
 */
export function hasSecondFactor(user: SessionUser): boolean {
  void user;
  return false;
}

/** A level that would cover the admin saving it, while they have no second factor, would lock them out: 422. */
export function refuseLockingLevel(level: TwoFactorLevel | undefined, user: SessionUser): void {
  if (level !== undefined && levelCovers(level, user) && !hasSecondFactor(user)) {
    throw fieldError('twoFactorRequiredLevel', SECOND_FACTOR_FIRST);
  }
}
