import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { isModelSortText, MODELS_PER_PAGE, type ModelSortText } from '#src/contract/models.ts';
import { mayFilterModelsByLowStock } from '#src/domain/model-fields.ts';
import { sizeFromLink } from '#src/domain/model-size.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { callApi } from '#src/lib/api-client.ts';
import { listSearchSchema } from '#src/lib/list-search.ts';
import { loggedRead } from '#src/lib/logged.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';

const optionalId = z.coerce.number().int().min(1).optional().catch(undefined);
// `?lowStock=1` or nothing (docs/design.md §7.3).
const lowStockOnly = z.coerce.number().pipe(z.literal(1)).optional().catch(undefined);

/**
 * The models list's URL (docs/design.md §6): page, page size (500 by default, docs/product.md §9) and the filters,
 * all sent to the server as they are. Brand and series are ids for every role (docs/design.md §7.1);
 * the names older links carried (`?brand=`, `?series=`) are dropped.
 */
export const modelsSearchSchema = listSearchSchema(MODELS_PER_PAGE).extend({
  brandId: optionalId,
  seriesId: optionalId,
  lowStock: lowStockOnly,
  // `?size=1.50` (docs/design.md §8.8), which the router reads as the number 1.5: kept in the wire form.
  size: z.unknown().transform(sizeFromLink).optional().catch(undefined),
  // `?sort=price.desc` (docs/design.md §7.1); anything the server would refuse is dropped.
  sort: z
    .string()
    .refine(isModelSortText)
    .transform((text) => text as ModelSortText)
    .optional()
    .catch(undefined),
});
export type ModelsSearch = z.infer<typeof modelsSearchSchema>;

/**
 * The models list's route, by which its filters, sort and page size write the URL
 * (useListSearchChange, which refuses an id no route has; the route file itself must spell it out).
 */
export const modelsRouteId = '/_app/models/';

/** What the list asks the server: a shared link's `lowStock` is dropped for a user who may not filter by it (403). */
export const modelsRequest = (search: ModelsSearch, user: SessionUser | null): ModelsSearch =>
  user && mayFilterModelsByLowStock(user) ? search : { ...search, lowStock: undefined };

/** The filters of a models request (list and export alike) from the URL's search. */
export const modelFiltersOf = (search: ModelsSearch) => ({
  search: search.search,
  brandId: search.brandId,
  seriesId: search.seriesId,
  lowStock: search.lowStock,
  size: search.size,
});

/** What the list's export and its print stamp send: the filters and sort it shows, every page at once. */
export const sheetRequest = (search: ModelsSearch) => ({ filters: modelFiltersOf(search), sort: search.sort });

export const modelsListKeys = {
  all: ['models'] as const,
  list: ['models', 'list'] as const,
};

export const modelsListQuery = (request: ModelsSearch) =>
  pagedListQuery({
    call: 'models',
    key: modelsListKeys.list,
    search: request,
    filters: modelFiltersOf(request),
    extra: { sort: request.sort },
    reuseFreshTotal: true,
  });

/** The brand, series and size pickers of every role, under ['models'] so brand, series and model writes refresh them. */
export const modelFilterOptionsQuery = queryOptions({
  queryKey: [...modelsListKeys.all, 'filter-options'] as const,
  queryFn: () => loggedRead('filter options', () => callApi('models/filter-options', {})),
});
