import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { AUDIT_CHANNEL } from '#server/repositories/audit.ts';

/** The first pause before connecting again, doubled after each failure up to the longest. */
const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 2_000;

/**
 * The one LISTEN connection of a process on PostgreSQL (docs/design.md §8.3): every committed
 * write's NOTIFY (audit.ts) wakes the hub, whichever server made it. When PostgreSQL ends the
 * connection (a restart, a failover, pg_terminate_backend) it connects again by itself and wakes
 * the hub, which reads from the audit log whatever was committed meanwhile. Answers a stop.
 */
export function listenForWrites(databaseUrl: string, wake: () => void, log: FastifyBaseLogger): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };

  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    // Without a listener an 'error' would stop the process; the connection is simply made again.
    next.on('error', (error) => log.warn({ err: error }, 'live updates: the LISTEN connection failed'));
    next.on('end', () => {
      if (client === next) again();
    });
    next.on('notification', () => wake());
    try {
      await next.connect();
      await next.query(`LISTEN ${AUDIT_CHANNEL}`);
      retryMs = FIRST_RETRY_MS;
      // What was committed while no connection listened is in the log.
      wake();
    } catch (error) {
      log.warn({ err: error }, 'live updates: could not LISTEN');
      await next.end().catch(() => {});
      if (client === next) again();
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}
