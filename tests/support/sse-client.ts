// A reader of GET /api/events for the tests, over fetch as any client may read it (docs/design.md §8.3).
// Shared by the API and hardening suites, so it imports no test runner.

/** One message of the stream: an event (`id` absent on `session` and `reset`) or a comment line. */
export type SseMessage = { kind: 'event'; id: number | undefined; event: string; data: unknown } | { kind: 'comment'; text: string };

export type EventStream = {
  status: number;
  headers: Headers;
  /** The JSON body of a refusal (not 200). */
  body: unknown;
  /** The next message, `'closed'` once the server has ended the stream; rejects after `withinMs`. */
  next(withinMs?: number): Promise<SseMessage | 'closed'>;
  /** The next event, comments skipped. */
  nextEvent(withinMs?: number): Promise<Extract<SseMessage, { kind: 'event' }> | 'closed'>;
  /** Every event that arrives within `ms` (until the stream ends), comments skipped. */
  eventsFor(ms: number): Promise<Extract<SseMessage, { kind: 'event' }>[]>;
  close(): void;
};

function parse(block: string): SseMessage | undefined {
  const lines = block.split('\n');
  if (lines.every((line) => line.startsWith(':'))) return { kind: 'comment', text: lines.map((line) => line.slice(1).trim()).join('\n') };
  const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
  const id = field('id');
  return {
    kind: 'event',
    id: id === undefined ? undefined : Number(id),
    event: field('event') ?? 'message',
    data: JSON.parse(field('data') ?? 'null'),
  };
}

/** Opens the stream with a ticket, and `Last-Event-ID` when given. */
export async function openEvents(baseUrl: string, ticket: string | undefined, lastEventId?: string | number): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const query = ticket === undefined ? '' : `?ticket=${encodeURIComponent(ticket)}`;
  const response = await fetch(`${baseUrl}/api/events${query}`, { headers, signal: controller.signal });
  if (response.status !== 200) {
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
      next: async () => 'closed',
      nextEvent: async () => 'closed',
      eventsFor: async () => [],
      close: () => {},
    };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const queue: (SseMessage | 'closed')[] = [];
  let waiting: ((message: SseMessage | 'closed') => void) | undefined;
  const push = (message: SseMessage | 'closed') => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(message);
    } else queue.push(message);
  };
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (message) push(message);
        }
      }
    } catch {
      // Aborted by close(), or cut by the server: either way the stream is over.
    }
    push('closed');
  })();

  const next = (withinMs = 5_000) =>
    new Promise<SseMessage | 'closed'>((resolve, reject) => {
      const queued = queue.shift();
      if (queued !== undefined) return resolve(queued === 'closed' ? (queue.unshift('closed'), 'closed') : queued);
      const timer = setTimeout(() => {
        waiting = undefined;
        reject(new Error(`no message within ${withinMs} ms`));
      }, withinMs);
      waiting = (message) => {
        clearTimeout(timer);
        if (message === 'closed') queue.unshift('closed');
        resolve(message);
      };
    });
  const nextEvent = async (withinMs = 5_000) => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const message = await next(Math.max(1, deadline - Date.now()));
      if (message === 'closed' || message.kind === 'event') return message;
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    body: undefined,
    next,
    nextEvent,
    async eventsFor(ms) {
      const events: Extract<SseMessage, { kind: 'event' }>[] = [];
      const deadline = Date.now() + ms;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) return events;
        const message = await nextEvent(left).catch(() => 'timeout' as const);
        if (message === 'timeout' || message === 'closed') return events;
        events.push(message);
      }
    },
    close: () => controller.abort(),
  };
}
