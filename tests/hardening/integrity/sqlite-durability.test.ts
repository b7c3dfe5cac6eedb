import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import { spawnServer } from './server-process.ts';

// docs/design.md §5: a write that answered 200 is on disk. That needs WAL and synchronous=FULL on the
// very connection the server writes through, and a server that refuses to run without them.
describe('SQLite durability settings', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('the connection the server writes through runs with journal_mode=WAL, synchronous=FULL and foreign keys', async () => {
    const database = await freshDatabase('sqlite');
    drops.push(database.drop);
    const { db } = connect(database.url);
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(db)).rows[0]!)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('the server refuses to start on a SQLite database that cannot run in WAL mode', async () => {
    // An empty path is a private temporary database, which SQLite keeps in rollback-journal mode.
    const outcome = await spawnServer('sqlite:').then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(outcome).toContain('SQLite must run with journal_mode=WAL, synchronous=FULL, foreign_keys=ON (got delete, 2, 1)');
  });
});
