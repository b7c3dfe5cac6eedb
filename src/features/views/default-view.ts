import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ViewScreen } from '#src/contract/views.ts';
import type { z } from 'zod/mini';
import { loadScreenCode, type SplitRoute } from '#src/lib/screen-code.ts';
import { viewsQuery } from './api.ts';
import { isPlainSearch, searchOfView } from './view-search.ts';

type Entry = { context: { queryClient: QueryClient }; location: { searchStr: string }; cause: 'preload' | 'enter' | 'stay' };

/**
 * A list's `beforeLoad` part that opens the user's default view (docs/design.md §8.4) when the list
 * is entered by its plain address: the router goes on to the view's search instead. Only on entry,
 * so clearing the filters on the list itself leaves it plain; a view that changes nothing is not
 * gone to (no redirect to the same address); and when the views cannot be read the list opens plain.
 * The list's own screen (`route`'s split component) starts loading while the views are read, not
 * after them (a route that passes itself states its `beforeLoad`'s return type, `Promise<void>`:
 * TypeScript cannot infer a route's type from a call that takes the route). `meanwhile`: what else to start with the plain search meanwhile (the models list's
 * rows: most users have no default view, and their list need not wait for a call first).
 */
export async function openDefaultView<Search>(
  screen: ViewScreen,
  schema: z.ZodMiniType<Search, unknown>,
  to: string,
  route: SplitRoute,
  entry: Entry,
  meanwhile?: (plain: Search) => void,
) {
  if (entry.cause !== 'enter' || entry.location.searchStr !== '') return;
  loadScreenCode(route);
  meanwhile?.(schema.parse({}));
  const views = await entry.context.queryClient.ensureQueryData(viewsQuery(screen)).catch(() => []);
  const view = views.find((candidate) => candidate.mine === 1 && candidate.isDefault === 1);
  if (!view) return;
  const search = searchOfView(schema, view);
  if (isPlainSearch(schema, search)) return;
  throw redirect({ to, search: search as never, replace: true });
}
