import { FilterField, filterControlClass as control } from '#src/components/filter-field.tsx';
import { quoteStatuses, type QuoteStatus } from '#src/contract/quotes.ts';
import { statusLabel } from './quote-status.tsx';

/** The Quotes list's status filter: a change goes into the URL and starts again at page 1. */
export function StatusFilter({ value, onChange }: { value: QuoteStatus | undefined; onChange: (status: QuoteStatus | undefined) => void }) {
  return (
    <FilterField label="Status">
      {(id) => (
        <select
          id={id}
          className={control}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as QuoteStatus))}
        >
          <option value="">All</option>
          {quoteStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel[status]}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}
