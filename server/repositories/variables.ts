import type { Variables } from '#src/contract/variables.ts';
import type { Db } from '#server/db/connect.ts';
import { diffChanges, VARIABLES_ENTITY_NAME } from '#src/domain/audit.ts';
import { lockRecord, recordAudit, type By } from './audit.ts';
import { inTransaction } from './transaction.ts';
import { refuseIfStale, type Expected } from './versions.ts';

export async function readVariables(db: Db): Promise<Variables & { version: number }> {
  return db
    .selectFrom('variables')
    .select(['tr', 'exch', 'fare', 'duties', 'profit', 'version'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

/** Writes the given variables with their `variables.update` entry; the five share one version, raised by every write. */
export async function writeVariables(db: Db, by: By, values: Partial<Variables> & Expected, now = new Date()): Promise<void> {
  const { expectedVersion, ...changes } = values;
  await inTransaction(db, async (trx) => {
    await lockRecord(trx, 'variables', 1);
    // Only the fields written are compared, so the stored version stays out of the entry.
    const before = await readVariables(trx);
    const result = await trx
      .updateTable('variables')
      .set((eb) => ({ ...changes, updated_at: now.toISOString(), version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .$if(expectedVersion !== undefined, (query) => query.where('version', '=', expectedVersion!))
      .executeTakeFirst();
    refuseIfStale(result, values);
    const entry = {
      action: 'variables.update',
      entityId: null,
      entityName: VARIABLES_ENTITY_NAME,
      changes: diffChanges(before, changes),
    } as const;
    await recordAudit(trx, by, entry, now);
  });
}
