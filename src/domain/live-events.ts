import type { AuditAction } from '#src/contract/audit.ts';
import type { EventData, EventType } from '#src/contract/events.ts';
import type { Variables } from '#src/contract/variables.ts';
import { mayAccess } from './access.ts';
import { callAccess } from './call-access.ts';
import { seesEveryQuote } from './quotes.ts';
import type { SessionUser } from './roles.ts';
import { variablesFor } from './variables-seen.ts';

// Live updates (docs/design.md §8.3): which event a write makes, and who receives it, the same on
// the server and in the mocks. A write is every audit entry one call recorded in its transaction.

/** A stream's comment line after this much silence keeps proxies and the browser from closing it. */
export const HEARTBEAT_MS = 25_000;
/** A reconnect that missed more events than this gets one `reset` instead of the replay. */
export const MAX_REPLAYED_EVENTS = 500;
/** How long a ticket of `events/ticket` may be redeemed, once. */
export const TICKET_TTL_MS = 60_000;
/** Streams of one user on one server; a sixth closes the oldest (tabs share one stream, so this is several browsers). */
export const STREAMS_PER_USER = 5;

/** The reader of a stream: who they are (own quotes) and their role. */
export type Reader = SessionUser & { id: number };

/** What an event needs of an audit entry. */
export type WriteEntry = { action: AuditAction; entityId: number | null };

/** What the receivers' rules read beyond the entries: whose quotes they are, the variables now. */
export type WriteContext = {
  quoteOwners: ReadonlyMap<number, number>;
  variables: (Variables & { version: number }) | undefined;
};

export type LiveEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

type Kind = 'quotes' | 'users' | 'variables' | 'catalogue' | 'models' | 'stock';

/** The part of the data an action is about; actions of none make no event (sign-ins, settings, stamps). */
function kindOf(action: AuditAction): Kind | undefined {
  const [word] = action.split('.');
  switch (word) {
    case 'quote':
      return 'quotes';
    case 'user':
      return 'users';
    case 'variables':
      return 'variables';
    case 'brand':
    case 'series':
      return 'catalogue';
    case 'model':
      return 'models';
    case 'stock':
      return 'stock';
    default:
      return undefined;
  }
}

/**
 * A write of several kinds is still one event, of the first kind here it holds: a quote won with
 * its stock taken out is about the quote (its moves follow from it); an import is all models.
 */
const PRECEDENCE: readonly Kind[] = ['quotes', 'users', 'variables', 'catalogue', 'models', 'stock'];

/** Whether the reader may see an entry of this kind about this record: never data above their level. */
function sees(reader: Reader, kind: Kind, entityId: number | null, context: WriteContext): boolean {
  switch (kind) {
    case 'quotes':
      return seesEveryQuote(reader) || (entityId !== null && context.quoteOwners.get(entityId) === reader.id);
    case 'users':
      return mayAccess(reader, callAccess.users);
    case 'catalogue':
      return mayAccess(reader, callAccess.series);
    case 'stock':
      return mayAccess(reader, callAccess['models/model-logs']);
    case 'variables':
    case 'models':
      return true;
  }
}

/** The ids of the records the entries of these kinds are about, that the reader may see, ascending. */
function idsSeen(reader: Reader, entries: readonly WriteEntry[], kinds: readonly Kind[], context: WriteContext): number[] {
  const ids = new Set<number>();
  for (const { action, entityId } of entries) {
    const kind = kindOf(action);
    if (kind && kinds.includes(kind) && entityId !== null && sees(reader, kind, entityId, context)) ids.add(entityId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The kind of a whole write, whoever reads it (PRECEDENCE); undefined: no event. */
export function writeKind(entries: readonly WriteEntry[]): Kind | undefined {
  const kinds = new Set(entries.map((entry) => kindOf(entry.action)));
  return PRECEDENCE.find((kind) => kinds.has(kind));
}

/** The quote ids a write's entries name: the receivers' rule needs their owners. */
export const quoteIdsOf = (entries: readonly WriteEntry[]): number[] =>
  entries.flatMap(({ action, entityId }) => (kindOf(action) === 'quotes' && entityId !== null ? [entityId] : []));

/** Whether a write may end sessions of the users it names (a sign-out, a deactivation, a new password). */
export const usersTouched = (entries: readonly (WriteEntry & { userId: number })[]): number[] => [
  ...new Set(
    entries.flatMap(({ action, entityId, userId }) => (kindOf(action) === 'users' || action === 'auth.logout' ? [entityId ?? userId] : [])),
  ),
];

/** The event this reader receives for one write, or null for none. */
export function eventFor(reader: Reader, entries: readonly WriteEntry[], context: WriteContext): LiveEvent | null {
  const kind = writeKind(entries);
  switch (kind) {
    case undefined:
      return null;
    case 'variables':
      return context.variables ? { type: 'variables', data: { variables: variablesFor(reader, context.variables) } } : null;
    case 'catalogue':
      return sees(reader, kind, null, context) ? { type: 'catalogue', data: {} } : null;
    case 'users':
    case 'quotes': {
      const ids = idsSeen(reader, entries, [kind], context);
      return ids.length > 0 ? { type: kind, data: { ids } } : null;
    }
    case 'models':
    case 'stock': {
      // Models' own writes reach everyone; a stock move adds its model for those who see stock.
      const ids = idsSeen(reader, entries, ['models', 'stock'], context);
      return ids.length > 0 ? { type: 'models', data: { ids } } : null;
    }
  }
}

/** One event as the stream writes it; `id` only on events of a write (not `session` or `reset`). */
export function eventText(event: LiveEvent, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The comment line that keeps a silent stream open. */
export const HEARTBEAT_TEXT = ': keep-alive\n\n';
