import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ModelRow } from '#src/contract/models.ts';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { useShownList } from '#src/components/data-table/use-shown-list.ts';
import { mayAccess } from '#src/domain/access.ts';
import { modelColumnList, type ModelColumnId } from '#src/domain/model-columns.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { modelsListAccess } from '#src/domain/screens.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';
import { modelFilterOptionsQuery, modelsListQuery, modelsRouteId, type ModelsSearch } from './api.ts';
import { callPath } from '#src/contract/calls.ts';
import { sheetPage, type SavedSheet } from '#src/domain/saved-sheet.ts';
import { ModelCard, type CardAccess } from './model-card.tsx';
import { modelColumns } from './models-columns.tsx';
import { ModelsFilters } from './models-filters.tsx';
import { ListPricing } from './list-pricing.tsx';
import { variablesQuery } from '#src/features/variables/api.ts';
import type { VariablesAnswer } from '#src/contract/variables.ts';
import { ChangeMarksContext, changeMarksOf } from './change-mark.tsx';
import { changesQuery } from './changes-api.ts';
import { useBusinessDay } from '#src/features/quotes/business-day.tsx';
import { SelectPageOfCards } from './select-cells.tsx';
import { sortDirection } from './sort-header.tsx';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

// The printed sheet's rows stand under a heading per brand (docs/design.md §8.8): the list is in
// brand order unless sorted otherwise, and then a heading comes wherever the brand changes.
const brandOf = (row: ModelRow) => row.brandName;

type Props = {
  search: ModelsSearch;
  user: SessionUser | null;
  /** What the EXCH box holds: a valid rate other than the current one shows the preview column. */
  typedExch?: string;
  /** The titles of the columns shown (docs/design.md §8.4), on screen and in print; none: all the role's. */
  columns?: string[];
  /** Opens the bulk edit of every model the filters match (admins: 'Edit all N matching', docs/design.md §8.4). */
  onEditAll?: ((total: number) => void) | undefined;
  /** Offline (docs/design.md §8.6): the rows, variables and pickers come from the saved sheet. */
  saved?: SavedSheet;
};

// Offline the list is the saved sheet's, filtered and sorted on the device: never busy, never failed.
const offlineStatus = { failed: false, busy: false, retry: () => undefined };

const trOf = (variables: VariablesAnswer) => variables.tr;

/** The price list: rows from the URL's request, prices from the cached variables (Sales: the rows' own Totals). */
export function ModelsTable({ search, user, typedExch = '', columns: shown, onEditAll, saved }: Props) {
  const onlineList = useShownList(useQuery({ ...modelsListQuery(search), enabled: saved === undefined }));
  const savedPage = useMemo(() => saved && sheetPage(saved, search, callPath('models')), [saved, search]);
  const list = savedPage ? { table: savedPage, loading: false, status: offlineStatus } : onlineList;
  // Of the variables, the table reads only whether they have answered and the TR its cards show:
  // the prices follow them in ListPricing, so a new rate does not render the table again.
  const variablesRead = useQuery({ ...variablesQuery, select: trOf });
  const filterOptions = useQuery(modelFilterOptionsQuery).data;
  const onSearchChange = useListSearchChange(modelsRouteId);

  // Only the user's level decides the columns. A new exchange rate makes new figures over the
  // same cached rows: the models are not fetched again, and only the computed cells re-render.
  const roleId = user?.roleId ?? 0;
  const isAdmin = user?.isAdmin ?? 0;
  const signedIn = user !== null;
  const offline = saved !== undefined;
  // Keyed by the titles' text, so an equal choice in a new array keeps the table's row model.
  const shownKey = shown?.join('\n');
  const columns = useMemo(
    () => modelColumns(signedIn ? { roleId, isAdmin } : null, { shown: shownKey?.split('\n'), offline }),
    [signedIn, roleId, isAdmin, shownKey, offline],
  );
  const access = useMemo<CardAccess>(() => {
    const seen = signedIn ? { roleId, isAdmin } : null;
    const titles = shownKey?.split('\n');
    const shownAny = (...ids: ModelColumnId[]) =>
      !titles || modelColumnList.some((column) => ids.includes(column.id) && titles.includes(column.title));
    return {
      capacity: shownAny('capacityKw', 'capacityTr'),
      total: shownAny('total'),
      quantity: mayAccess(seen, modelsListAccess.quantity) && shownAny('quantity'),
      logs: mayAccess(seen, modelsListAccess.logs),
      edit: mayAccess(seen, modelsListAccess.edit),
    };
  }, [signedIn, roleId, isAdmin, shownKey]);
  // Asked once the rows are in, as the route's loader does (see there).
  const changes = useQuery({ ...changesQuery, enabled: list.table !== undefined }).data;
  const { zone } = useBusinessDay();
  const marks = useMemo(() => (changes ? changeMarksOf(changes, zone) : null), [changes, zone]);
  const tr = saved ? saved.variables.tr : variablesRead.data;
  const ariaSort = (columnId: string) => {
    const key = modelColumnList.find((column) => column.id === columnId)?.sort;
    const direction = key && sortDirection(search.sort, key);
    return direction ? ARIA_SORT[direction] : undefined;
  };

  // Prices need the variables: the spinner stays until both have answered, so no row shows
  // without its prices (a failed variables read is only logged, and the price cells then show '-').
  const ready = saved !== undefined || !variablesRead.isPending;
  const total = list.table?.total;
  return (
    <ListPricing user={user} typedExch={typedExch} saved={saved}>
      <ChangeMarksContext value={marks}>
        <DataTable
          list={ready ? list : { ...list, table: undefined, loading: true }}
          columns={columns}
          perPage={search.per_page}
          onSearchChange={onSearchChange}
          caption="Models"
          toolbar={
            <>
              <ModelsFilters search={search} options={saved?.filterOptions ?? filterOptions} />
              {onEditAll && !offline && total !== undefined && total > 0 && (
                <button
                  type="button"
                  className="rounded border border-brand px-3 py-1.5 text-sm font-medium text-brand"
                  onClick={() => onEditAll(total)}
                >
                  Edit all {total} matching
                </button>
              )}
            </>
          }
          ariaSort={ariaSort}
          card={(row) => <ModelCard row={row} tr={tr} access={access} />}
          cardsHeading={offline ? undefined : <SelectPageOfCards rows={list.table?.data ?? []} />}
          printGroup={brandOf}
        />
      </ChangeMarksContext>
    </ListPricing>
  );
}
