import { strictListSearches } from './list-searches.ts';
import type { ViewScreen } from '#src/contract/views.ts';

/**
 * A list URL's query string read as the app's router reads it (TanStack Router's default
 * parseSearch: each value that reads as JSON is that JSON, `brandId=2` the number 2, else the
 * text), so a view's search is checked as the screen will read it. A repeated key is a list,
 * which no list's search has.
 */
export function searchOfQuery(query: string): Record<string, unknown> {
  const search: Record<string, unknown> = {};
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).map(readValue);
    search[key] = values.length === 1 ? values[0] : values;
  }
  return search;
}

function readValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether a view's search is one the screen reads whole: no unknown key, nothing it would drop. */
export const isViewSearch = (screen: ViewScreen, query: string): boolean =>
  strictListSearches[screen].safeParse(searchOfQuery(query)).success;
