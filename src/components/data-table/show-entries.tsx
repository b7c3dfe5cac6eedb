import { FilterField, filterControlClass } from '#src/components/filter-field.tsx';
import { PAGE_SIZES } from '#src/lib/list-search.ts';

type Props = {
  value: number | 'all';
  /** Writes the new size into the URL (the route's useListSearchChange: typed by the route, back to page 1). */
  onSearchChange: (patch: { per_page: number | 'all' }) => void;
};

/** The page-size selector: 30 … 500 and All; a new size starts again at page 1. */
export function ShowEntries({ value, onSearchChange }: Props) {
  const sizes: (number | 'all')[] = [...PAGE_SIZES];
  if (typeof value === 'number' && !sizes.includes(value)) sizes.push(value);
  return (
    <FilterField label="Show Entries">
      {(id) => (
        <select
          id={id}
          value={String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            onSearchChange({ per_page: raw === 'all' ? 'all' : Number(raw) });
          }}
          className={filterControlClass}
        >
          {sizes.map((size) => (
            <option key={size} value={String(size)}>
              {size === 'all' ? 'All' : size}
            </option>
          ))}
          <option value="all">All</option>
        </select>
      )}
    </FilterField>
  );
}
