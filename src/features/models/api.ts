import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';

// Every model read sits under ['models'], so one invalidation of `all` after a write refreshes
// the models list (kept by the list feature under ['models', 'list', …]), the details, the logs
// and the stock selector's options together.
export const modelKeys = {
  all: ['models'] as const,
  detail: (id: number) => ['models', 'detail', id] as const,
  logs: (id: number) => ['models', 'logs', id] as const,
  options: ['models', 'options'] as const,
};

/** One model for the edit and logs screens; a 404 sends the screen back to `/` (loadDetailOrLeave). */
export const modelQuery = (id: number) =>
  queryOptions({ queryKey: modelKeys.detail(id), queryFn: async () => (await callApi('models/get-model', { id })).model });

/** A model's stock log, newest first, one page as the URL says. */
export const modelLogsQuery = (id: number, search: ListSearch) =>
  pagedListQuery({ call: 'models/model-logs', key: modelKeys.logs(id), search, filters: { modelId: id }, what: 'model logs' });

/** The Add Stock selector: every model with its series name. */
export const modelOptionsQuery = queryOptions({
  queryKey: modelKeys.options,
  queryFn: async () => (await callApi('models/get-all-models')).models,
});

// Series data, so it sits under ['series'] where the series screens' writes invalidate it.
const seriesByBrandKey = (brandId: number) => ['series', 'by-brand', brandId] as const;

/** The model forms' series picker: the series of one brand. */
export const seriesByBrandQuery = (brandId: number) =>
  queryOptions({
    queryKey: seriesByBrandKey(brandId),
    queryFn: async () => (await callApi('series/get-series-by-brand', { brandId })).series,
  });
