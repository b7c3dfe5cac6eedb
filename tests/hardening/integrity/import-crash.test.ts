import { sql } from 'kysely';
import { setTimeout as pause } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { DatabaseKind, Db } from '#server/db/connect.ts';
import { call, describeEachDatabase } from '#tests/api/harness.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { seededDatabase, sized, soakTimeout } from './shared-database.ts';

// A SIGKILL during an import's apply leaves all of its rows or none. Each kill is chosen by what
// the server has written, seen through the database from outside its transaction, never by a
// sleep: on PostgreSQL, the ids its INSERTs have taken from the models' sequence (a sequence is
// not transactional, so rows not yet committed show there), from a tenth to nine tenths of the
// file; on SQLite, whose uncommitted writes no other process can see, its transaction holding
// the file's write lock (its transaction begins IMMEDIATE). Either way the import had not committed
// when it was killed, so each round must leave none of its rows: the kill landed mid-import.

const ROWS = 10_000;
const ROUNDS = sized(4, 20);
/** How often the database is looked at while the import runs. */
const POLL_MS = 2;

/** 10,000 new models, their names marked with the batch, so the database tells which import each came from. */
const batch = (name: string) =>
  csvBytes([IMPORT_HEADER, ...Array.from({ length: ROWS }, (_, i) => ['Crash Brand', 'Crash Series', `${name} ${i}`, '2.5', '170.00'])]);

/** The last id taken from the models' sequence, committed or not. */
async function lastModelId(db: Db): Promise<number> {
  const { rows } = await sql<{ last: string }>`
    SELECT last_value AS last FROM models_id_seq`.execute(db);
  return Number(rows[0]!.last);
}

/** Whether another connection holds the SQLite file's write lock: tried without waiting, and let go at once. */
async function writeLockHeld(db: Db): Promise<boolean> {
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
  } catch (error) {
    if (/locked|busy/i.test(String(error))) return true;
    throw error;
  }
  await sql`ROLLBACK`.execute(db);
  return false;
}

/**
 * Resolves once the import under way has written `share` of its rows (PostgreSQL, counted from
 * `firstId`) or holds the write lock (SQLite): the moment to kill it.
 */
async function written(db: Db, kind: DatabaseKind, firstId: number, share: number, answered: () => boolean): Promise<string> {
  if (kind === 'sqlite') await sql`PRAGMA busy_timeout = 0`.execute(db);
  for (;;) {
    if (answered()) throw new Error('the import was answered before it had written that much');
    if (kind === 'sqlite' && (await writeLockHeld(db))) return 'its transaction holds the write lock';
    if (kind === 'postgres') {
      const taken = (await lastModelId(db)) - firstId;
      if (taken >= share * ROWS) return `${taken} model ids taken`;
    }
    await pause(POLL_MS);
  }
}

describeEachDatabase('models/import under SIGKILL', (kind) => {
  const suite = seededDatabase(kind, 'Crash');

  const countOf = (name: string) =>
    suite.shared.inspect(async (db) => {
      const row = await db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name', 'like', `${name} %`)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    });

  it(
    `leaves all ${ROWS} rows or none, killed at what it has written`,
    async () => {
      // A whole import commits every row.
      let server = await suite.shared.start();
      expect((await call(server, 'models/import', importForm(batch('Whole')), suite.admin)).status).toBe(200);
      expect(await countOf('Whole')).toBe(ROWS);

      for (let round = 0; round < ROUNDS; round++) {
        const name = `Round${round}`;
        const share = 0.1 + (0.8 * round) / Math.max(1, ROUNDS - 1);
        const moment = await suite.shared.inspect(async (db) => {
          const firstId = kind === 'postgres' ? await lastModelId(db) : 0;
          let answered = false;
          const sent = call(server, 'models/import', importForm(batch(name)), suite.admin)
            .catch(() => undefined)
            .finally(() => (answered = true));
          const seen = await written(db, kind, firstId, share, () => answered);
          await server.stop('SIGKILL');
          // Killed before it answered: the request never completed.
          expect(await sent, `round ${round}: answered`).toBeUndefined();
          return seen;
        });
        server = await suite.shared.start();
        expect(await countOf(name), `round ${round}, killed when ${moment}: rows committed`).toBe(0);
      }
      await server.stop();
    },
    soakTimeout ?? 300_000,
  );
});
