import type { SavedView } from '#src/contract/views.ts';
import { searchOfQuery } from '#src/domain/view-search.ts';
import type { z } from 'zod/mini';

/** A list route's search schema: the domain's lenient reading of its URL, which drops what it cannot read. */
type SearchSchema<Search> = z.ZodMiniType<Search, unknown>;

/**
 * The list URL's search a view opens: its search read as the screen reads any URL, so what no
 * longer validates (a removed brand, a retired sort) is dropped and the rest applied, and its
 * columns, already cut by the server to those the reader's role sees.
 */
export const searchOfView = <Search>(schema: SearchSchema<Search>, view: SavedView): Search =>
  schema.parse({ ...searchOfQuery(view.search), columns: view.columns ?? undefined });

/** Whether a search is the list's plain one (nothing beyond the schema's defaults): a view of it changes nothing. */
export const isPlainSearch = <Search>(schema: SearchSchema<Search>, search: Search): boolean =>
  JSON.stringify(search) === JSON.stringify(schema.parse({}));

/**
 * What a view saves of the list's URL: its search without the columns (kept apart) and without
 * what is the schema's default (page 1, the usual page size), written as the router writes a URL.
 */
export function queryOfSearch<Search extends object>(
  schema: SearchSchema<Search>,
  search: Search,
  stringify: (search: Record<string, unknown>) => string,
): string {
  const defaults = schema.parse({}) as Record<string, unknown>;
  const kept = Object.fromEntries(
    Object.entries(search).filter(
      ([key, value]) => key !== 'columns' && value !== undefined && JSON.stringify(value) !== JSON.stringify(defaults[key]),
    ),
  );
  return stringify(kept).replace(/^\?/, '');
}
