import {
  eventFor,
  eventText,
  HEARTBEAT_MS,
  HEARTBEAT_TEXT,
  MAX_REPLAYED_EVENTS,
  type LiveEvent,
  type WriteContext,
  type WriteEntry,
} from '#src/domain/live-events.ts';
import { sessionForToken } from './sessions.ts';
import type { MockStore, StoredAuditEntry } from './store-shape.ts';
import { versionOf } from './versions.ts';

// The mocks' live updates (docs/design.md §8.3), as the server's hub (server/events/hub.ts) over
// the mock store: each write call's audit entries are one write, handed to every open stream as its
// reader may see it (src/domain/live-events.ts). In the browser the store is shared by the tabs
// (mocks/browser.ts), so a write made in another tab arrives here as well and reaches the streams
// this tab serves.

/** One write call: its audit entries, numbered by the last one's id as the server numbers events. */
type Write = { id: number; entries: readonly StoredAuditEntry[] };

type Follower = { sessionToken: string; send: (text: string) => void; close: () => void };

// The writes this page has seen, for replay; the page's memory, as a server's is its audit log.
const writes: Write[] = [];
const followers = new Set<Follower>();

function contextOf(store: MockStore): WriteContext {
  return {
    quoteOwners: new Map(store.quotes.map((quote) => [quote.id, quote.createdBy])),
    variables: { ...store.variables, version: versionOf(store.variables) },
  };
}

/** The event this stream's reader receives for a write, or null; none once its session has ended. */
function eventOf(store: MockStore, follower: Follower, entries: readonly WriteEntry[]): LiveEvent | null {
  const session = sessionForToken(store, follower.sessionToken);
  return session ? eventFor(session.user, entries, contextOf(store)) : null;
}

/** A stream whose session has ended receives `session` and closes, whatever ended it. */
function endEndedSessions(store: MockStore): void {
  for (const follower of followers) {
    if (sessionForToken(store, follower.sessionToken)) continue;
    follower.send(eventText({ type: 'session', data: {} }));
    follower.close();
  }
}

/** Hands the entries one write call recorded to every stream (define-call.ts, and writes of another tab). */
export function publishWrite(store: MockStore, entries: readonly StoredAuditEntry[]): void {
  if (entries.length === 0) return;
  const write = { id: entries[entries.length - 1]!.id, entries };
  writes.push(write);
  if (writes.length > MAX_REPLAYED_EVENTS) writes.shift();
  for (const follower of followers) {
    const event = eventOf(store, follower, entries);
    if (event) follower.send(eventText(event, write.id));
  }
  endEndedSessions(store);
}

/**
 * Opens a stream for a session: the writes after `after` first (or one `reset` when this page
 * cannot replay them all), then the live ones.
 */
export function followStream(store: MockStore, sessionToken: string, after: number | undefined): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let follower: Follower;
  let heartbeat: ReturnType<typeof setInterval>;
  const forget = () => {
    clearInterval(heartbeat);
    followers.delete(follower);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      follower = {
        sessionToken,
        send: (text) => controller.enqueue(encoder.encode(text)),
        close: () => {
          forget();
          controller.close();
        },
      };
      // A first comment line: the answer starts at once (MSW hands a response on with its first bytes).
      follower.send(HEARTBEAT_TEXT);
      // Then one as often as the server's, so a demo left open behaves as the product does.
      heartbeat = setInterval(() => follower.send(HEARTBEAT_TEXT), HEARTBEAT_MS);
      if (after !== undefined) replay(store, follower, after);
      followers.add(follower);
    },
    cancel: forget,
  });
}

function replay(store: MockStore, follower: Follower, after: number): void {
  const missed = writes.filter((write) => write.id > after);
  const lastId = store.auditLog.at(-1)?.id ?? 0;
  const knownFrom = writes[0]?.entries[0]?.id ?? lastId + 1;
  // Entries after `after` that this page never saw as writes: more than it can replay.
  const unseen = store.auditLog.some((entry) => entry.id > after && entry.id < knownFrom);
  if (unseen || missed.length > MAX_REPLAYED_EVENTS) {
    follower.send(eventText({ type: 'reset', data: {} }));
    return;
  }
  for (const write of missed) {
    const event = eventOf(store, follower, write.entries);
    if (event) follower.send(eventText(event, write.id));
  }
}

/** The streams open now (tests). */
export const openStreams = (): number => followers.size;

/** Closes every stream and forgets the writes (tests, between cases). */
export function resetLive(): void {
  for (const follower of followers) follower.close();
  writes.length = 0;
}
