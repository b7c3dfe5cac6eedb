import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { lazy, Suspense } from 'react';
import { z } from 'zod/mini';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { useShownList } from '#src/components/data-table/use-shown-list.ts';
import { FilterField, filterControlClass } from '#src/components/filter-field.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { variableNames, type VariableName } from '#src/contract/variable-names.ts';
import { historySeriesQuery, variableHistoryQuery } from '#src/features/variables/api.ts';
import { historyColumns } from '#src/features/variables/history-columns.tsx';
import { variableLabels } from '#src/features/variables/history-labels.ts';
import { listRouteSearch, listSearchSchema } from '#src/lib/list-search.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';

// The chart library loads with this screen only, never with the first screen (docs/design.md §7.2).
const HistoryChart = lazy(() => import('#src/features/variables/history-chart.tsx'));

/** The page and page size of the table, and the variable shown: EXCH unless the URL names another. */
const historySearch = z.extend(z.omit(listSearchSchema(), { search: true }), {
  variable: z.catch(z._default(z.enum(variableNames), 'exch'), 'exch'),
});

export const Route = createFileRoute('/_app/variables/history')({
  ...guardScreen('pricingHistory'),
  ...listRouteSearch(historySearch),
  loaderDeps: ({ search }) => search,
  // A failed read is only logged (docs/product.md §8): prefetching never throws.
  loader: ({ context, deps: { variable, ...page } }) => {
    void context.queryClient.prefetchQuery(variableHistoryQuery(variable, page));
    void context.queryClient.prefetchQuery(historySeriesQuery(variable));
  },
  component: PricingHistory,
});

function PricingHistory() {
  const { variable, ...page } = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const rows = useShownList(useQuery(variableHistoryQuery(variable, page)));
  const series = useQuery(historySeriesQuery(variable));
  const label = variableLabels[variable];
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Pricing History' }]} />
      <Card title="Pricing History" actions={<VariablePicker value={variable} onSearchChange={onSearchChange} />}>
        <div className="mb-6">
          {series.data ? (
            <Suspense fallback={<Spinner />}>
              <HistoryChart changes={series.data} label={label} />
            </Suspense>
          ) : (
            <Spinner />
          )}
        </div>
        <DataTable list={rows} columns={historyColumns} perPage={page.per_page} onSearchChange={onSearchChange} caption="Pricing History" />
      </Card>
    </>
  );
}

/** Which variable the chart and the table show; kept in the URL, back to page 1 on a change. */
function VariablePicker({ value, onSearchChange }: { value: VariableName; onSearchChange: (patch: { variable: VariableName }) => void }) {
  return (
    <FilterField label="Variable">
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(event) => onSearchChange({ variable: event.target.value as VariableName })}
          className={filterControlClass}
        >
          {variableNames.map((name) => (
            <option key={name} value={name}>
              {variableLabels[name]}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}
