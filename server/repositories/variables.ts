import type { Variables } from '#src/contract/variables.ts';
import type { Db } from '#server/db/connect.ts';
import { refuseIfStale, type Expected } from './versions.ts';

export async function readVariables(db: Db): Promise<Variables & { version: number }> {
  return db
    .selectFrom('variables')
    .select(['tr', 'exch', 'fare', 'duties', 'profit', 'version'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

/** Writes the given variables; the five share one version, raised by every write. */
export async function writeVariables(db: Db, values: Partial<Variables> & Expected, now = new Date()): Promise<void> {
  const { expectedVersion, ...changes } = values;
  const result = await db
    .updateTable('variables')
    .set((eb) => ({ ...changes, updated_at: now.toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .$if(expectedVersion !== undefined, (query) => query.where('version', '=', expectedVersion!))
    .executeTakeFirst();
  refuseIfStale(result, values);
}
