import { useQuery } from '@tanstack/react-query';
import { parseModelSort, type FilterOptions } from '#src/contract/models.ts';
import { modelColumnsSeen } from '#src/domain/model-columns.ts';
import { sizeLabel } from '#src/domain/model-size.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';
import { modelFilterOptionsQuery, type ModelsSearch } from './api.ts';
import { PrintHeading } from './print-heading.tsx';
import type { SheetStamp } from './print-stamp.ts';

/** The filters and sort in force, in words, as the printed sheet names them. */
function inForce(search: ModelsSearch, brands: FilterOptions['brands'], user: SessionUser | null) {
  const brand = brands.find((row) => row.id === search.brandId);
  const series = brands.flatMap((row) => row.series).find((row) => row.id === search.seriesId);
  const sort = search.sort && parseModelSort(search.sort);
  // Named by the first column the user sees that sorts so (Sales sort by price through Total).
  const sortTitle = sort && modelColumnsSeen(user).find((column) => column.sort === sort.key)?.title;
  return [
    search.search && `Search: ${search.search}`,
    brand && `Brand: ${brand.brandName}`,
    series && `Series: ${series.seriesName}`,
    search.size && `Size: ${sizeLabel(search.size)}`,
    search.lowStock === 1 && 'Low stock only',
    sort && `Sorted by: ${sortTitle ?? sort.key} ${sort.direction === 'asc' ? 'ascending' : 'descending'}`,
  ].filter(Boolean);
}

// Made once: the line is drawn again with every key typed in the EXCH box, and making a date format costs more than using one.
const printDate = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });

/**
 * docs/design.md §7.1, §8.2: above the printed table (under the company's name, §8.8), the stamp's
 * line (its date, time, rate and ref) and the filters in force, with the QR code of the stamp's
 * link; a print without a stamp yet (from the browser's menu) gets the date and rate instead.
 */
export function PrintLine({ search, stamp }: { search: ModelsSearch; stamp: SheetStamp | null }) {
  const exch = useQuery(variablesQuery).data?.exch;
  const brands = useQuery(modelFilterOptionsQuery).data?.brands ?? [];
  const user = useSessionUser();
  const filters = inForce(search, brands, user);
  const shown = filters.length > 0 ? filters.join(' · ') : 'All models';
  return (
    <>
      <PrintHeading />
      {stamp ? (
        <div className="mb-2 hidden items-start justify-between gap-4 text-sm print:flex">
          <div>
            <p data-testid="print-line">{stamp.line}</p>
            <p data-testid="print-filters">{shown}</p>
          </div>
          <figure className="flex shrink-0 items-end gap-2">
            <img src={stamp.qr} alt={`QR code of ${stamp.url}`} className="h-24 w-24" />
            <figcaption className="max-w-40 text-xs [overflow-wrap:anywhere]">{stamp.url}</figcaption>
          </figure>
        </div>
      ) : (
        <p data-testid="print-line" className="mb-2 hidden text-sm print:block">
          {[`Date: ${printDate.format(new Date())}`, `EXCH: ${exch ?? '-'}`, shown].join(' · ')}
        </p>
      )}
    </>
  );
}
