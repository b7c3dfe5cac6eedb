import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callPath } from '#src/contract/calls.ts';
import { messages } from '#src/contract/messages.ts';
import { signInCalls } from '#src/domain/call-access.ts';
import { onAuditedCommit } from '#server/repositories/transaction.ts';
import { bearerToken } from '#server/http/register-call.ts';
import { noStore } from '#server/http/security-headers.ts';
import { routePattern } from '#server/http/route-pattern.ts';
import type { MetricSources } from './families.ts';

/** The calls whose 401 is a refused sign-in (a wrong password or second-factor code). */
const SIGN_IN_ROUTES = new Set(signInCalls.map(callPath));

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's bearer token is `token`, compared in constant time (digests have one length). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const sent = bearerToken(request);
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/**
 * `GET /metrics` (docs/design.md §8.7), in Prometheus's text format, for whoever holds
 * METRICS_TOKEN. Without the token set there are no metrics at all (nothing loaded, no hook costs a
 * request anything) and the path answers as an unknown one; a request without the right token gets that
 * same 404, so the endpoint is not even seen to exist.
 */
export async function installMetrics(app: FastifyInstance, token: string | undefined, sources: MetricSources) {
  if (!token) {
    app.get('/metrics', async (_request, reply) => reply.code(404).send(messages.notFound));
    return;
  }
  // prom-client (and the OpenTelemetry API it brings for exemplars) loads only for metrics.
  const metrics = (await import('./families.ts')).createMetrics(sources);
  app.addHook('onResponse', (request, reply, done) => {
    const route = routePattern(request);
    metrics.answered(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode === 401 && SIGN_IN_ROUTES.has(route)) metrics.loginFailed();
    done();
  });
  const stopCounting = onAuditedCommit(sources.db, metrics.committed);
  app.addHook('onClose', async () => stopCounting());
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request, token)) return reply.code(404).send(messages.notFound);
    return reply
      .headers(noStore)
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
