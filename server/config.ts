import { OWASP_COST, type PasswordCost } from './auth/passwords.ts';
import { DEFAULT_UPLOAD_MAX_BYTES } from '#src/domain/limits.ts';
import { DEFAULT_SESSION_TTL_HOURS } from '#src/domain/sessions.ts';
import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '#src/domain/business-time.ts';
import { DEFAULT_QUOTE_VALIDITY_DAYS } from '#src/domain/quotes.ts';
import { HEARTBEAT_MS } from '#src/domain/live-events.ts';

/** The server's settings, read once from the environment (docs/design.md §2). */
export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  adminUsername: string;
  adminPassword: string | undefined;
  sessionTtlHours: number;
  uploadMaxBytes: number;
  /** The built app; when missing, `/` answers with a hint to run the build. */
  appDir: string;
  logLevel: string;
  /** A request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish before they are cut off. */
  drainMs: number;
  /**
   * Addresses (or CIDR ranges, comma-separated) of reverse proxies whose X-Forwarded-For names the
   * client; unset, the client is the socket's peer and the header is ignored (it could be forged).
   */
  trustProxy: string | undefined;
  /** The business day and where customers reach us (docs/design.md §8). */
  business: Business;
  /** Live updates (docs/design.md §8.3). */
  events: EventsConfig;
  /**
   * scrypt's cost for new hashes. Never read from the environment: always OWASP's here, lowered
   * only in code by the test suites (tests/support/test-server.ts), and refused below OWASP's
   * outside NODE_ENV=test (server/auth/passwords.ts).
   */
  passwordCost: PasswordCost;
  /**
   * TWO_FACTOR_KEY: the key that seals two-factor secrets in the database (any text; a long random
   * one). Unset, the servers share a key kept in the database itself (server/repositories/sealing.ts).
   */
  twoFactorKey?: string;
  /** METRICS_TOKEN: the bearer token `GET /metrics` asks for; unset, there are no metrics (§8.7). */
  metricsToken?: string | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where traces go over OTLP/HTTP; unset, nothing of OpenTelemetry loads (§8.7). */
  otlpEndpoint?: string | undefined;
};

export type EventsConfig = {
  /** EVENTS_MAX_CLIENTS: streams this process holds at most; a new one beyond is 503. */
  maxClients: number;
  /** EVENTS_HEARTBEAT_MS: the comment line after this much silence (25 s; tests shorten it). */
  heartbeatMs: number;
  /** EVENTS_SESSION_CHECK_MS: how often open streams' sessions are checked (expired ones end), besides at each write about their user. */
  sessionCheckMs: number;
};

export type Business = {
  /** The address customers and phones reach; links in quotes start with it. No trailing slash. */
  publicUrl: string;
  timeZone: string;
  quoteValidityDays: number;
  /**
   * SHARE_LINK_KEY: the key that seals quotes' share tokens in the database (any text; a long random
   * one). Unset, the servers share a key kept in the database itself, so a copy of the database
   * would open its links too: set it where backups travel.
   */
  shareLinkKey: string | undefined;
};

function timeZone(raw: string | undefined): string {
  if (raw === undefined || raw === '') return DEFAULT_BUSINESS_TIME_ZONE;
  if (!isTimeZone(raw)) throw new Error(`BUSINESS_TIME_ZONE must be an IANA time zone such as Asia/Karachi, got "${raw}"`);
  return raw;
}

function wholeDays(raw: string | undefined): number {
  return wholeNumber('QUOTE_VALIDITY_DAYS', raw, DEFAULT_QUOTE_VALIDITY_DAYS);
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  const value = positiveNumber(name, raw, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveNumber('PORT', env.PORT, 3000);
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || 'sqlite:./data/app.db',
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionTtlHours: positiveNumber('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, DEFAULT_SESSION_TTL_HOURS),
    uploadMaxBytes: positiveNumber('UPLOAD_MAX_BYTES', env.UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES),
    appDir: env.APP_DIR || new URL('../dist', import.meta.url).pathname,
    logLevel: env.LOG_LEVEL || 'info',
    requestTimeoutMs: positiveNumber('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000),
    drainMs: positiveNumber('DRAIN_MS', env.DRAIN_MS, 10_000),
    trustProxy: env.TRUST_PROXY || undefined,
    business: {
      publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
      timeZone: timeZone(env.BUSINESS_TIME_ZONE),
      quoteValidityDays: wholeDays(env.QUOTE_VALIDITY_DAYS),
      shareLinkKey: env.SHARE_LINK_KEY || undefined,
    },
    events: {
      maxClients: wholeNumber('EVENTS_MAX_CLIENTS', env.EVENTS_MAX_CLIENTS, 1_000),
      heartbeatMs: positiveNumber('EVENTS_HEARTBEAT_MS', env.EVENTS_HEARTBEAT_MS, HEARTBEAT_MS),
      sessionCheckMs: positiveNumber('EVENTS_SESSION_CHECK_MS', env.EVENTS_SESSION_CHECK_MS, 30_000),
    },
    passwordCost: OWASP_COST,
    twoFactorKey: env.TWO_FACTOR_KEY || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '') || undefined,
  };
}
