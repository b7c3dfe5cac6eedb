import './threadpool.ts';
import { buildApp } from './app.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { readConfig } from './config.ts';
import { stopTransactions } from './repositories/transaction.ts';

/** After the drain, how long closing the database may take before the process ends regardless. */
const CLOSE_DATABASE_MS = 5_000;

/**
 * Listens, and stops cleanly on SIGTERM/SIGINT: no new connection is accepted, requests in flight
 * finish (those still running after the drain, DRAIN_MS, 10 s by default, have their writes rolled
 * back and their connection closed), the database closes, and the process exits 0. Were closing
 * the database to hang, it exits 1 soon after, so a process manager never waits for ever.
 */
export async function main() {
  const config = readConfig();
  const { app, connection } = await buildApp(config);
  await bootstrapAdmin(connection, config.adminUsername, config.adminPassword, app.log);
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    // A kept-alive connection whose request ends during the drain would otherwise stay open
    // (Node closes only the connections idle when closing starts) and hold the drain to its end.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    const cut = setTimeout(() => {
      app.log.warn('requests still running after the drain: rolling their writes back, closing their connections');
      // A write whose client is cut off must not commit afterwards: every transaction not yet
      // committing now rolls back, and the connections close once those committing are done.
      void stopTransactions(connection.db).then(() => app.server.closeAllConnections());
    }, config.drainMs);
    setTimeout(() => process.exit(1), config.drainMs + CLOSE_DATABASE_MS).unref();
    // Fastify stops listening, closes idle keep-alive connections, waits for the requests in
    // flight, then runs its onClose hooks, which close the database.
    await app.close();
    clearTimeout(cut);
    clearInterval(idle);
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
}

if (import.meta.main) await main();
