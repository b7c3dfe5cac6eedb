import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '#server/db/connect.ts';
import { inTransaction } from '#server/repositories/transaction.ts';
import { databaseKinds } from '#tests/api/harness.ts';
import { freshDatabase } from '#tests/support/test-server.ts';

// docs/design.md §8.9: no write answers 500 for contention. The probe's two imports in opposite
// orders deadlocked on PostgreSQL (8 of 8); here two transactions lock two rows in opposite
// orders, each taking its second row only once both hold their first, so they deadlock every
// time. SQLite cannot deadlock so (its transactions take the file's write lock first, one at a
// time): tests/hardening/integrity/writes-wait-for-locks.test.ts proves its side with two processes.

type Run = (work: (trx: Db) => Promise<void>) => Promise<void>;

describe.runIf(databaseKinds.includes('postgres'))('two transactions locking in opposite orders [postgres]', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase('postgres');
    drop = database.drop;
    ({ db } = connect(database.url));
    await sql`create table locked_rows (id integer primary key, n integer not null)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  /** Both transactions, each run by `run`: what became of each, and how many times each body ran. */
  async function opposite(run: Run) {
    await sql`delete from locked_rows`.execute(db);
    await sql`insert into locked_rows (id, n) values (1, 0), (2, 0)`.execute(db);
    let holding = 0;
    let bothHold = () => {};
    const both = new Promise<void>((resolve) => (bothHold = resolve));
    const runs = [0, 0];
    const transaction = (index: number, first: number, second: number) =>
      run(async (trx) => {
        runs[index]!++;
        await sql`update locked_rows set n = n + 1 where id = ${first}`.execute(trx);
        if (++holding === 2) bothHold();
        await both;
        await sql`update locked_rows set n = n + 1 where id = ${second}`.execute(trx);
      });
    const outcomes = await Promise.allSettled([transaction(0, 1, 2), transaction(1, 2, 1)]);
    const rows = await sql<{ n: number }>`select n from locked_rows order by id`.execute(db);
    return { outcomes, runs, counts: rows.rows.map((row) => row.n) };
  }

  it('the finding: as a plain transaction, one of them fails with deadlock_detected (40P01)', async () => {
    const { outcomes, counts } = await opposite((work) => db.transaction().execute(work));
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: '40P01' });
    expect(counts).toEqual([1, 1]);
  });

  it('through inTransaction, the victim runs again, whole, and both commit', async () => {
    const { outcomes, runs, counts } = await opposite((work) => inTransaction(db, work));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs.sort()).toEqual([1, 2]);
    expect(counts).toEqual([2, 2]);
  });

  it('an error that is not contention is not run again', async () => {
    let runs = 0;
    const failing = inTransaction(db, async (trx) => {
      runs++;
      await sql`select 1 / 0`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(runs).toBe(1);
  });
});
