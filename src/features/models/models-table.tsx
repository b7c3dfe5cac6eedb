import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import type { ModelRow } from '#src/contract/models.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import { filtersById, modelsListQuery, modelsRequest, nameFilters, narrowByName, type ModelsSearch } from './list-api.ts';
import { modelColumns } from './models-columns.tsx';
import { ModelsFilters } from './models-filters.tsx';
import { pricing, PricingContext } from './price-cells.tsx';

const noRows: ModelRow[] = [];

/** The price list: rows from the URL's request, prices from the cached variables. */
export function ModelsTable({ search, user }: { search: ModelsSearch; user: SessionUser | null }) {
  const byId = filtersById(user);
  const list = useQuery(modelsListQuery(modelsRequest(search, byId)));
  const variables = useQuery(variablesQuery);

  // Only the user's level decides the columns. A new exchange rate makes a new pricing over the
  // same cached rows: the models are not fetched again, and only the computed cells re-render.
  const roleId = user?.roleId ?? 0;
  const isAdmin = user?.isAdmin ?? 0;
  const signedIn = user !== null;
  const columns = useMemo(() => modelColumns(signedIn ? { roleId, isAdmin } : null), [signedIn, roleId, isAdmin]);
  const prices = useMemo(() => pricing(variables.data), [variables.data]);

  const names = nameFilters(search, byId);
  const byName = names !== null;
  const brand = names?.brand;
  const series = names?.series;
  const { page, per_page } = search;
  const shown = useMemo(
    () => (list.data && byName ? narrowByName(list.data, { brand, series }, { page, per_page }) : list.data),
    [list.data, byName, brand, series, page, per_page],
  );

  // Prices need the variables: the spinner stays until both have answered (a failed variables
  // read is only logged, and the price cells then show '-').
  const ready = !variables.isPending;
  return (
    <PricingContext value={prices}>
      <DataTable
        table={ready ? shown : undefined}
        columns={columns}
        perPage={search.per_page}
        loading={list.isPending || variables.isPending}
        caption="Models"
        toolbar={<ModelsFilters search={search} byId={byId} rows={list.data?.data ?? noRows} />}
      />
    </PricingContext>
  );
}
