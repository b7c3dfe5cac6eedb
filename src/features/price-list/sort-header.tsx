import { getRouteApi } from '@tanstack/react-router';
import { parseModelSort, type ModelSortKey, type ModelSortText, type SortDirection } from '#src/contract/models.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';
import { usePrinting } from '#src/lib/use-printing.ts';
import { modelsRouteId } from './api.ts';

/** The direction the URL's sort gives this key, if it sorts by it. */
export function sortDirection(sort: ModelSortText | undefined, key: ModelSortKey): SortDirection | undefined {
  const current = sort === undefined ? undefined : parseModelSort(sort);
  return current?.key === key ? current.direction : undefined;
}

// Clicking cycles ascending, descending, off (docs/design.md §7.1).
const nextSort = (key: ModelSortKey, direction: SortDirection | undefined): ModelSortText | undefined =>
  direction === undefined ? `${key}.asc` : direction === 'asc' ? `${key}.desc` : undefined;

// The arrow is drawn by CSS (a pseudo-element), so the header's text stays its title for every reader.
const arrows = "data-[sort=asc]:after:content-['▲'] data-[sort=desc]:after:content-['▼'] after:ml-1 after:text-[0.6rem]";

/**
 * A sortable column's header: a real button; the URL keeps the sort and the list goes back to page 1.
 * On paper only its title: Chromium leaves a button's text out of the header row it repeats on
 * every page after the first.
 */
export function SortHeader({ title, sortKey }: { title: string; sortKey: ModelSortKey }) {
  const sort = getRouteApi(modelsRouteId).useSearch({ select: (search) => search.sort });
  const change = useListSearchChange(modelsRouteId);
  const printing = usePrinting();
  const direction = sortDirection(sort, sortKey);
  if (printing) return title;
  return (
    <button
      type="button"
      data-sort={direction}
      className={`inline-flex items-center [text-align:inherit] hover:text-slate-900 ${arrows}`}
      onClick={() => change({ sort: nextSort(sortKey, direction) })}
    >
      {title}
    </button>
  );
}
