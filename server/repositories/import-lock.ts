import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { isPostgres, type Db } from '#server/db/connect.ts';

// Imports run one at a time per database (docs/design.md §8.9): two at once used to deadlock on
// PostgreSQL (each updating models the other had locked, in opposite orders), and on SQLite a
// second process's import queued behind the first and then ran.

/** The key of PostgreSQL's advisory lock of an import; any number the app uses once (startup-lock.ts has another). */
const IMPORT_LOCK = 7_260_119;

/**
 * How long an SQLite hold lasts: far longer than any import takes (5 MiB and 10,000 rows at
 * most), so it lapses only when its process died without letting go on another host, or with its
 * pid taken again; a holder on this host whose process is gone is found at once (lapsed).
 */
const HOLD_MS = 120_000;
/** How long a take tries again while other writes (a stock add, a save: short) hold the file's write lock. */
const TAKE_WITHIN_MS = 5_000;
const TRY_AGAIN_MS = 5;

/** A second import meanwhile: 422 under `file`. */
export const importRunning = () => fieldError('file', fieldMessages.importRunning);

/** The databases this process is importing into: a second import is refused at once rather than queued. */
const importing = new WeakSet<Db>();
/** The SQLite holds this process has taken and not let go yet. */
const heldHere = new Set<string>();

/**
 * Runs `work` (reading an import's file and applying it) as the only import of this process on
 * `db`, from the moment its file starts being read, or answers 422 under `file` at once. Across
 * processes: on SQLite the import lock (takeSqliteHold), held until `work` ends; on PostgreSQL
 * the import's transaction takes its advisory lock (takeImportLock).
 */
export async function oneImportAtATime<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (importing.has(db)) throw importRunning();
  importing.add(db);
  try {
    if (isPostgres(db)) return await work();
    const token = await takeSqliteHold(db);
    try {
      return await work();
    } finally {
      await letGo(db, token);
    }
  } finally {
    importing.delete(db);
  }
}

/**
 * Takes the database's import lock for the rest of the transaction `trx`, as its first statement,
 * or answers 422 under `file` when another import holds it: PostgreSQL's transaction-level
 * advisory lock, tried without waiting, so server processes exclude each other. SQLite's was
 * taken before the transaction began (oneImportAtATime), since its transaction begins IMMEDIATE
 * (server/db/sqlite-immediate.ts) and would wait for another process's import before any check.
 */
export async function takeImportLock(trx: Db): Promise<void> {
  if (!isPostgres(trx)) return;
  const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK}) AS locked`.execute(trx);
  if (!rows[0]?.locked) throw importRunning();
}

type Hold = { token: string; host: string; pid: number; expires_at_ms: number };

/** Whether the process `pid` of this host still runs (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A hold nobody runs an import under any more: past its time, or a process of this host that is
 * gone (killed mid-import), or this very process's own that it no longer holds (its letting go
 * failed).
 */
function lapsed(hold: Hold): boolean {
  if (hold.expires_at_ms <= Date.now()) return true;
  if (hold.host !== hostname()) return false;
  return hold.pid === process.pid ? !heldHere.has(hold.token) : !isRunning(hold.pid);
}

/**
 * SQLite's import lock, the one row of `import_lock`: read first, outside any transaction (WAL
 * reads never wait), so an import running elsewhere is 422 at once; else taken by one statement
 * that writes it only if it is still as read (nobody took it in between), without waiting for the
 * file's write lock (node:sqlite waits synchronously, holding the event loop; and the one
 * holding it may be another process's import, which began after its own hold was written). A
 * write lock held by something else is waited out a few milliseconds at a time.
 */
async function takeSqliteHold(db: Db): Promise<string> {
  const mine = { id: 1, token: randomUUID(), host: hostname(), pid: process.pid };
  const giveUpAt = Date.now() + TAKE_WITHIN_MS;
  for (;;) {
    const held = await db.selectFrom('import_lock').select(['token', 'host', 'pid', 'expires_at_ms']).executeTakeFirst();
    if (held && !lapsed({ ...held, pid: Number(held.pid), expires_at_ms: Number(held.expires_at_ms) })) throw importRunning();
    const taken = await withoutWaiting(db, async (connection) => {
      const { numInsertedOrUpdatedRows } = await connection
        .insertInto('import_lock')
        .values({ ...mine, expires_at_ms: Date.now() + HOLD_MS })
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet((row) => ({
              token: row.ref('excluded.token'),
              host: row.ref('excluded.host'),
              pid: row.ref('excluded.pid'),
              expires_at_ms: row.ref('excluded.expires_at_ms'),
            }))
            .where('import_lock.token', '=', held?.token ?? ''),
        )
        .executeTakeFirst();
      return numInsertedOrUpdatedRows === 1n;
    });
    if (taken) {
      heldHere.add(mine.token);
      return mine.token;
    }
    if (Date.now() >= giveUpAt) throw importRunning();
    await sleep(TRY_AGAIN_MS);
  }
}

/** SQLite's "database is locked": another connection holds the file's write lock. */
const isBusy = (error: unknown) => (error as { errcode?: unknown })?.errcode === 5;

/**
 * Runs `write` on the connection with SQLite's busy timeout at 0, answering false at once where it
 * would have waited for the file's write lock; the connection is the one Kysely lends to one
 * query at a time, so nothing else runs on it meanwhile, and its timeout is put back after.
 */
function withoutWaiting(db: Db, write: (connection: Db) => Promise<boolean>): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(connection);
    await sql`PRAGMA busy_timeout = 0`.execute(connection);
    try {
      return await write(connection);
    } catch (error) {
      if (isBusy(error)) return false;
      throw error;
    } finally {
      await sql.raw(`PRAGMA busy_timeout = ${Number(rows[0]!.timeout)}`).execute(connection);
    }
  });
}

/**
 * Lets go of this process's SQLite hold. The import is done by then; were this write to fail
 * the hold would be this process's own that it no longer holds, which lapsed() lets the next
 * import take, so a failure is a warning rather than the import's answer.
 */
async function letGo(db: Db, token: string): Promise<void> {
  heldHere.delete(token);
  try {
    await db.deleteFrom('import_lock').where('token', '=', token).execute();
  } catch (error) {
    process.emitWarning(`The import lock was not let go: ${(error as Error).message}`);
  }
}
