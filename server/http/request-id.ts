import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// docs/design.md §8.7: every answer carries X-Request-Id, and every log line of its request the
// same id (Fastify's request logger puts it under `reqId`). A proxy's or a client's own id is kept
// when it is a plain one, so a request can be followed across them; anything else could forge log
// lines or carry a payload into them, and is replaced.

export const REQUEST_ID_HEADER = 'x-request-id';
const KEPT_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Fastify's `genReqId`. Fastify's own `requestIdHeader` would take the header as it comes, so the
 * header is read here instead, where it can be checked.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && KEPT_ID.test(sent) ? sent : randomUUID();
}

/** The header on every answer, set as the request arrives so errors, streams and 404s carry it too. */
export function installRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
