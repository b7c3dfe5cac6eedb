import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { ROLE_ADMIN } from './roles.ts';

/** What an edit of a user may change that decides access. */
export type Standing = { roleId: number; isActive: number };

export const isActiveAdmin = (user: Standing): boolean => user.roleId === ROLE_ADMIN && user.isActive === 1;

/**
 * Someone must always be able to run the back-office: the last active admin can be neither
 * deactivated nor demoted. `activeAdmins` counts the current one; throws the 422 under the field.
 */
export function refuseLosingLastAdmin(current: Standing, next: Standing, activeAdmins: number): void {
  if (!isActiveAdmin(current) || activeAdmins > 1) return;
  if (next.isActive !== 1) throw fieldError('isActive', fieldMessages.lastAdminDeactivated);
  if (next.roleId !== ROLE_ADMIN) throw fieldError('roleId', fieldMessages.lastAdminDemoted);
}

/**
 * Whether an edit ends every session of the user: losing access (deactivated, or a role of less
 * power) or a new password takes effect on the very next call, so no old token outlives it.
 */
export const endsSessions = (current: Standing, next: Standing & { password?: string | undefined }): boolean =>
  next.isActive !== 1 || next.roleId > current.roleId || Boolean(next.password);
