import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, DummyDriver } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/schema.ts';
import { compiledOnce } from '#server/repositories/compiled-once.ts';

const offline = () =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

// server/repositories/compiled-once.ts: the session check's SQL is compiled once per database.
describe('a query compiled once', () => {
  it('builds once per database and puts each run’s values where their stand-ins were, the query’s own values kept', () => {
    const build = vi.fn((db: Kysely<Database>, { hash, now }: Record<'hash' | 'now', string>) =>
      db.selectFrom('sessions').select('id').where('token_hash', '=', hash).where('expires_at', '>', now).where('id', '=', 1),
    );
    const query = compiledOnce(['hash', 'now'], build);
    const db = offline();
    const first = query(db, { hash: 'h1', now: 't1' });
    const second = query(db, { hash: 'h2', now: 't2' });
    expect(build).toHaveBeenCalledTimes(1);
    expect(first.sql).toBe('select "id" from "sessions" where "token_hash" = $1 and "expires_at" > $2 and "id" = $3');
    expect(first.parameters).toEqual(['h1', 't1', 1]);
    expect(second.parameters).toEqual(['h2', 't2', 1]);
    expect(second.queryId).not.toBe(first.queryId);
    query(offline(), { hash: 'h3', now: 't3' });
    expect(build).toHaveBeenCalledTimes(2);
  });
});
