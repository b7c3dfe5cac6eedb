import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, InputError } from '#src/contract/errors.ts';
import { eventMessages, lastEventIdField } from '#src/contract/events.ts';
import type { Hub } from '#server/events/hub.ts';
import { openStream } from '#server/events/stream.ts';
import type { Api } from '#server/http/register-call.ts';
import { noStore, securityHeaders } from '#server/http/security-headers.ts';
import { issueTicket, redeemTicket } from '#server/repositories/event-tickets.ts';

/** A reconnect's Last-Event-ID (EventSource sends it by itself), checked as `lastEventId` is. */
function lastEventIdHeader(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  if (header === undefined) return undefined;
  const parsed = lastEventIdField.safeParse(header);
  if (!parsed.success) throw new InputError({ lastEventId: parsed.error.issues.map((issue) => issue.message) });
  return parsed.data;
}

/** Live updates (docs/design.md §8.3): the ticket call, and the stream it opens. */
export function eventRoutes({ call, eventStream, db }: Api, hub: Hub, heartbeatMs: number) {
  // A signed-in call always has its token (register-call.ts checked it).
  call('events/ticket', async ({ body, token }) => ({ ticket: await issueTicket(db, token!, body.lastEventId) }));

  eventStream(async (request: FastifyRequest, reply: FastifyReply) => {
    const header = lastEventIdHeader(request);
    // Before the ticket is used: a client refused here takes it to another server.
    if (hub.full) throw new HttpError(503, eventMessages.tooManyStreams);
    const { ticket } = request.query as { ticket?: unknown };
    const redeemed = typeof ticket === 'string' ? await redeemTicket(db, ticket) : null;
    if (!redeemed) throw new HttpError(401, eventMessages.badTicket);

    // The answer is written by the stream from here on, so the headers every answer gets
    // (security-headers.ts, the XSRF cookie) are written here. `X-Accel-Buffering: no` tells
    // nginx not to hold events back (README, "Live updates").
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      ...securityHeaders,
      ...noStore,
      'content-type': 'text/event-stream; charset=utf-8',
      'x-accel-buffering': 'no',
    });
    reply.raw.flushHeaders();
    const stream = openStream(reply.raw, heartbeatMs);
    await hub.follow(stream, redeemed.user, redeemed.sessionId, header ?? redeemed.lastEventId);
  });
}
