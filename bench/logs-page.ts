import { sql } from 'kysely';
import type { Connection } from '#server/db/connect.ts';
import type { LoopDelay, RunningServer } from './server.ts';

// docs/design.md §7.6, reads never block: one model with a stock log of 300,000 rows, asked for in one
// page while the server's event loop is watched (the hardening test asserts it; this prints it).

export const LOG_ROWS = 300_000;

/** Gives the first model a log of LOG_ROWS rows by the first user (one SQL statement); answers the model's id. */
export async function seedLongLog({ db }: Connection): Promise<number> {
  const model = await db.selectFrom('models').select('id').orderBy('id').executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${LOG_ROWS})
    INSERT INTO stock_logs (model_id, user_id, quantity, quantity_type, created_at)
    SELECT ${model.id}, ${user.id}, 1, 1, ${new Date().toISOString()} FROM n`.execute(db);
  // The quantity stays the sum of the log.
  await db
    .updateTable('models')
    .set((eb) => ({ quantity: eb('quantity', '+', LOG_ROWS) }))
    .where('id', '=', model.id)
    .execute();
  return model.id;
}

export type LogsPageFigures = LoopDelay & { ms: number };

/** The longest event-loop block while the whole log is read and written, and how long the answer took. */
export async function measureLogsPage(server: RunningServer, modelId: number): Promise<LogsPageFigures> {
  server.resetLoopDelay();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/models/model-logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ filters: { modelId }, page: 1, per_page: LOG_ROWS }),
  });
  if (!response.ok) throw new Error(`model-logs answered ${response.status}`);
  for await (const chunk of response.body!) void chunk;
  const ms = performance.now() - started;
  return { ...(await server.readLoopDelay()), ms };
}
