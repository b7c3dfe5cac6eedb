import type { Variables } from '#src/contract/variables.ts';
import type { Db } from '#server/db/connect.ts';

export async function readVariables(db: Db): Promise<Variables> {
  return db.selectFrom('variables').select(['tr', 'exch', 'fare', 'duties', 'profit']).where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function writeVariables(db: Db, values: Partial<Variables>, now = new Date()): Promise<void> {
  await db
    .updateTable('variables')
    .set({ ...values, updated_at: now.toISOString() })
    .where('id', '=', 1)
    .execute();
}
