// The Audit Log's day filters are typed as its rows show dates, day first (docs/design.md §8.8),
// and kept in the URL and sent to the server as ISO days, a format that does not depend on the reader.

const DAY_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** '31/01/2026' (or '5/1/2026') as '2026-01-31'; null when it is no calendar day. */
export function dayFromText(text: string): string | null {
  const match = DAY_TEXT.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  // The round trip through Date refuses 30/02/2026, which the pattern alone lets by.
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** '2026-01-31' as '31/01/2026'. */
export function textOfDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

export const DAY_TEXT_MESSAGE = 'Enter the date as dd/mm/yyyy, for example 31/01/2026.';
