import { useRouteContext } from '@tanstack/react-router';
import type { StoredUser } from './session.ts';

/** The signed-in user, as `_app`'s `beforeLoad` put it into the router context (null if `me` failed). */
export const useSessionUser = (): StoredUser | null => useRouteContext({ from: '/_app', select: (context) => context.user });
