import { queryOptions } from '@tanstack/react-query';
import type { VariableName } from '#src/contract/variables.ts';
import { callApi } from '#src/lib/api-client.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { loggedRead } from '#src/lib/logged.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';

export const variablesKey = ['variables'] as const;

/** The five pricing variables, as the exact decimal text the server keeps. */
export const variablesQuery = queryOptions({
  queryKey: variablesKey,
  queryFn: () => loggedRead('variables', async () => (await callApi('variables')).variables),
});

export const historyKeys = {
  all: ['variables', 'history'] as const,
  pages: (variable: VariableName) => [...historyKeys.all, variable] as const,
  series: (variable: VariableName) => [...historyKeys.all, variable, 'series'] as const,
};

/** One page of a variable's changes, newest first, as the URL says. */
export const variableHistoryQuery = (variable: VariableName, search: Pick<ListSearch, 'page' | 'per_page'>) =>
  pagedListQuery({ call: 'variables/history', key: historyKeys.pages(variable), search, filters: { variable }, what: 'pricing history' });

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
