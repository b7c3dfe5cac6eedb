import type { QueryClient } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { PermissionDenied } from '#src/components/permission-denied.tsx';
import { ScreenError } from '#src/components/screen-error.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { screenAccess, type Screen } from '#src/domain/screens.ts';
import type { StoredUser } from '#src/lib/session.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen of `screenAccess` a guarded route shows; set by `guardScreen` only. */
    screen?: Screen;
  }
}

/** What the router hands a screen's `beforeLoad`, as much as its guard and what follows it read. */
type ScreenEntry = {
  context: { user: StoredUser | null; queryClient: QueryClient };
  location: { searchStr: string };
  cause: 'preload' | 'enter' | 'stay';
};

/** Thrown by a screen's guard; its route renders the fallback text in place of the screen. */
class AccessDenied extends Error {}

/**
 * The route options that let through only users who may see `screen`, by its one entry in
 * `screenAccess`. `beforeLoad` runs before the route's loader, so a screen below the user's level
 * never fetches its data. The route's error component replaces the router's default one, so every
 * other failure still gets the default's text in place of the screen.
 */
export function guardScreen(
  screen: Screen,
  /** What else the screen does before it loads, once let through (a list's default view). */
  then?: (entry: ScreenEntry) => Promise<void>,
) {
  return {
    staticData: { screen },
    beforeLoad: (entry: ScreenEntry) => {
      if (!mayAccess(entry.context.user, screenAccess[screen])) throw new AccessDenied();
      return then?.(entry);
    },
    errorComponent: (props: ErrorComponentProps) =>
      props.error instanceof AccessDenied ? <PermissionDenied /> : <ScreenError {...props} />,
  };
}
