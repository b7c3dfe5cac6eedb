import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { memo, useId } from 'react';
import { ListSearchBox } from '#src/components/list-search-box.tsx';
import type { ModelRow } from '#src/contract/models.ts';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { seriesFilterOptionsQuery, type ModelsSearch } from './list-api.ts';

type Patch = Partial<Pick<ModelsSearch, 'brandId' | 'seriesId' | 'brand' | 'series'>>;
type Option = { value: string; label: string; group?: string };

/** A filter change goes into the URL and starts again at page 1 (DESIGN §6). */
function useApplyFilter() {
  const navigate = useNavigate();
  return (patch: Patch) => void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...patch, page: 1 }) });
}

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
  const id = useId();
  const groups = [...new Set(options.flatMap((option) => (option.group === undefined ? [] : [option.group])))];
  const render = (list: Option[]) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-48 rounded border border-slate-300 px-2 py-1"
      >
        <option value="">All</option>
        {render(options.filter((option) => option.group === undefined))}
        {groups.map((group) => (
          <optgroup key={group} label={group}>
            {render(options.filter((option) => option.group === group))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

const idOf = (value: string) => (value === '' ? undefined : Number(value));

/** Level 1: every brand and series, by id, filtered on the server. */
function FiltersById({ search }: { search: ModelsSearch }) {
  const apply = useApplyFilter();
  const brands = useQuery(brandOptionsQuery);
  const series = useQuery(seriesFilterOptionsQuery);
  const brandOptions = (brands.data ?? []).map((brand) => ({ value: String(brand.id), label: brand.brandName }));
  const seriesOptions = (series.data ?? [])
    .filter((item) => search.brandId === undefined || item.seriesBrandId === search.brandId)
    .map((item) => ({ value: String(item.id), label: item.seriesName, group: item.brandName }));
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

function namesOf(values: string[], current: string | undefined): Option[] {
  const names = [...new Set(values)];
  // A name from a shared link stays selectable even when no loaded row carries it.
  if (current !== undefined && !names.includes(current)) names.push(current);
  return names.map((name) => ({ value: name, label: name }));
}

/**
 * Below level 1 the brand and series lists cannot be fetched (DESIGN §3) and the rows carry names,
 * not ids: the choices are the names in the rows loaded, and a choice narrows those rows.
 */
function FiltersByName({ search, rows }: { search: ModelsSearch; rows: readonly ModelRow[] }) {
  const apply = useApplyFilter();
  const brandOptions = namesOf(
    rows.map((row) => row.brandName),
    search.brand,
  );
  const seriesOptions = namesOf(
    rows.filter((row) => search.brand === undefined || row.brandName === search.brand).map((row) => row.seriesName),
    search.series,
  );
  const nameOf = (value: string) => (value === '' ? undefined : value);
  return (
    <>
      <FilterSelect
        label="Brand"
        value={search.brand ?? ''}
        options={brandOptions}
        onChange={(value) => apply({ brand: nameOf(value), series: undefined })}
      />
      <FilterSelect
        label="Series"
        value={search.series ?? ''}
        options={seriesOptions}
        onChange={(value) => apply({ series: nameOf(value) })}
      />
    </>
  );
}

/**
 * Search, brand and series for the models list; `rows` are the rows loaded, before any name filter.
 * Memoised: a new exchange rate re-renders the list, and these hundreds of options need not follow.
 */
export const ModelsFilters = memo(function ModelsFilters({
  search,
  byId,
  rows,
}: {
  search: ModelsSearch;
  byId: boolean;
  rows: readonly ModelRow[];
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ListSearchBox value={search.search} />
      {byId ? <FiltersById search={search} /> : <FiltersByName search={search} rows={rows} />}
    </div>
  );
});
