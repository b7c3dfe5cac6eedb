/** Names are compared, searched and ordered lower-cased and trimmed, the same way on every database. */
export const nameKey = (name: string): string => name.trim().toLowerCase();
