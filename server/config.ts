import { OWASP_COST, type PasswordCost } from './auth/passwords.ts';
import { DEFAULT_UPLOAD_MAX_BYTES } from '#src/domain/limits.ts';
import { DEFAULT_SESSION_TTL_HOURS } from '#src/domain/sessions.ts';

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
  /**
   * scrypt's cost for new hashes. Never read from the environment: always OWASP's here, lowered
   * only in code by the test suites (tests/support/test-server.ts), and refused below OWASP's
   * outside NODE_ENV=test (server/auth/passwords.ts).
   */
  passwordCost: PasswordCost;
};

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: positiveNumber('PORT', env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
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
    passwordCost: OWASP_COST,
  };
}
