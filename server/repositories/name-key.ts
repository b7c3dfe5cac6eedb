/** Names are compared and searched lower-cased in JS, so both databases agree on what matches. */
export const nameKey = (name: string) => name.trim().toLowerCase();
