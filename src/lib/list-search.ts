import { stripSearchParams } from '@tanstack/react-router';
import type { z } from 'zod/mini';

export const PAGE_SIZES = [30, 50, 100, 250, 500] as const;
// The lists' URL schemas are the domain's, which views/save checks a saved view's search with.
export { LIST_PER_PAGE, listSearchSchema, type ListSearch } from '#src/domain/list-searches.ts';

/**
 * A list route's search options: its schema, and the defaults kept out of the URL. The defaults are
 * what the schema makes of an empty URL (page 1, the list's page size, EXCH on Pricing History), so
 * they are written once, in the schema; going back to one (First page, the usual size) gives the
 * list's plain address again, as a link to the list does.
 */
export function listRouteSearch<Schema extends z.ZodMiniType<object>>(schema: Schema) {
  const defaults = schema.parse({}) as Partial<z.output<Schema>>;
  return { validateSearch: schema, search: { middlewares: [stripSearchParams<z.output<Schema>>(defaults)] } };
}

/**
 * A list URL's search as its rows depend on it: without the columns shown (docs/design.md §8.4), so
 * hiding a column neither fetches the rows again nor keys them apart.
 */
export const rowsSearch = <Search extends { columns?: readonly string[] }>(search: Search): Search => ({ ...search, columns: undefined });
