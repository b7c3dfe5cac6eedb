import { useQuery } from '@tanstack/react-query';
import { addDays, businessDate } from '#src/domain/business-time.ts';
import { DEFAULT_QUOTE_VALIDITY_DAYS } from '#src/domain/quotes.ts';
import { settingsQuery } from '#src/features/settings/api.ts';
import { useBusinessDay } from './business-day.tsx';

/**
 * A new quote's Valid until: today in the business time zone plus the validity days (the
 * `settings` call, their default until it answers). Apart from useBusinessDay, which the first
 * screen uses, so the quote rules stay off it.
 */
export function useDefaultValidUntil(): () => string {
  const { zone } = useBusinessDay();
  const validityDays = useQuery(settingsQuery).data?.quoteValidityDays ?? DEFAULT_QUOTE_VALIDITY_DAYS;
  return () => addDays(businessDate(new Date(), zone), validityDays);
}
