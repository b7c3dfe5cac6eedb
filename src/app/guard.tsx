import { Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { PermissionDenied } from '#src/components/permission-denied.tsx';
import { mayAccess, type Access } from '#src/domain/access.ts';
import type { StoredUser } from '#src/lib/session.ts';

/** Thrown by a level guard; its route renders the fallback text in place of the screen. */
class AccessDenied extends Error {}

/**
 * A pathless layout route that lets through only users who may see its screens. The check
 * runs before any child loader, so a screen below the user's level never fetches its data.
 */
export function levelGuard(access: Access) {
  return {
    beforeLoad: ({ context }: { context: { user: StoredUser | null } }) => {
      if (!mayAccess(context.user, access)) throw new AccessDenied();
    },
    component: Outlet,
    errorComponent: ({ error }: ErrorComponentProps) => {
      if (error instanceof AccessDenied) return <PermissionDenied />;
      throw error;
    },
  };
}
