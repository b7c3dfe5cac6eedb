import { memo } from 'react';
import { FilterField, filterControlClass, filterRowClass } from '#src/components/filter-field.tsx';
import { ListSearchBox } from '#src/components/list-search-box.tsx';
import { mayFilterModelsByLowStock } from '#src/domain/model-fields.ts';
import { sizeLabel } from '#src/domain/model-size.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';
import type { FilterOptions } from '#src/contract/models.ts';
import { modelsRouteId, type ModelsSearch } from './api.ts';

type Option = { value: string; label: string; group?: string };

/** A filter change goes into the URL and starts again at page 1 (docs/design.md §6). */
const useApplyFilter = () => useListSearchChange(modelsRouteId);

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const groups = [...new Set(options.flatMap((option) => (option.group === undefined ? [] : [option.group])))];
  const render = (list: Option[]) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  return (
    <FilterField label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`md:max-w-48 ${filterControlClass}`}>
          <option value="">All</option>
          {render(options.filter((option) => option.group === undefined))}
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {render(options.filter((option) => option.group === group))}
            </optgroup>
          ))}
        </select>
      )}
    </FilterField>
  );
}

const idOf = (value: string) => (value === '' ? undefined : Number(value));

/**
 * Brand and series for every role, from models/filter-options, filtered on the server by id. With
 * no brand picked the series are grouped under their brands.
 */
function BrandSeriesFilters({ search, brands }: { search: ModelsSearch; brands: FilterOptions['brands'] }) {
  const apply = useApplyFilter();
  const brandOptions = brands.map((brand) => ({ value: String(brand.id), label: brand.brandName }));
  const seriesOptions = brands
    .filter((brand) => search.brandId === undefined || brand.id === search.brandId)
    .flatMap((brand) =>
      brand.series.map((series) => ({
        value: String(series.id),
        label: series.seriesName,
        group: search.brandId === undefined ? brand.brandName : undefined,
      })),
    );
  return (
    <>
      <FilterSelect
        label="Brand"
        value={String(search.brandId ?? '')}
        options={brandOptions}
        onChange={(value) => apply({ brandId: idOf(value), seriesId: undefined })}
      />
      <FilterSelect
        label="Series"
        value={String(search.seriesId ?? '')}
        options={seriesOptions}
        onChange={(value) => apply({ seriesId: idOf(value) })}
      />
    </>
  );
}

/**
 * 'Size' for every role (docs/design.md §8.8): the sizes of the models the user's list shows, named
 * '1.5 ton', kept in the URL as `?size=1.50` and filtered on the server.
 */
function SizeFilter({ size, sizes }: { size: string | undefined; sizes: string[] }) {
  const apply = useApplyFilter();
  return (
    <FilterSelect
      label="Size"
      value={size ?? ''}
      options={sizes.map((value) => ({ value, label: sizeLabel(value) }))}
      onChange={(value) => apply({ size: value === '' ? undefined : value })}
    />
  );
}

/** 'Low stock only' (level 2): the models at or below their minimum stock, kept as `?lowStock=1`. */
function LowStockFilter({ checked }: { checked: boolean }) {
  const apply = useApplyFilter();
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(event) => apply({ lowStock: event.target.checked ? 1 : undefined })} />
      Low stock only
    </label>
  );
}

/**
 * Search, brand, series, size and (level 2) low stock for the models list, the pickers' options
 * from models/filter-options (or, offline, the saved sheet's copy of it).
 * Memoised: a new exchange rate re-renders the list, and these hundreds of options need not follow.
 */
export const ModelsFilters = memo(function ModelsFilters({
  search,
  options,
}: {
  search: ModelsSearch;
  options: FilterOptions | undefined;
}) {
  const user = useSessionUser();
  const apply = useApplyFilter();
  return (
    <div className={filterRowClass}>
      <ListSearchBox value={search.search} onSearchChange={apply} />
      <BrandSeriesFilters search={search} brands={options?.brands ?? []} />
      <SizeFilter size={search.size} sizes={options?.sizes ?? []} />
      {user && mayFilterModelsByLowStock(user) && <LowStockFilter checked={search.lowStock === 1} />}
    </div>
  );
});
