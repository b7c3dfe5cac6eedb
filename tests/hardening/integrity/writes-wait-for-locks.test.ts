import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '#server/db/connect.ts';
import { call, describeEachDatabase, seedCatalogue, type Answer } from '#tests/api/harness.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import type { ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, type SharedDatabase } from './shared-database.ts';

// docs/design.md §8.9: no write answers 500 for contention; SQLite waits for its lock (a busy
// timeout of at least 5 s) instead of answering 'database is locked'. The probe ran two server
// processes on one SQLite file: an import racing any other write was a 500 (14 of 14).

describe('SQLite: a transaction and another connection on one file', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ac-locks-'));
    file = join(dir, 'locks.db');
    const setup = new DatabaseSync(file);
    setup.exec('PRAGMA journal_mode = WAL; CREATE TABLE counted (n INTEGER NOT NULL); INSERT INTO counted VALUES (0);');
    setup.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the finding: a plain BEGIN that has read fails at once with 'database is locked' once another connection wrote, whatever its busy timeout", () => {
    const reader = new DatabaseSync(file, { timeout: 10_000 });
    const other = new DatabaseSync(file, { timeout: 10_000 });
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT n FROM counted').all();
      other.exec('UPDATE counted SET n = n + 1');
      // SQLite calls no busy handler here: the reader's snapshot is stale, waiting cannot help.
      expect(() => reader.exec('UPDATE counted SET n = n + 1')).toThrow(/database is locked/);
      reader.exec('ROLLBACK');
    } finally {
      reader.close();
      other.close();
    }
  });

  it("the server's transactions take the write lock at BEGIN, and its connection waits at least 5 s for another's", async () => {
    const { db } = connect(`sqlite:${file}`);
    try {
      const [{ timeout }] = (await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(db)).rows as [{ timeout: number }];
      expect(timeout).toBeGreaterThanOrEqual(5_000);
      await db.transaction().execute(async (trx) => {
        await sql`SELECT n FROM counted`.execute(trx);
        // Another writer cannot slip in between this read and the write below: the lock is held.
        const impatient = new DatabaseSync(file, { timeout: 0 });
        try {
          expect(() => impatient.exec('UPDATE counted SET n = n + 1')).toThrow(/database is locked/);
        } finally {
          impatient.close();
        }
        await sql`UPDATE counted SET n = n + 1`.execute(trx);
      });
    } finally {
      await db.destroy();
    }
  });
});

const IMPORTED = 3_000;
const MOVERS = 4;
/** A bound on each client's moves; they stop when the import has answered. */
const MAX_MOVES_EACH = 2_000;

describeEachDatabase('an import or a bulk edit on one server process while the other moves stock', (kind) => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let admin: string;
  let manager: string;
  let modelId: number;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    servers = [await shared.start(), await shared.start()];
    const signedIn = await signIn(shared, servers, 1);
    admin = signedIn.admin;
    manager = signedIn.managers[0]!;
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: servers[0]!.url, db }, admin, 'Locks')));
    expect((await call(servers[1]!, 'models/add-stock', { id: modelId, modelQuantity: 1_000 }, manager)).status).toBe(200);
  });
  afterAll(() => shared?.close());

  /** Runs `write` on the first process while stock moves run on the other from before it to after it; every move answers 200. */
  async function whileMoving(write: () => Promise<Answer>): Promise<Answer> {
    let writing = true;
    const statuses: unknown[] = [];
    let movesDuringWrite = 0;
    const mover = async (m: number) => {
      for (let i = 0; writing && i < MAX_MOVES_EACH; i++) {
        const path = (m + i) % 2 === 0 ? 'models/add-stock' : 'models/remove-stock';
        const answer = await call(servers[1]!, path, { id: modelId, modelQuantity: 1 }, manager);
        statuses.push(answer.status === 200 ? 200 : { path, status: answer.status, body: answer.body });
        if (writing) movesDuringWrite++;
      }
    };
    // Each process's writes keep committing while the other's transaction runs: on SQLite a
    // transaction that read before another process's commit could no longer write.
    const movers = Array.from({ length: MOVERS }, (_, m) => mover(m));
    await call(servers[1]!, 'models/add-stock', { id: modelId, modelQuantity: 1 }, manager);
    const answer = await write();
    writing = false;
    await Promise.all(movers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(movesDuringWrite).toBeGreaterThan(0);
    return answer;
  }

  const countOf = (query: (db: Db) => Promise<{ count: number | string | bigint } | undefined>) =>
    shared.inspect(async (db) => Number((await query(db))?.count));

  it(`imports ${IMPORTED} models while stock moves run on the other process from before it to after it: every call answers 200`, async () => {
    const rows = Array.from({ length: IMPORTED }, (_, i) => ['Locks Brand', 'Locks Series', `Locks Import ${i}`, '2.5', '170.00']);
    await whileMoving(() => call(servers[0]!, 'models/import', importForm(csvBytes([IMPORT_HEADER, ...rows])), admin));
    const created = await countOf((db) =>
      db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name', 'like', 'Locks Import %')
        .executeTakeFirst(),
    );
    expect(created).toBe(IMPORTED);
  });

  // docs/design.md §8.4: a bulk edit of those models, one transaction with an entry per model, is a write like the import.
  it(`raises the ${IMPORTED} imported models by 10 % in one bulk edit meanwhile: every price and entry written, every call 200`, async () => {
    const body = { filters: { search: 'Locks Import' }, price: { mode: 'percent', value: 10 }, preview: 0 };
    const answer = await whileMoving(() => call(servers[0]!, 'models/bulk-update', body, admin));
    expect(answer.body.responseMessage).toBe(`${IMPORTED} models updated.`);
    const raised = await countOf((db) =>
      db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name', 'like', 'Locks Import %')
        .where('price_cents', '=', 18_700)
        .executeTakeFirst(),
    );
    const entries = await countOf((db) =>
      db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('action', '=', 'model.update')
        .where('entity_name', 'like', 'Locks Import %')
        .executeTakeFirst(),
    );
    expect([raised, entries]).toEqual([IMPORTED, IMPORTED]);
  });
});
