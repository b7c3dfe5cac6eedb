import { sql } from 'kysely';
import type { Connection } from '#server/db/connect.ts';
import { importForm } from '#tests/support/import-files.ts';
import type { RunningServer } from './server.ts';

// docs/design.md §8.9: a 10,000-row repricing import holds its row locks at most 2 s on
// PostgreSQL. The file changes the price of every model the import round just created; as soon
// as the server's transaction holds model rows (pg_locks shows its lock on the table, taken by
// FOR UPDATE or the UPDATE), a stock add is sent for the first model it locks (the lowest id), and
// the time from then to its answer is how long that row stayed locked. SQLite has no row locks:
// its transaction holds the file's write lock from BEGIN, so there the stock add is sent right
// after the import and waits out the whole apply (shown for information).

export type RepricingFigures = { applyMs: number; locksHeldMs: number };

const post = (server: RunningServer, call: string, body: BodyInit, json = false) =>
  fetch(`${server.url}/api/${call}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, ...(json && { 'content-type': 'application/json' }) },
    body,
  }).then(async (response) => {
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${call} answered ${response.status}`);
  });

/** Whether another session holds a write-intent lock on `models` (FOR UPDATE's RowShareLock, an UPDATE's RowExclusiveLock). */
async function modelsLockedElsewhere({ db }: Connection): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks
    WHERE relation = 'models'::regclass AND mode IN ('RowShareLock', 'RowExclusiveLock') AND pid <> pg_backend_pid()`.execute(db);
  return rows[0]!.n > 0;
}

/** Sends the repricing file (every imported model's price changed) and times how long a stock add on its first row waits. */
export async function measureRepricing(server: RunningServer, connection: Connection, bytes: Uint8Array): Promise<RepricingFigures> {
  const { id } = await connection.db
    .selectFrom('models')
    .select('id')
    .where('name', 'like', 'IMP%')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const addStock = () => post(server, 'models/add-stock', JSON.stringify({ id, modelQuantity: 1 }), true);
  const started = performance.now();
  let applied = false;
  const apply = post(server, 'models/import', importForm(bytes)).then(() => {
    applied = true;
    return performance.now() - started;
  });
  if (connection.kind === 'postgres') {
    while (!applied && !(await modelsLockedElsewhere(connection))) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const locked = performance.now();
  await addStock();
  const locksHeldMs = performance.now() - locked;
  const applyMs = await apply;
  // Gone again, so the round's models can be deleted.
  await connection.db.deleteFrom('stock_logs').where('model_id', '=', id).execute();
  return { applyMs, locksHeldMs };
}
