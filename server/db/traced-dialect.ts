import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import type { QueryTracer } from './types.ts';

/**
 * A dialect whose every statement, transactions' BEGIN and COMMIT included, runs inside `trace`
 * (docs/design.md §8.7: a span per query). At the driver, below Kysely, so it covers both
 * databases alike and only statements that really run: a plugin would see queries compiled but
 * never sent (the large reads compile theirs and run them past Kysely, server/db/types.ts RowReader).
 */
export function tracedDialect(dialect: Dialect, trace: QueryTracer): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => tracedDriver(dialect.createDriver(), trace),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

function tracedDriver(driver: Driver, trace: QueryTracer): Driver {
  // The driver is handed back the connection it gave (PostgreSQL's releases it by a private method).
  const own = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const ownOf = (connection: DatabaseConnection) => own.get(connection) ?? connection;
  return {
    init: (options) => driver.init(options),
    async acquireConnection(options) {
      const connection = await driver.acquireConnection(options);
      const traced: DatabaseConnection = {
        executeQuery: (query, queryOptions) => trace(query.sql, () => connection.executeQuery(query, queryOptions)),
        streamQuery: (query, chunkSize, queryOptions) => connection.streamQuery(query, chunkSize, queryOptions),
      };
      own.set(traced, connection);
      return traced;
    },
    beginTransaction: (connection, settings) => trace('BEGIN', () => driver.beginTransaction(ownOf(connection), settings)),
    commitTransaction: (connection) => trace('COMMIT', () => driver.commitTransaction(ownOf(connection))),
    rollbackTransaction: (connection) => trace('ROLLBACK', () => driver.rollbackTransaction(ownOf(connection))),
    releaseConnection: (connection, options) => driver.releaseConnection(ownOf(connection), options),
    destroy: (options) => driver.destroy(options),
  };
}
