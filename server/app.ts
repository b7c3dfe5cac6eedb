import multipart from '@fastify/multipart';
import pino from 'pino';
import Fastify, { type FastifyInstance } from 'fastify';
import { businessDate } from '#src/domain/business-time.ts';
import { BODY_MAX_BYTES } from '#src/domain/limits.ts';
import { passwordsAt } from './auth/passwords.ts';
import type { Config } from './config.ts';
import { connect, databaseKind, type Connection } from './db/connect.ts';
import { migrate, newestMigration } from './db/migrate.ts';
import { installErrorHandler } from './http/errors.ts';
import { installHealth, schemaIsCurrent } from './http/health.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { MULTIPART_OPTIONS } from './http/multipart.ts';
import { installOpenApi } from './http/openapi.ts';
import { refuseBadUrl, refuseUnreadableRequest } from './http/refusals.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { installRequestIdHeader, requestIdOf } from './http/request-id.ts';
import { assertEveryCallRegistered, createApi, type ApiRoute } from './http/register-call.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installSpa } from './http/spa.ts';
import { installXsrf } from './http/xsrf.ts';
import { createHub } from './events/hub.ts';
import { listenForWrites } from './events/pg-listener.ts';
import { installMetrics } from './metrics/install.ts';
import { databaseLoginThrottle } from './repositories/login-attempts.ts';
import { sealer } from './repositories/sealing.ts';
import { onAuditedCommit } from './repositories/transaction.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { brandRoutes } from './routes/brands.ts';
import { changeRoutes } from './routes/changes.ts';
import { viewRoutes } from './routes/views.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { eventRoutes } from './routes/events.ts';
import { modelRoutes } from './routes/models.ts';
import { bulkUpdateRoutes } from './routes/bulk-update.ts';
import { publicPageRoutes } from './routes/public-pages.ts';
import { quoteRoutes } from './routes/quotes.ts';
import { seriesRoutes } from './routes/series.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { settingsRoutes } from './routes/settings.ts';
import { stampRoutes } from './routes/stamps.ts';
import { stockRoutes } from './routes/stock.ts';
import { storageRoutes } from './routes/storage.ts';
import { twoFactorRoutes } from './routes/two-factor.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { userRoutes } from './routes/users.ts';
import { variableRoutes } from './routes/variables.ts';

export type BuiltApp = { app: FastifyInstance; connection: Connection; routes: readonly ApiRoute[] };

/**
 * The whole server, migrated and ready to listen; tests call this and use inject or a port.
 * `logger` false is silent; an object (e.g. `{stream}`) keeps the production settings, redaction
 * included, and overrides the rest.
 */
export async function buildApp(config: Config, logger: boolean | { stream: { write(line: string): void } } = true): Promise<BuiltApp> {
  // OpenTelemetry is imported only when traces are asked for (docs/design.md §8.7).
  const tracing = config.otlpEndpoint
    ? (await import('./tracing/otel.ts')).startTracing(config.otlpEndpoint, databaseKind(config.databaseUrl))
    : undefined;
  const connection = connect(config.databaseUrl, tracing?.queries);
  await migrate(connection);

  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      // Written by a worker of libuv, never the event loop: a synchronous write per request cost
      // the PostgreSQL API about a tenth of its requests per second. pino flushes it when the
      // process exits; only a SIGKILL can lose the last lines.
      ...(logger === true ? { stream: pino.destination({ sync: false }) } : logger),
    },
    bodyLimit: BODY_MAX_BYTES,
    // Slow or stalled clients cannot hold a connection open for ever: headers and body must arrive
    // within the request timeout (Node checks every 30 s by default, which would let a slow client
    // stay twice as long), and a socket that goes silent, either way, is closed after 30 s.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs) },
    connectionTimeout: 30_000,
    // Behind a reverse proxy the login throttle must key on the client, not the proxy.
    trustProxy: config.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new OneLinePerRequest(),
    frameworkErrors: refuseBadUrl,
    clientErrorHandler: refuseUnreadableRequest,
  });
  app.addHook('onClose', async () => connection.db.destroy());
  tracing?.install(app);
  installRequestIdHeader(app);
  const hub = await liveUpdates(app, connection, config);
  await installMetrics(app, config.metricsToken, {
    db: connection.db,
    usage: connection.usage,
    liveStreams: () => hub.size,
    today: () => businessDate(new Date(), config.business.timeZone),
  });

  installJsonBodyParser(app);
  await app.register(multipart, MULTIPART_OPTIONS);

  installErrorHandler(app);
  installSecurityHeaders(app);
  installXsrf(app);

  const api = createApi(app, connection.db, config.uploadMaxBytes, connection.readRows);
  const passwords = passwordsAt(config.passwordCost);
  const throttle = databaseLoginThrottle(connection.db);
  const twoFactor = sealer(connection.db, 'two-factor', config.twoFactorKey);
  authRoutes(api, throttle, config.sessionTtlHours, passwords, twoFactor);
  twoFactorRoutes(api, throttle, twoFactor);
  passkeyRoutes(api, throttle, config.business.publicUrl, config.sessionTtlHours);
  sessionRoutes(api);
  variableRoutes(api);
  modelRoutes(api);
  bulkUpdateRoutes(api);
  stockRoutes(api);
  dashboardRoutes(api);
  seriesRoutes(api);
  brandRoutes(api);
  userRoutes(api, passwords);
  auditRoutes(api);
  settingsRoutes(api, config.business);
  quoteRoutes(api, config.business);
  stampRoutes(api, config.business);
  changeRoutes(api);
  viewRoutes(api);
  eventRoutes(api, hub, config.events.heartbeatMs);
  assertEveryCallRegistered(api);
  installOpenApi(app);

  const newest = newestMigration(connection.kind);
  installHealth(app, () => schemaIsCurrent(connection.db, newest));
  storageRoutes(app, connection.db);
  publicPageRoutes(app, connection, config.business);
  await installSpa(app, config.appDir);
  return { app, connection, routes: api.routes };
}

/**
 * The process's live-updates hub (docs/design.md §8.3), woken by each write committed here and, on
 * PostgreSQL, by the writes of every server through LISTEN. Its streams end before the server
 * stops listening (preClose): the drain never waits for them, and their clients reconnect elsewhere.
 */
async function liveUpdates(app: FastifyInstance, connection: Connection, config: Config) {
  const hub = await createHub({ db: connection.db, ...config.events, log: app.log });
  const stopWaking = onAuditedCommit(connection.db, hub.wake);
  const stopListening = connection.kind === 'postgres' ? listenForWrites(config.databaseUrl, hub.wake, app.log) : async () => {};
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    stopWaking();
    await stopListening();
  });
  return hub;
}
