import { sql } from 'kysely';
import type { Connection } from '#server/db/connect.ts';
import { median } from './api.ts';
import { callApi, type LoopReading, type RunningServer } from './server.ts';

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

// Issue 37: three such pages read at once, and a small signed-in call made again and again meanwhile.
const CONCURRENT_READS = 3;

export type LogsPageFigures = LoopReading & {
  ms: number;
  /** The small calls made while three pages were read: the slowest, the median, how many. */
  during: { slowestMs: number; medianMs: number; calls: number };
};

/** One signed-in call of `path` with `body`, read to its end; throws unless it answered 200. */
async function signedInCall(server: RunningServer, path: string, body: unknown): Promise<void> {
  const response = await callApi(server.url, server.token, path, body);
  for await (const chunk of response.body!) void chunk;
}

const wholeLog = (server: RunningServer, modelId: number) =>
  signedInCall(server, 'models/model-logs', { filters: { modelId }, page: 1, per_page: LOG_ROWS });

/** How long each `models/get-model` took, one after the other, until `until` settles. */
async function smallCallsUntil(server: RunningServer, modelId: number, until: Promise<unknown>): Promise<number[]> {
  let settled = false;
  const settle = () => (settled = true);
  until.then(settle, settle);
  const times: number[] = [];
  while (!settled) {
    const started = performance.now();
    await signedInCall(server, 'models/get-model', { id: modelId });
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * The longest event-loop block while the whole log is read and written, and how long the answer
 * took; then three whole logs read at once, with a small signed-in call timed over and over until
 * they are all answered.
 */
export async function measureLogsPage(server: RunningServer, modelId: number): Promise<LogsPageFigures> {
  server.resetLoopDelay();
  const started = performance.now();
  await wholeLog(server, modelId);
  const ms = performance.now() - started;
  const loop = await server.readLoopDelay();

  const reads = Promise.all(Array.from({ length: CONCURRENT_READS }, () => wholeLog(server, modelId)));
  const times = await smallCallsUntil(server, modelId, reads);
  await reads;
  const during = { slowestMs: Math.max(...times), medianMs: median(times), calls: times.length };
  return { ...loop, ms, during };
}
