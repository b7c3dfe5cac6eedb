import { stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';

export const PAGE_SIZES = [30, 50, 100, 250, 500] as const;
/** Every list's page size but the models list's (docs/design.md §4). */
export const LIST_PER_PAGE = 30;

/**
 * The URL of a list is the single source of truth of what it shows (`?page=`, the page size and
 * the filters), so a reload, the back button or a shared link show the same rows. Anything
 * unreadable falls back to the defaults rather than failing the screen; `.default` also makes page
 * and page size optional for links, so a link names only what it changes.
 */
export function listSearchSchema(defaultPerPage: number = LIST_PER_PAGE) {
  return z.object({
    page: z.coerce.number().int().min(1).catch(1).default(1),
    per_page: z
      .union([z.literal('all'), z.coerce.number().int().min(1).max(100_000)])
      .catch(defaultPerPage)
      .default(defaultPerPage),
    search: z.string().trim().max(255).optional().catch(undefined),
  });
}
export type ListSearch = z.infer<ReturnType<typeof listSearchSchema>>;

/**
 * A list route's search options: its schema, and the defaults kept out of the URL. The defaults are
 * what the schema makes of an empty URL (page 1, the list's page size, EXCH on Pricing History), so
 * they are written once, in the schema; going back to one (First page, the usual size) gives the
 * list's plain address again, as a link to the list does.
 */
export function listRouteSearch<Schema extends z.ZodType<object>>(schema: Schema) {
  const defaults = schema.parse({}) as Partial<z.output<Schema>>;
  return { validateSearch: schema, search: { middlewares: [stripSearchParams<z.output<Schema>>(defaults)] } };
}
