import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '#src/features/settings/api.ts';

/**
 * docs/design.md §8.8: whose sheet a printed price list is, above its line of date, rate and
 * filters; only on paper. A company without a name yet prints 'Price list' alone.
 */
export function PrintHeading() {
  const companyName = useQuery(settingsQuery).data?.companyName;
  return (
    <div data-testid="print-heading" className="mb-1 hidden print:block">
      {companyName && <p className="text-lg font-semibold">{companyName}</p>}
      <h2 className="text-base font-semibold">Price list</h2>
    </div>
  );
}
