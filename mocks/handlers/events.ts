import { TICKET_TTL_MS } from '#src/domain/live-events.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { base64url } from '#mocks/encode.ts';

// events/ticket as the server's (server/repositories/event-tickets.ts): a ticket good for a minute,
// bound to the session that asked for it, kept with the last event the client had. The mocks do
// not serve the stream itself yet (docs/design.md §8.3's app side, with its live updates between
// tabs, is still to come): the ticket is kept for it.

export const eventCalls: MockCall[] = [
  defineCall('events/ticket', ({ body, token, store }) => {
    const ticket = base64url(crypto.getRandomValues(new Uint8Array(32)));
    store.eventTickets[ticket] = {
      sessionToken: token!,
      expiresAt: new Date(Date.now() + TICKET_TTL_MS).toISOString(),
      lastEventId: body.lastEventId,
    };
    return { ticket };
  }),
];
