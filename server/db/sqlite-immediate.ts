import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Kysely's SQLite dialect, but every transaction starts with BEGIN IMMEDIATE: it takes the write
 * lock first, waiting for it under the busy timeout. A plain (deferred) BEGIN takes it only at the
 * first write, after the transaction has read; SQLite then answers "database is locked" at once
 * when another process holds it or wrote since that read, without waiting (its busy handler is
 * not called for a transaction that already reads: waiting could deadlock). Every transaction the
 * server opens writes, so taking the lock first costs nothing; reads outside one never wait (WAL).
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
