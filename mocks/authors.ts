import type { MockStore, MockUser } from './store-shape.ts';

/** Rows with the user who wrote each, an inner join on users as the server's queries: a row whose user is gone is left out. */
export function withAuthors<Row extends { userId: number }, Out>(
  store: MockStore,
  rows: readonly Row[],
  toRow: (row: Row, author: MockUser) => Out,
): Out[] {
  return rows.flatMap((row) => {
    const author = store.users.find((user) => user.id === row.userId);
    return author ? [toRow(row, author)] : [];
  });
}
