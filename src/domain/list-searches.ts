import { z } from 'zod';
import { auditAction, auditEntityType } from '#src/contract/audit.ts';
import { isModelSortText, MODELS_PER_PAGE, type ModelSortText } from '#src/contract/models.ts';
import { quoteStatuses } from '#src/contract/quotes.ts';
import { MAX_VIEW_COLUMNS } from '#src/contract/views.ts';
import { sizeFromLink } from './model-size.ts';

// The search (URL) of each list that keeps saved views (docs/design.md §8.4), written once for the
// route that reads the URL and for views/save, which checks a view's search. Each key is one
// schema; the route reads it leniently (anything unreadable is dropped, so an old link or a saved
// view whose brand is gone still opens the list), views/save strictly (nothing may be dropped).

/** Every list's page size but the models list's (docs/design.md §4). */
export const LIST_PER_PAGE = 30;

const id = z.coerce.number().int().min(1);
// A calendar day only (not 2026-02-30), which the server would refuse.
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day));
const sizeOfLink = z.unknown().transform((value, ctx) => {
  const size = sizeFromLink(value);
  if (size === undefined) ctx.addIssue({ code: 'custom', message: 'invalid size' });
  return size;
});

type Keys = Record<string, z.ZodType>;

const page = z.coerce.number().int().min(1);
const perPage = z.union([z.literal('all'), z.coerce.number().int().min(1).max(100_000)]);
const searchText = z.string().trim().max(255);

/** The keys of each list beyond page, page size (and search where the list has one). */
const modelsKeys = {
  brandId: id,
  seriesId: id,
  // `?lowStock=1` or nothing (docs/design.md §7.3).
  lowStock: z.coerce.number().pipe(z.literal(1)),
  // `?size=1.50` (docs/design.md §8.8), which the router reads as the number 1.5: kept in the wire form.
  size: sizeOfLink,
  // `?sort=price.desc` (docs/design.md §7.1).
  sort: z
    .string()
    .refine(isModelSortText)
    .transform((text) => text as ModelSortText),
} satisfies Keys;
const quotesKeys = { status: z.enum(quoteStatuses) } satisfies Keys;
const auditKeys = { entityType: auditEntityType, entityId: id, userId: id, action: auditAction, from: isoDay, to: isoDay } satisfies Keys;

type Lenient<K extends Keys> = { [Key in keyof K]: z.ZodCatch<z.ZodOptional<K[Key]>> };
type Strict<K extends Keys> = { [Key in keyof K]: z.ZodOptional<K[Key]> };

const lenientKeys = <K extends Keys>(keys: K) =>
  Object.fromEntries(Object.entries(keys).map(([key, schema]) => [key, schema.optional().catch(undefined)])) as Lenient<K>;
const strictKeys = <K extends Keys>(keys: K) =>
  Object.fromEntries(Object.entries(keys).map(([key, schema]) => [key, schema.optional()])) as Strict<K>;

/**
 * A list's URL as the route reads it: anything unreadable falls back to the defaults rather than
 * failing the screen; `.default` also makes page and page size optional for links, so a link names
 * only what it changes.
 */
export function listSearchSchema(defaultPerPage: number = LIST_PER_PAGE) {
  return z.object({
    page: page.catch(1).default(1),
    per_page: perPage.catch(defaultPerPage).default(defaultPerPage),
    search: searchText.optional().catch(undefined),
  });
}
export type ListSearch = z.infer<ReturnType<typeof listSearchSchema>>;

/** The same URL checked strictly: an unknown key or an unreadable value fails. */
function strictListSearch<K extends Keys>(keys: K, withSearch: boolean) {
  const base = z.strictObject({ page: page.optional(), per_page: perPage.optional(), ...strictKeys(keys) });
  return withSearch ? base.extend({ search: searchText.optional() }) : base;
}

/**
 * The columns a list shows, `?columns=["Model","Total"]` (docs/design.md §8.4): titles, which the
 * screen cuts to the user's own (list-columns.ts), so a retired title or another role's is dropped.
 * Not part of a view's search: a view keeps its columns apart, and views/save refuses the key.
 */
const columnsKey = { columns: z.array(z.string().max(255)).min(1).max(MAX_VIEW_COLUMNS).optional().catch(undefined) };

/** The models list's URL (docs/design.md §6): page, page size (500 by default, docs/product.md §9), the filters and columns. */
export const modelsSearchSchema = listSearchSchema(MODELS_PER_PAGE).extend(lenientKeys(modelsKeys)).extend(columnsKey);
export type ModelsSearch = z.infer<typeof modelsSearchSchema>;

/** The Quotes list's URL: page, page size, search, the status filter and columns. */
export const quotesSearchSchema = listSearchSchema().extend(lenientKeys(quotesKeys)).extend(columnsKey);
export type QuotesSearch = z.infer<typeof quotesSearchSchema>;

/** The Audit Log's URL: page, page size, the filters (docs/design.md §7.2) and columns, no search box. */
export const auditSearchSchema = listSearchSchema(LIST_PER_PAGE).omit({ search: true }).extend(lenientKeys(auditKeys)).extend(columnsKey);
export type AuditSearch = z.infer<typeof auditSearchSchema>;

/** The strict reading of each list's URL, by the screen a view is saved for. */
export const strictListSearches = {
  models: strictListSearch(modelsKeys, true),
  quotes: strictListSearch(quotesKeys, true),
  audit: strictListSearch(auditKeys, false),
} as const;
