import { queryOptions } from '@tanstack/react-query';
import { mayFilterModelsByLowStock } from '#src/domain/model-fields.ts';
import type { ModelsSearch } from '#src/domain/list-searches.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';
import { rowsSearch } from '#src/lib/list-search.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';

// The models list's URL is the domain's (src/domain/list-searches.ts), which views/save checks too.
export { modelsSearchSchema, type ModelsSearch } from '#src/domain/list-searches.ts';

/**
 * The models list's route, by which its filters, sort and page size write the URL
 * (useListSearchChange, which refuses an id no route has; the route file itself must spell it out).
 */
export const modelsRouteId = '/_app/models/';

/**
 * What the list asks the server: the URL's search but its columns (rowsSearch); a shared link's
 * `lowStock` is dropped for a user who may not filter by it (403).
 */
export const modelsRequest = (search: ModelsSearch, user: SessionUser | null): ModelsSearch =>
  user && mayFilterModelsByLowStock(user) ? rowsSearch(search) : { ...rowsSearch(search), lowStock: undefined };

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
    reuseKnownTotal: true,
  });

/** The brand, series and size pickers of every role, under ['models'] so brand, series and model writes refresh them. */
export const modelFilterOptionsQuery = queryOptions({
  queryKey: [...modelsListKeys.all, 'filter-options'] as const,
  queryFn: () => loggedRead('filter options', () => callApi('models/filter-options', {})),
});
