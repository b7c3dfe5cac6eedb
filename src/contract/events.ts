import { z } from 'zod/mini';
import { variablesAnswer } from './variables.ts';
import { numericStringToNumber, MAX_INT } from './fields.ts';
import type { EventType } from './event-types.ts';

// What the first screen's live connection reads, kept apart from the schemas.
export * from './event-types.ts';
export { ticketResponse } from './first-screen-answers.ts';

// Live updates (docs/design.md §8.3): a signed-in user asks `events/ticket` for a ticket, then opens
// `GET /api/events?ticket=…` (an EventSource cannot send the bearer header), a text/event-stream.

const LAST_EVENT_ID_MESSAGE = 'The last event id must be a whole number of at least 0.';

/** The id of the last event a client received: an audit entry id (Last-Event-ID, or `lastEventId`). */
export const lastEventIdField = z.pipe(
  z.transform(numericStringToNumber),
  z
    .number({ error: LAST_EVENT_ID_MESSAGE })
    .check(z.int(LAST_EVENT_ID_MESSAGE), z.gte(0, LAST_EVENT_ID_MESSAGE), z.lte(MAX_INT, LAST_EVENT_ID_MESSAGE)),
);

export const ticketRequest = z.object({ lastEventId: z.optional(lastEventIdField) });

export const eventMessages = {
  /** 401: the ticket is unknown, used, expired, or its session has ended. */
  badTicket: { responseMessage: 'This live updates ticket is not valid. Ask for a new one.', responseFlag: 'danger' },
  /** 503: this server holds EVENTS_MAX_CLIENTS streams already. */
  tooManyStreams: { responseMessage: 'Too many live update streams. Please try again later.', responseFlag: 'danger' },
} as const;

/** The data of each event type; an event carries ids, never fields (the app refetches what its role sees). */
const ids = z.object({ ids: z.array(z.int()) });
const empty = z.object({});
export const eventData = {
  variables: z.object({ variables: variablesAnswer }),
  models: ids,
  catalogue: empty,
  users: ids,
  quotes: ids,
  /** The session has ended: no `id:`, and the stream closes after it. */
  session: empty,
  /** More than MAX_REPLAYED_EVENTS were missed: no `id:`, refetch everything shown. */
  reset: empty,
} as const satisfies Record<EventType, z.ZodMiniType>;
export type EventData<T extends EventType> = z.infer<(typeof eventData)[T]>;
