import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import type { PoolUsage } from './types.ts';

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
  /**
   * The one connection's pool, as PostgreSQL's is counted: whether a query (or a transaction)
   * holds it, and how many wait their turn behind it (every transaction queues here).
   */
  readonly usage: PoolUsage = { inUse: 0, waiting: 0 };

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.usage);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #usage: PoolUsage;

  constructor(config: SqliteDialectConfig, usage: PoolUsage) {
    super(config);
    this.#usage = usage;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.#usage.waiting += 1;
    try {
      const connection = await super.acquireConnection();
      this.#usage.inUse = 1;
      return connection;
    } finally {
      this.#usage.waiting -= 1;
    }
  }

  override async releaseConnection(): Promise<void> {
    this.#usage.inUse = 0;
    await super.releaseConnection();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
