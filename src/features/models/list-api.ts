import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TableData } from '#src/contract/common.ts';
import { MODELS_PER_PAGE, type ModelRow } from '#src/contract/models.ts';
import { callAccess, mayAccess } from '#src/domain/access.ts';
import { pageWindow, tableData } from '#src/domain/paging.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { callApi } from '#src/lib/api-client.ts';
import { listSearchSchema, pagedBody } from '#src/lib/list-search.ts';
import { loggedRead } from '#src/lib/logged.ts';

const optionalId = z.coerce.number().int().min(1).optional().catch(undefined);
const optionalName = z.string().trim().min(1).max(255).optional().catch(undefined);

/**
 * The models list's URL (DESIGN §6): page, page size (500 by default, SPEC §9) and the filters.
 * `brandId`/`seriesId` go to the server; `brand`/`series` are names, the filters of users who may
 * not list brands and series (see `filtersById`).
 */
export const modelsSearchSchema = listSearchSchema(MODELS_PER_PAGE).extend({
  brandId: optionalId,
  seriesId: optionalId,
  brand: optionalName,
  series: optionalName,
});
export type ModelsSearch = z.infer<typeof modelsSearchSchema>;

/**
 * Brand and series ids can only be learnt from brands/get-all-brands and series/get-all-series,
 * both level 1 (DESIGN §3); the model rows carry names only. So level-1 users filter by id on the
 * server, everybody else picks among the names of the rows loaded (see `modelsRequest`).
 */
export function filtersById(user: SessionUser | null): boolean {
  return mayAccess(user, callAccess['brands/get-all-brands']) && mayAccess(user, callAccess['series/get-all-series']);
}

/** What the server is asked for: the URL without the name filters. */
type ModelsRequest = {
  page: number;
  per_page: number | 'all';
  search?: string;
  brandId?: number;
  seriesId?: number;
};

/** The name filters in force for this user, or null. */
export function nameFilters(search: ModelsSearch, byId: boolean): { brand?: string; series?: string } | null {
  if (byId || (search.brand === undefined && search.series === undefined)) return null;
  return { brand: search.brand, series: search.series };
}

/**
 * The server cannot filter by name, so while a name filter is on every matching row is fetched
 * (as "All" does) and narrowed here: the rows, the count and the footer stay exact.
 */
export function modelsRequest(search: ModelsSearch, byId: boolean): ModelsRequest {
  const byName = nameFilters(search, byId) !== null;
  return {
    page: byName ? 1 : search.page,
    per_page: byName ? 'all' : search.per_page,
    search: search.search,
    brandId: search.brandId,
    seriesId: search.seriesId,
  };
}

const modelsListKeys = {
  all: ['models'] as const,
  list: (request: ModelsRequest) => ['models', 'list', request] as const,
};

/**
 * The total of a fresh cached answer for the same filters, if any: picking "All" on a page of the
 * list then needs no one-row call to learn it. A write marks the lists stale, so none is used then.
 */
function cachedTotal(client: QueryClient, request: ModelsRequest): number | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: ['models', 'list'], stale: false })) {
    const [, , cached] = query.queryKey as ReturnType<typeof modelsListKeys.list>;
    const answer = query.state.data as TableData<ModelRow> | undefined;
    if (answer && cached.search === request.search && cached.brandId === request.brandId && cached.seriesId === request.seriesId)
      return answer.total;
  }
  return undefined;
}

export const modelsListQuery = (request: ModelsRequest) =>
  queryOptions({
    queryKey: modelsListKeys.list(request),
    queryFn: ({ client }) =>
      loggedRead('models', async () => {
        const filters = { search: request.search, brandId: request.brandId, seriesId: request.seriesId };
        const body = await pagedBody(
          request,
          filters,
          async (count) => cachedTotal(client, request) ?? (await callApi('models', count)).tableData.total,
        );
        return (await callApi('models', body)).tableData;
      }),
    placeholderData: keepPreviousData,
  });

const matchesNames = (names: { brand?: string; series?: string }) => (row: ModelRow) =>
  (names.brand === undefined || row.brandName === names.brand) && (names.series === undefined || row.seriesName === names.series);

/** The page asked for among the rows that match a name filter, counted and paged as the server would. */
export function narrowByName(
  table: TableData<ModelRow>,
  names: { brand?: string; series?: string },
  { page, per_page }: Pick<ModelsSearch, 'page' | 'per_page'>,
): TableData<ModelRow> {
  const matching = table.data.filter(matchesNames(names));
  const request = { page, per_page: per_page === 'all' ? Math.max(1, matching.length) : per_page };
  const span = pageWindow(request, matching.length);
  const rows = span ? matching.slice(span.offset, span.offset + span.limit) : [];
  return tableData(table.path, request, matching.length, rows);
}

/** series/get-all-series for the level-1 series filter; under ['series'] so series writes refresh it. */
export const seriesFilterOptionsQuery = queryOptions({
  queryKey: ['series', 'models-filter-options'] as const,
  queryFn: () => loggedRead('series', async () => (await callApi('series/get-all-series')).series),
});
