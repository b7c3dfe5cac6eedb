import { useQuery } from '@tanstack/react-query';
import { DEFAULT_BUSINESS_TIME_ZONE, formatBusinessDay } from '#src/domain/business-time.ts';
import { settingsQuery } from '#src/features/settings/api.ts';

/** The server's business time zone (the `settings` call), its default until that answers. */
export function useBusinessDay() {
  return { zone: useQuery(settingsQuery).data?.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE };
}

/** '5 Nov 2026': an instant's day in the business time zone. */
export function BusinessDay({ instant }: { instant: string }) {
  return <>{formatBusinessDay(instant, useBusinessDay().zone)}</>;
}
