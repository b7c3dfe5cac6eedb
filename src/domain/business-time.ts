// The business day (docs/design.md §8, BUSINESS_TIME_ZONE): quotes are valid to the end of a day
// there, numbered by its year, and documents print its dates ('5 Nov 2026') and times ('14:05').

/** BUSINESS_TIME_ZONE's default. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Karachi';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 86_400_000;

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Whether the runtime knows this IANA zone (the server checks its configuration with it). */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The business day of an instant, `YYYY-MM-DD`. */
export const businessDate = (instant: Date, timeZone: string): string => wallClock(instant, timeZone).date;

/** The business year of an instant, for quote numbers. */
export const businessYear = (instant: Date, timeZone: string): number => Number(businessDate(instant, timeZone).slice(0, 4));

/** A calendar date `days` later (or earlier), `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** '5 Nov 2026' for a date `YYYY-MM-DD`. */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** '5 Nov 2026' for an instant (an ISO time or a Date), in the business time zone. */
export const formatBusinessDay = (instant: Date | string, timeZone: string): string => formatDay(businessDate(new Date(instant), timeZone));

/** '14:05' for an instant, in the business time zone. */
export const formatBusinessTime = (instant: Date | string, timeZone: string): string => wallClock(new Date(instant), timeZone).time;
