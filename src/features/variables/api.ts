import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VariableName } from '#src/contract/variables.ts';
import { callApi } from '#src/lib/api-client.ts';
import { pagedBody, type ListSearch } from '#src/lib/list-search.ts';
import { loggedRead } from '#src/lib/logged.ts';

export const variablesKey = ['variables'] as const;

/** The five pricing variables, as the exact decimal text the server keeps. */
export const variablesQuery = queryOptions({
  queryKey: variablesKey,
  queryFn: () => loggedRead('variables', async () => (await callApi('variables')).variables),
});

export const historyKeys = {
  all: ['variables', 'history'] as const,
  page: (variable: VariableName, search: Pick<ListSearch, 'page' | 'per_page'>) => [...historyKeys.all, variable, search] as const,
  series: (variable: VariableName) => [...historyKeys.all, variable, 'series'] as const,
};

/** One page of a variable's changes, newest first, as the URL says. */
export const variableHistoryQuery = (variable: VariableName, search: Pick<ListSearch, 'page' | 'per_page'>) =>
  queryOptions({
    queryKey: historyKeys.page(variable, search),
    queryFn: () =>
      loggedRead('pricing history', async () => {
        const body = await pagedBody(search, { variable }, async (count) => (await callApi('variables/history', count)).tableData.total);
        return (await callApi('variables/history', body)).tableData;
      }),
    placeholderData: keepPreviousData,
  });

/** Changes the chart draws at most: years of daily rate changes. */
export const CHART_CHANGES = 5_000;

/** A variable's changes for the chart: one call, the newest CHART_CHANGES, oldest first. */
export const historySeriesQuery = (variable: VariableName) =>
  queryOptions({
    queryKey: historyKeys.series(variable),
    queryFn: () =>
      loggedRead('pricing history chart', async () => {
        const page = await callApi('variables/history', { filters: { variable }, page: 1, per_page: CHART_CHANGES });
        return page.tableData.data.toReversed();
      }),
  });
