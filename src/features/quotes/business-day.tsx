import { useQuery } from '@tanstack/react-query';
import { addDays, businessDate, DEFAULT_BUSINESS_TIME_ZONE, formatBusinessDay } from '#src/domain/business-time.ts';
import { DEFAULT_QUOTE_VALIDITY_DAYS } from '#src/domain/quotes.ts';
import { settingsQuery } from '#src/features/settings/api.ts';

/** The server's business day and validity (the `settings` call), its defaults until that answers. */
export function useBusinessDay() {
  const settings = useQuery(settingsQuery).data;
  const zone = settings?.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  const validityDays = settings?.quoteValidityDays ?? DEFAULT_QUOTE_VALIDITY_DAYS;
  return { zone, defaultValidUntil: () => addDays(businessDate(new Date(), zone), validityDays) };
}

/** '5 Nov 2026': an instant's day in the business time zone. */
export function BusinessDay({ instant }: { instant: string }) {
  return <>{formatBusinessDay(instant, useBusinessDay().zone)}</>;
}
