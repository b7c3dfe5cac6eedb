import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { connect, type DatabaseKind } from '#server/db/connect.ts';
import { call, describeEachDatabase } from '#tests/api/harness.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { seededDatabase } from './shared-database.ts';

// docs/design.md §8.9: a write still running when a SIGTERM drain ends is rolled back, never
// committed after its client was cut off. The probe's 10,000-row import on PostgreSQL committed
// after the drain had closed its connection. Here the drain lasts 1 ms (DRAIN_MS), and the signal
// is sent once the import's transaction is seen at work in the database, not after a delay.

const ROWS = 10_000;

/**
 * Until the import's transaction has begun: it holds SQLite's write lock (its transactions take it
 * first), or it has written on PostgreSQL. Nothing else writes meanwhile.
 */
async function importWriting(kind: DatabaseKind, url: string, imported: Promise<unknown>): Promise<void> {
  let answered = false;
  void imported.finally(() => (answered = true));
  const { db } = kind === 'postgres' ? connect(url) : { db: undefined };
  const probe = kind === 'sqlite' ? new DatabaseSync(url.slice('sqlite:'.length), { timeout: 0 }) : undefined;
  try {
    for (;;) {
      if (answered) throw new Error('the import answered before it was seen writing');
      if (probe) {
        try {
          probe.exec('BEGIN IMMEDIATE');
          probe.exec('ROLLBACK');
        } catch (error) {
          if (/database is locked/.test(String(error))) return;
          throw error;
        }
        await new Promise((resolve) => setImmediate(resolve));
      } else {
        const { rows } = await sql<{ writing: number }>`
          select count(*)::int as writing from pg_stat_activity
          where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`.execute(db!);
        if (rows[0]!.writing > 0) return;
      }
    }
  } finally {
    probe?.close();
    await db?.destroy();
  }
}

describeEachDatabase('SIGTERM while an import is writing', (kind) => {
  const suite = seededDatabase(kind, 'Drain');

  it(`a ${ROWS}-row import still running when a 1 ms drain ends is rolled back, and the server exits 0`, async () => {
    const server = await suite.shared.start({ DRAIN_MS: '1' });
    const rows = Array.from({ length: ROWS }, (_, i) => ['Drain Brand', 'Drain Series', `Drain Import ${i}`, '2.5', '170.00']);
    const imported = call(server, 'models/import', importForm(csvBytes([IMPORT_HEADER, ...rows])), suite.admin).then(
      (answer) => answer.status,
      () => 'cut off' as const,
    );
    await importWriting(kind, suite.shared.url, imported);
    expect(await server.stop('SIGTERM')).toBe(0);
    const outcome = await imported;
    const count = await suite.shared.inspect(async (db) => {
      const row = await db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name', 'like', 'Drain Import %')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    });
    if (kind === 'postgres') {
      // The drain ended while the import was writing: its client was cut off and none of it stayed.
      expect(outcome).toBe('cut off');
      expect(count).toBe(0);
    } else {
      // node:sqlite runs a transaction's statements without letting a timer (the signal's, the
      // drain's) in between, so the drain can only start once it has committed and answered:
      // then the client has its 200; were it cut off, nothing would be left.
      expect([outcome, count]).toEqual(outcome === 200 ? [200, ROWS] : ['cut off', 0]);
    }
  });
});
