import { http, HttpResponse } from 'msw';
import { validationBody } from '#src/contract/errors.ts';
import { EVENTS_PATH, eventMessages, lastEventIdField } from '#src/contract/events.ts';
import { TICKET_TTL_MS } from '#src/domain/live-events.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { base64url } from '#mocks/encode.ts';
import { followStream } from '#mocks/live.ts';
import { sessionForToken } from '#mocks/sessions.ts';
import { getStore } from '#mocks/store.ts';

// events/ticket and GET /api/events as the server's (server/routes/events.ts): a ticket good for a
// minute, once, bound to the session that asked for it and kept with the last event the client
// had; the stream replays from it (or the Last-Event-ID a reconnect sends) and follows mocks/live.ts.

const ticketCall = defineCall('events/ticket', ({ body, token, store }) => {
  const ticket = base64url(crypto.getRandomValues(new Uint8Array(32)));
  store.eventTickets[ticket] = {
    sessionToken: token!,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS).toISOString(),
    // A first connect starts where the log ends now, as the server's ticket does.
    lastEventId: body.lastEventId ?? store.auditLog.at(-1)?.id ?? 0,
  };
  return { ticket };
});

const stream = http.get(`*${EVENTS_PATH}`, ({ request }) => {
  const header = request.headers.get('last-event-id');
  const lastEventId = header === null ? undefined : lastEventIdField.safeParse(header);
  if (lastEventId && !lastEventId.success) {
    return HttpResponse.json(validationBody({ lastEventId: lastEventId.error.issues.map((issue) => issue.message) }), { status: 422 });
  }
  const store = getStore();
  const ticket = new URL(request.url).searchParams.get('ticket') ?? '';
  const held = Object.hasOwn(store.eventTickets, ticket) ? store.eventTickets[ticket] : undefined;
  // Single use: a ticket is spent whether or not it was still good.
  delete store.eventTickets[ticket];
  if (!held || held.expiresAt <= new Date().toISOString() || !sessionForToken(store, held.sessionToken)) {
    return HttpResponse.json(eventMessages.badTicket, { status: 401 });
  }
  return new HttpResponse(followStream(store, held.sessionToken, lastEventId?.data ?? held.lastEventId), {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' },
  });
});

export const eventCalls: MockCall[] = [{ ...ticketCall, handlers: [...ticketCall.handlers, stream] }];
