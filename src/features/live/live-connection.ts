import { EVENTS_PATH, eventTypes, type EventType } from '#src/contract/event-types.ts';
import type { LiveEvent } from '#src/domain/live-events.ts';
import { callApi } from '#src/lib/api-client.ts';

// One live-updates stream per browser (docs/design.md §8.3): the tab holding the Web Lock opens the
// EventSource and passes each event to the other tabs on a BroadcastChannel. When it closes, the
// lock goes to another tab, which reconnects from the last event id every tab has followed.

const LOCK_NAME = 'ac-live';
const CHANNEL_NAME = 'ac-live';
/** Failed connects in a row before the app says 'Live updates paused.' and polls instead. */
export const FAILURES_BEFORE_PAUSE = 3;
/** While paused, a new connect is tried this often. */
export const PAUSED_RETRY_MS = 60_000;
/** Before that, a failed connect is tried again after this (a server restarting, a reconnect elsewhere). */
const RETRY_MS = 1_000;

/** What the holding tab passes on: each event with its id, and whether the stream is paused. */
type Message = { kind: 'event'; event: LiveEvent; id: number | undefined } | { kind: 'paused'; paused: boolean };

export type LiveHandlers = {
  onEvent: (event: LiveEvent) => void;
  onPaused: (paused: boolean) => void;
};

/** Events without an id: `session` ends the stream, `reset` replaces a replay too long to send. */
const unnumbered: ReadonlySet<EventType> = new Set(['session', 'reset']);

/** Starts following the live events in this tab; returns the stop (logout, leaving the signed-in frame). */
export function startLive(handlers: LiveHandlers): () => void {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  const stopped = new AbortController();
  // The last event of a write this tab saw, held or passed on.
  let lastEventId: number | undefined;

  const receive = (message: Message) => {
    if (message.kind === 'paused') return handlers.onPaused(message.paused);
    // A `reset` keeps the last id: a reconnect before the next event is told to reset again, and misses nothing.
    if (message.id !== undefined) lastEventId = message.id;
    handlers.onEvent(message.event);
  };
  if (channel) channel.onmessage = ({ data }: MessageEvent<Message>) => receive(data);
  const publish = (message: Message) => {
    receive(message);
    channel?.postMessage(message);
  };

  const holdStream = () =>
    new Promise<void>((release) => {
      // A stop may come before the lock is granted and still find it granted: it lets go at once.
      if (stopped.signal.aborted) return release();
      stopped.signal.addEventListener('abort', () => release());
      holdEventSource(() => lastEventId, publish, stopped.signal);
    });
  // Without Web Locks (an old browser), each tab holds a stream of its own.
  if (navigator.locks) navigator.locks.request(LOCK_NAME, { signal: stopped.signal }, holdStream).catch(() => undefined);
  else void holdStream();

  return () => {
    stopped.abort();
    channel?.close();
  };
}

/** The holding tab's stream: a ticket, the EventSource, and its reconnects, until `stopped`. */
function holdEventSource(lastEventId: () => number | undefined, publish: (message: Message) => void, stopped: AbortSignal) {
  let failures = 0;
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  stopped.addEventListener('abort', () => {
    source?.close();
    clearTimeout(retry);
  });

  const failed = () => {
    source?.close();
    if (stopped.aborted) return;
    failures += 1;
    if (failures === FAILURES_BEFORE_PAUSE) publish({ kind: 'paused', paused: true });
    retry = setTimeout(() => void connect(), failures >= FAILURES_BEFORE_PAUSE ? PAUSED_RETRY_MS : RETRY_MS);
  };

  const open = (ticket: string) => {
    const stream = new EventSource(`${EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}`);
    source = stream;
    stream.onopen = () => {
      if (failures >= FAILURES_BEFORE_PAUSE) publish({ kind: 'paused', paused: false });
      failures = 0;
    };
    // A cut stream is not resumed by the browser: its ticket is spent, so a new one is asked for.
    stream.onerror = failed;
    for (const type of eventTypes) {
      stream.addEventListener(type, ({ data, lastEventId: id }: MessageEvent<string>) => {
        const event = { type, data: JSON.parse(data) as unknown } as LiveEvent;
        publish({ kind: 'event', event, id: unnumbered.has(type) || id === '' ? undefined : Number(id) });
        // The server closes the stream after `session`: nothing to reconnect to.
        if (type === 'session') stream.close();
      });
    }
  };

  async function connect() {
    if (stopped.aborted) return;
    const since = lastEventId();
    try {
      const { ticket } = await callApi('events/ticket', since === undefined ? {} : { lastEventId: since });
      if (!stopped.aborted) open(ticket);
    } catch {
      failed();
    }
  }
  void connect();
}
