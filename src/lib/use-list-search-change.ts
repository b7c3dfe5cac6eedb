import { getRouteApi, type RegisteredRouter, type RouteById, type RouteIds } from '@tanstack/react-router';
import { useCallback } from 'react';

type RouteTree = RegisteredRouter['routeTree'];
export type RouteId = RouteIds<RouteTree>;
/** What a route's URL holds once validated: its search schema's output. */
export type SearchOf<Id extends RouteId> = RouteById<RouteTree, Id>['types']['fullSearchSchema'];

/**
 * A change of what a list shows (its search, a filter, the sort, the page size) for the route
 * `routeId`: written into the URL, which starts again at page 1 (docs/design.md §6). Typed by the
 * route, so a filter the route's schema does not hold, or a value of the wrong type, does not compile.
 */
export function useListSearchChange<Id extends RouteId>(routeId: Id) {
  const navigate = getRouteApi<Id>(routeId).useNavigate();
  return useCallback(
    (patch: Partial<SearchOf<Id>>) =>
      // TypeScript cannot work out the router's option types for a route not yet known (a generic
      // `Id`); the patch is checked against the route's search above, where the route is known.
      void navigate({ search: (previous: SearchOf<Id>) => ({ ...previous, ...patch, page: 1 }) } as Parameters<typeof navigate>[0]),
    [navigate],
  );
}
