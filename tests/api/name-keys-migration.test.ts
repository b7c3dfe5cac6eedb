import { Migrator } from 'kysely/migration';
import { afterEach, expect, it, vi } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { migrate } from '#server/db/migrate.ts';
import { initial } from '#server/db/migrations/2026-11-21-initial.ts';
import { modelsListIndexes } from '#server/db/migrations/2026-11-21-models-list-indexes.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import { describeEachDatabase } from './harness.ts';

// A database made before the NFKC keys, with rows that the new keys make collide: the migration
// keeps every row, logs each collision, and completes.

describeEachDatabase('name keys migration', (kind) => {
  afterEach(() => vi.restoreAllMocks());

  it('recomputes every key, keeps colliding rows and reports them', async () => {
    const database = await freshDatabase(kind);
    const connection = connect(database.url);
    try {
      const old = new Migrator({
        db: connection.db,
        provider: {
          getMigrations: async () => ({ '2026-11-21-initial': initial(kind), '2026-11-21-models-list-indexes': modelsListIndexes }),
        },
      });
      expect((await old.migrateToLatest()).error).toBeUndefined();
      const now = new Date().toISOString();
      // Keys as the old rule made them: trimmed and lower-cased only.
      const user = (name: string, username: string) => ({
        name,
        name_key: name.toLowerCase(),
        username,
        username_key: username.toLowerCase(),
        password_hash: 'x',
        role_id: 3,
        is_active: 1,
        created_at: now,
        updated_at: now,
      });
      await connection.db
        .insertInto('users')
        .values([user('Admin', 'admin'), user('Wide', 'ａｄｍｉｎ'), user('Cyrillic', '\u0430dmin'), user('Other', 'other')] as never)
        .execute();
      const brand = (name: string) => ({
        name,
        name_key: name.toLowerCase(),
        image_path: '/x',
        is_active: 1,
        created_at: now,
        updated_at: now,
      });
      await connection.db
        .insertInto('brands')
        .values([brand('Racer'), brand('Ｒacer')] as never)
        .execute();

      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await migrate(connection);

      const users = await connection.db.selectFrom('users').selectAll().orderBy('id').execute();
      expect(users.map((u) => u.username)).toEqual(['admin', 'ａｄｍｉｎ', '\u0430dmin', 'other']);
      expect(users[0]!.username_key).toBe('admin');
      expect(users[1]!.username_key).toBe(`admin\u0001${users[1]!.id}`);
      expect(new Set(users.map((u) => u.username_skeleton)).size).toBe(4);
      const brands = await connection.db.selectFrom('brands').selectAll().orderBy('id').execute();
      expect(brands.map((b) => b.name)).toEqual(['Racer', 'Ｒacer']);
      expect(brands[1]!.name_key).toBe(`racer\u0001${brands[1]!.id}`);
      const reported = warn.mock.calls.map((args) => String(args[0]));
      expect(reported.filter((line) => line.includes('users') && line.includes('username_key'))).toHaveLength(1);
      expect(reported.filter((line) => line.includes('users') && line.includes('username_skeleton'))).toHaveLength(2);
      expect(reported.filter((line) => line.includes('brands') && line.includes('name_key'))).toHaveLength(1);
    } finally {
      await connection.db.destroy();
      await database.drop();
    }
  });
});
