import { z } from 'zod/mini';
import { auditActions, auditEntityTypes } from '#src/contract/audit-words.ts';
import { isModelSortText, MODELS_PER_PAGE, type ModelSortText } from '#src/contract/model-words.ts';
import { quoteStatuses } from '#src/contract/quote-statuses.ts';
import { MAX_VIEW_COLUMNS } from '#src/contract/view-limits.ts';
import { sizeFromLink } from './model-size.ts';

// The search (URL) of each list that keeps saved views (docs/design.md §8.4), written once for the
// route that reads the URL and for views/save, which checks a view's search. Each key is one
// schema; the route reads it leniently (anything unreadable is dropped, so an old link or a saved
// view whose brand is gone still opens the list), views/save strictly (nothing may be dropped).
// The route tree reads them with the first screen's script; views/save's schemas take them as
// they are.

/** Every list's page size but the models list's (docs/design.md §4). */
export const LIST_PER_PAGE = 30;

const wholeFrom1 = () => z.coerce.number().check(z.int(), z.minimum(1));
const id = wholeFrom1();
// A calendar day only (not 2026-02-30), which the server would refuse.
const isoDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)),
);
// A size the link spells in a form sizeFromLink cannot read gives undefined, which the string refuses.
const sizeOfLink = z.pipe(z.transform(sizeFromLink), z.string());

type Keys = Record<string, z.ZodMiniType>;

const page = wholeFrom1();
const perPage = z.union([z.literal('all'), wholeFrom1().check(z.maximum(100_000))]);
const searchText = z.string().check(z.trim(), z.maxLength(255));

/** The keys of each list beyond page, page size (and search where the list has one). */
const modelsKeys = {
  brandId: id,
  seriesId: id,
  // `?lowStock=1` or nothing (docs/design.md §7.3).
  lowStock: z.pipe(z.coerce.number(), z.literal(1)),
  // `?size=1.50` (docs/design.md §8.8), which the router reads as the number 1.5: kept in the wire form.
  size: sizeOfLink,
  // `?sort=price.desc` (docs/design.md §7.1).
  sort: z.custom<ModelSortText>(isModelSortText),
} satisfies Keys;
const quotesKeys = { status: z.enum(quoteStatuses) } satisfies Keys;
const auditKeys = {
  entityType: z.enum(auditEntityTypes),
  entityId: id,
  userId: id,
  action: z.enum(auditActions),
  from: isoDay,
  to: isoDay,
} satisfies Keys;

type Lenient<K extends Keys> = { [Key in keyof K]: z.ZodMiniCatch<z.ZodMiniOptional<K[Key]>> };
type Strict<K extends Keys> = { [Key in keyof K]: z.ZodMiniOptional<K[Key]> };

const lenientKeys = <K extends Keys>(keys: K) =>
  Object.fromEntries(Object.entries(keys).map(([key, schema]) => [key, z.catch(z.optional(schema), undefined)])) as Lenient<K>;
const strictKeys = <K extends Keys>(keys: K) =>
  Object.fromEntries(Object.entries(keys).map(([key, schema]) => [key, z.optional(schema)])) as Strict<K>;

/**
 * A list's URL as the route reads it: anything unreadable falls back to the defaults rather than
 * failing the screen; `.default` also makes page and page size optional for links, so a link names
 * only what it changes.
 */
export function listSearchSchema(defaultPerPage: number = LIST_PER_PAGE) {
  return z.object({
    page: z._default(z.catch(page, 1), 1),
    per_page: z._default(z.catch(perPage, defaultPerPage), defaultPerPage),
    search: z.catch(z.optional(searchText), undefined),
  });
}
export type ListSearch = z.infer<ReturnType<typeof listSearchSchema>>;

/** The same URL checked strictly: an unknown key or an unreadable value fails. */
function strictListSearch<K extends Keys>(keys: K, withSearch: boolean) {
  const base = z.strictObject({ page: z.optional(page), per_page: z.optional(perPage), ...strictKeys(keys) });
  return withSearch ? z.extend(base, { search: z.optional(searchText) }) : base;
}

/**
 * The columns a list shows, `?columns=["Model","Total"]` (docs/design.md §8.4): titles, which the
 * screen cuts to the user's own (list-columns.ts), so a retired title or another role's is dropped.
 * Not part of a view's search: a view keeps its columns apart, and views/save refuses the key.
 */
const columnsKey = {
  columns: z.catch(z.optional(z.array(z.string().check(z.maxLength(255))).check(z.minLength(1), z.maxLength(MAX_VIEW_COLUMNS))), undefined),
};

/** The models list's URL (docs/design.md §6): page, page size (500 by default, docs/product.md §9), the filters and columns. */
export const modelsSearchSchema = z.extend(listSearchSchema(MODELS_PER_PAGE), { ...lenientKeys(modelsKeys), ...columnsKey });
export type ModelsSearch = z.infer<typeof modelsSearchSchema>;

/** The Quotes list's URL: page, page size, search, the status filter and columns. */
export const quotesSearchSchema = z.extend(listSearchSchema(), { ...lenientKeys(quotesKeys), ...columnsKey });
export type QuotesSearch = z.infer<typeof quotesSearchSchema>;

/** The Audit Log's URL: page, page size, the filters (docs/design.md §7.2) and columns, no search box. */
export const auditSearchSchema = z.extend(z.omit(listSearchSchema(LIST_PER_PAGE), { search: true }), {
  ...lenientKeys(auditKeys),
  ...columnsKey,
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

/** The strict reading of each list's URL, by the screen a view is saved for. */
export const strictListSearches = {
  models: strictListSearch(modelsKeys, true),
  quotes: strictListSearch(quotesKeys, true),
  audit: strictListSearch(auditKeys, false),
} as const;
