/**
 * Whether `text` holds every word of `query`, each anywhere and in any case: 'gree 12fit' finds
 * 'Gree Fairy GS-12FITH1W'. An empty query matches everything.
 */
export function matchesWords(text: string, query: string): boolean {
  const haystack = text.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}
