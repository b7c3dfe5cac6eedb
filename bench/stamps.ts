import type { Connection } from '#server/db/connect.ts';
import { inChunks } from '#server/repositories/chunks.ts';
import { median, timed } from './export.ts';
import { ratioRow, plainRow, forInformation, type Row } from './report.ts';
import type { LoopDelay, RunningServer } from './server.ts';

// docs/design.md §8.2: a stamp of every model (10,000) and the changes since a visit over 10,000
// models of which 1,000 changed price, each against the All JSON call of the same models on the
// same server, in turns (target ≤ 1.5×), with the longest event-loop block while they run. The
// price changes are written as the audit entries of an import would leave them, after the bench
// user's mark; the rate's change (every Total moves) is measured last, for information.

export const CHANGED = 1_000;
const ROUNDS = 3;

export type StampsFigures = {
  stampMs: number;
  changesMs: number;
  rateChangesMs: number;
  allJsonMs: number;
  stampLoop: LoopDelay;
  changesLoop: LoopDelay;
};

/** The bench user's mark, then CHANGED price changes after it (their old price one dollar less). */
export async function seedChanges({ db }: Connection, user: string): Promise<void> {
  const { id, name } = await db.selectFrom('users').select(['id', 'name']).where('username', '=', user).executeTakeFirstOrThrow();
  const mark = new Date();
  await db.insertInto('seen_marks').values({ user_id: id, screen: 'models', seen_at: mark.toISOString() }).execute();
  const models = await db.selectFrom('models').select(['id', 'name', 'price_cents']).orderBy('id').limit(CHANGED).execute();
  const after = new Date(mark.getTime() + 1_000).toISOString();
  const entries = models.map((model) => ({
    user_id: id,
    user_name: name,
    action: 'model.import',
    entity_type: 'model',
    entity_id: model.id,
    entity_name: model.name,
    changes: JSON.stringify({ modelPriceUsd: [Number(model.price_cents) / 100 - 1, Number(model.price_cents) / 100] }),
    created_at: after,
  }));
  await inChunks(entries, (chunk) => db.insertInto('audit_log').values(chunk).execute());
}

/** A change of the rate after the mark, as its history row (today's variables stay as they are). */
async function seedRateChange({ db }: Connection, user: string): Promise<void> {
  const { id } = await db.selectFrom('users').select('id').where('username', '=', user).executeTakeFirstOrThrow();
  const { exch } = await db.selectFrom('variables').select('exch').executeTakeFirstOrThrow();
  const at = new Date(Date.now() + 1_000).toISOString();
  await db
    .insertInto('variable_history')
    .values({ variable: 'exch', old_value: '1', new_value: exch, user_id: id, created_at: at })
    .execute();
}

export async function measureStamps(server: RunningServer, connection: Connection, user: string, total: number): Promise<StampsFigures> {
  const stamps: number[] = [];
  const changes: number[] = [];
  const alls: number[] = [];
  const loops = { stamp: { maxMs: 0, p99Ms: 0 }, changes: { maxMs: 0, p99Ms: 0 } };
  const watched = async (times: number[], loop: LoopDelay, call: string, body: unknown) => {
    server.resetLoopDelay();
    times.push(await timed(server, call, body));
    const delay = await server.readLoopDelay();
    loop.maxMs = Math.max(loop.maxMs, delay.maxMs);
    loop.p99Ms = Math.max(loop.p99Ms, delay.p99Ms);
  };
  const runStamp = () => watched(stamps, loops.stamp, 'stamps/create', { filters: {} });
  const runChanges = () => watched(changes, loops.changes, 'changes/since', { screen: 'models' });
  const runAll = async () => void alls.push(await timed(server, 'models', { filters: {}, page: 1, per_page: total }));
  // A warm-up of each, not counted.
  for (const run of [runStamp, runChanges, runAll]) await run();
  stamps.length = changes.length = alls.length = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of round % 2 ? [runAll, runChanges, runStamp] : [runStamp, runChanges, runAll]) await run();
  }
  await seedRateChange(connection, user);
  const rateChanges: number[] = [];
  for (let round = 0; round < ROUNDS; round++) await watched(rateChanges, loops.changes, 'changes/since', { screen: 'models' });
  return {
    stampMs: median(stamps),
    changesMs: median(changes),
    rateChangesMs: median(rateChanges),
    allJsonMs: median(alls),
    stampLoop: loops.stamp,
    changesLoop: loops.changes,
  };
}

export function stampsRows(kind: string, total: number, figures: StampsFigures): Row[] {
  return [
    ratioRow(`API ${kind} stamps/create, ${total} models, vs All JSON`, figures.stampMs, figures.allJsonMs, 'ms', 1.5),
    ratioRow(`API ${kind} changes/since, ${CHANGED} of ${total} changed, vs All JSON`, figures.changesMs, figures.allJsonMs, 'ms', 1.5),
    forInformation(ratioRow(`API ${kind} changes/since, the rate changed too (info)`, figures.rateChangesMs, figures.allJsonMs, 'ms', 1.5)),
    plainRow(`API ${kind} stamps/create: longest event-loop block`, figures.stampLoop.maxMs, 'ms', 50),
    plainRow(`API ${kind} changes/since: longest event-loop block`, figures.changesLoop.maxMs, 'ms', 50),
  ];
}
