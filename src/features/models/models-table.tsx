import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { useShownList } from '#src/components/data-table/use-shown-list.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import { modelsListQuery, type ModelsSearch } from './list-api.ts';
import { modelColumns } from './models-columns.tsx';
import { ModelsFilters } from './models-filters.tsx';
import { pricing, PricingContext } from './price-cells.tsx';

/** The price list: rows from the URL's request, prices from the cached variables. */
export function ModelsTable({ search, user }: { search: ModelsSearch; user: SessionUser | null }) {
  const list = useShownList(useQuery(modelsListQuery(search)));
  const variables = useQuery(variablesQuery);

  // Only the user's level decides the columns. A new exchange rate makes a new pricing over the
  // same cached rows: the models are not fetched again, and only the computed cells re-render.
  const roleId = user?.roleId ?? 0;
  const isAdmin = user?.isAdmin ?? 0;
  const signedIn = user !== null;
  const columns = useMemo(() => modelColumns(signedIn ? { roleId, isAdmin } : null), [signedIn, roleId, isAdmin]);
  const prices = useMemo(() => pricing(variables.data), [variables.data]);

  // Prices need the variables: the spinner stays until both have answered (a failed variables
  // read is only logged, and the price cells then show '-').
  const ready = !variables.isPending;
  return (
    <PricingContext value={prices}>
      <DataTable
        table={ready ? list.table : undefined}
        columns={columns}
        perPage={search.per_page}
        loading={list.loading || variables.isPending}
        status={list.status}
        caption="Models"
        toolbar={<ModelsFilters search={search} />}
      />
    </PricingContext>
  );
}
