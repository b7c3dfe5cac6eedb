import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import { variableNames, type Variables } from '#src/contract/variables.ts';
import { exchAsSeen, variableChanges } from '#src/domain/variable-history.ts';
import type { Db } from '#server/db/connect.ts';
import { diffChanges, VARIABLES_ENTITY_NAME } from '#src/domain/audit.ts';
import { recordAudit, UNAUDITED, type By } from './audit.ts';
import { inTransaction } from './transaction.ts';
import { recordVariableChanges } from './variable-history.ts';
import { refuseIfStale, type Expected } from './versions.ts';

export async function readVariables(db: Db): Promise<Variables & { version: number }> {
  return db
    .selectFrom('variables')
    .select([...variableNames, 'version'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

/** What the writer saw: the version (either call) and the rate (the EXCH box). */
export type VariablesWrite = Expected & { previousExch?: string | undefined };

/**
 * Writes the given variables with their history rows and their `variables.update` entry in one
 * transaction; the five share one version, raised by every write. Raising it comes first: that
 * UPDATE takes the row's write lock (and matches the version sent, if any), so the values read
 * next are the ones this write replaces, whoever else is writing, and the history's and the
 * entry's old values are exact. Answers the version this write gave them.
 */
export async function writeVariables(db: Db, by: By, values: Partial<Variables>, write: VariablesWrite, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const locked = await trx
      .updateTable('variables')
      .set((eb) => ({ updated_at: at, version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .$if(write.expectedVersion !== undefined, (query) => query.where('version', '=', write.expectedVersion!))
      .executeTakeFirst();
    refuseIfStale(locked, write);
    const before = await readVariables(trx);
    if (!exchAsSeen(before.exch, write.previousExch)) throw fieldError('newExch', fieldMessages.exchChangedMeanwhile);
    const changes = variableChanges(before, values);
    if (changes.length > 0) {
      await trx
        .updateTable('variables')
        .set(Object.fromEntries(changes.map((change) => [change.variable, change.newValue])))
        .where('id', '=', 1)
        .execute();
      // Like the audit log, the history records what people did: a loader's write (UNAUDITED) leaves none.
      if (by !== UNAUDITED) await recordVariableChanges(trx, changes, by.id, at);
    }
    // A save that changes nothing still logs its action, with changes {} (docs/design.md §7.2).
    const entry = {
      action: 'variables.update',
      entityId: null,
      entityName: VARIABLES_ENTITY_NAME,
      changes: diffChanges(before, values),
    } as const;
    await recordAudit(trx, by, entry, now);
    // Read after the raise: the version this write made.
    return before.version;
  });
}
