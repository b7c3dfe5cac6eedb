import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AuditAction } from '#src/contract/audit.ts';
import { quoteStatuses } from '#src/contract/quotes.ts';
import type { Db, PoolUsage } from '#server/db/connect.ts';
import { settledWithin } from '#server/http/within.ts';
import { quoteCounts } from '#server/repositories/quote-counts.ts';
import { readVariables } from '#server/repositories/variables.ts';

// The families GET /metrics answers (docs/design.md §8.7), on a registry of this app's own:
// prom-client's global one would mix the figures of every app a test builds.

/** What the scrape reads as it happens. */
export type MetricSources = {
  db: Db;
  usage(): PoolUsage;
  liveStreams(): number;
  /** The business day, for which sent quotes count as expired. */
  today(): string;
};

/** How long a scrape waits for the database: a figure it cannot read in time is left out, never waited for. */
const SCRAPE_READ_MS = 500;

const HTTP_LABELS = ['route', 'method', 'status'] as const;
/** Seconds; most calls answer within tens of milliseconds, the All list and imports take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The audit actions of stock moves, by the `type` they are counted under. */
const STOCK_MOVES: Partial<Record<AuditAction, string>> = { 'stock.add': 'added', 'stock.remove': 'removed' };

export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern (unmatched: no route), method and status.',
    labelNames: HTTP_LABELS,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route pattern, method and status.',
    labelNames: HTTP_LABELS,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const loginFailures = new Counter({
    name: 'login_failures_total',
    help: 'Sign-ins refused for a wrong username, password or second-factor code.',
    registers,
  });
  const rateLimited = new Counter({
    name: 'rate_limited_total',
    help: 'Requests answered 429 (sign-in throttle, public pages, busy password or file work), by route pattern.',
    labelNames: ['route'],
    registers,
  });
  // Counted as each move commits rather than read from stock_logs at the scrape: a count by type
  // there reads the whole log (no index has the type), which grows without end.
  const stockMoves = new Counter({
    name: 'stock_moves_total',
    help: 'Stock moves committed by this process, by type (added, removed; a quote won with stock out removes).',
    labelNames: ['type'],
    registers,
  });
  for (const type of Object.values(STOCK_MOVES)) stockMoves.inc({ type }, 0);

  new Gauge({
    name: 'db_pool_connections_in_use',
    help: 'Database connections running a query or a transaction (SQLite: its one connection, 0 or 1).',
    registers,
    collect() {
      this.set(sources.usage().inUse);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a database connection (SQLite: for its one connection).',
    registers,
    collect() {
      this.set(sources.usage().waiting);
    },
  });
  new Gauge({
    name: 'live_streams',
    help: 'Live-update streams (GET /api/events) open on this process.',
    registers,
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new Gauge({
    name: 'exch_rupees_per_dollar',
    help: 'The current EXCH variable: rupees per US dollar.',
    registers,
    async collect() {
      this.reset();
      const variables = await settledWithin(() => readVariables(sources.db), SCRAPE_READ_MS);
      if (variables) this.set(Number(variables.exch));
    },
  });
  new Gauge({
    name: 'quotes',
    help: 'Quotes by status as the app answers it (expired: sent, past its validity day).',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      const counts = await settledWithin(() => quoteCounts(sources.db, sources.today()), SCRAPE_READ_MS);
      if (counts) for (const status of quoteStatuses) this.set({ status }, counts[status]);
    },
  });

  return {
    registry,
    answered(route: string, method: string, status: number, seconds: number) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    loginFailed: () => loginFailures.inc(),
    committed(actions: readonly AuditAction[]) {
      for (const action of actions) {
        const type = STOCK_MOVES[action];
        if (type) stockMoves.inc({ type });
      }
    },
  };
}
