import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import type { SessionUser } from '#src/domain/roles.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import { previewRate } from './exch-preview.ts';
import { modelsListQuery, type ModelsSearch } from './list-api.ts';
import { modelColumns } from './models-columns.tsx';
import { ModelsFilters } from './models-filters.tsx';
import { pricing, PreviewContext, PricingContext, type Preview } from './price-cells.tsx';

type Props = {
  search: ModelsSearch;
  user: SessionUser | null;
  /** What the EXCH box holds: a valid rate other than the current one adds a preview column. */
  typedExch?: string;
};

/** The price list: rows from the URL's request, prices from the cached variables. */
export function ModelsTable({ search, user, typedExch = '' }: Props) {
  const list = useQuery(modelsListQuery(search));
  const variables = useQuery(variablesQuery);

  // Only the user's level decides the columns. A new exchange rate makes a new pricing over the
  // same cached rows: the models are not fetched again, and only the computed cells re-render.
  const roleId = user?.roleId ?? 0;
  const isAdmin = user?.isAdmin ?? 0;
  const signedIn = user !== null;
  const rate = previewRate(typedExch, variables.data?.exch);
  const previewing = rate !== null;
  const columns = useMemo(() => modelColumns(signedIn ? { roleId, isAdmin } : null, previewing), [signedIn, roleId, isAdmin, previewing]);
  const prices = useMemo(() => pricing(variables.data), [variables.data]);
  const preview = useMemo<Preview>(
    () => (rate === null || !variables.data ? null : { rate, pricing: pricing({ ...variables.data, exch: rate }) }),
    [rate, variables.data],
  );

  // Prices need the variables: the spinner stays until both have answered (a failed variables
  // read is only logged, and the price cells then show '-').
  const ready = !variables.isPending;
  return (
    <PricingContext value={prices}>
      <PreviewContext value={preview}>
        <DataTable
          table={ready ? list.data : undefined}
          columns={columns}
          perPage={search.per_page}
          loading={list.isPending || variables.isPending}
          caption="Models"
          toolbar={<ModelsFilters search={search} />}
        />
      </PreviewContext>
    </PricingContext>
  );
}
