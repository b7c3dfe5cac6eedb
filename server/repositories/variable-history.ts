import type { HistoryRow, VariableName } from '#src/contract/variables.ts';
import type { VariableChange } from '#src/domain/variable-history.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { readPage, type PageRequest } from './read-page.ts';

/** The history rows of one write of the variables; the caller's transaction holds the write. */
export async function recordVariableChanges(trx: Db, changes: readonly VariableChange[], userId: number, at: string): Promise<void> {
  await trx
    .insertInto('variable_history')
    .values(
      changes.map((change) => ({
        variable: change.variable,
        old_value: change.oldValue,
        new_value: change.newValue,
        user_id: userId,
        created_at: at,
      })),
    )
    .execute();
}

const HISTORY_COLUMNS = [
  'variable_history.id',
  'variable_history.variable',
  'variable_history.old_value',
  'variable_history.new_value',
  'users.name',
  'variable_history.created_at',
] as const;

/** One page of the pricing history, newest first, ties by id newest first (docs/design.md §7.2). */
export function listVariableHistory(store: Store, variable: VariableName | undefined, page: PageRequest) {
  const history = store.db.selectFrom('variable_history').$if(variable !== undefined, (query) => query.where('variable', '=', variable!));
  return readPage(store, page, {
    // Every row has its user (a foreign key): the count needs no join.
    counted: history,
    page: (limit, offset) =>
      history
        .innerJoin('users', 'users.id', 'variable_history.user_id')
        .select(HISTORY_COLUMNS)
        .orderBy('variable_history.created_at', 'desc')
        .orderBy('variable_history.id', 'desc')
        .limit(limit)
        .offset(offset),
    columns: HISTORY_COLUMNS,
    rowOf: (row): HistoryRow => ({
      id: row.id,
      variable: row.variable as VariableName,
      oldValue: row.old_value,
      newValue: row.new_value,
      userName: row.name,
      createdAt: row.created_at,
    }),
  });
}
