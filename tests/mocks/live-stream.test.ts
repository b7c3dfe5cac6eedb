import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStreams, resetLive } from '#mocks/live.ts';
import { HEARTBEAT_MS, HEARTBEAT_TEXT } from '#src/domain/live-events.ts';
import { postToMocks, signInEachRole, startMockApi } from './harness.ts';

startMockApi();
// The files of a worker share the module: writes another file's store made are not this one's.
beforeEach(() => resetLive());
afterEach(() => resetLive());

/** Reads a stream's events as they come; `next()` waits for the next whole one. */
function eventsOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ id?: string; event: string; data: unknown }> {
      while (!buffer.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
      const end = buffer.indexOf('\n\n');
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // A comment line (the stream's first, a heartbeat) is no event.
      if (block.startsWith(':')) return this.next();
      const fields = Object.fromEntries(
        block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      return { ...(fields.id ? { id: fields.id } : {}), event: fields.event!, data: JSON.parse(fields.data!) };
    },
    cancel: () => reader.cancel(),
  };
}

async function openStream(token: string, lastEventId?: number) {
  const { body } = await postToMocks('events/ticket', lastEventId === undefined ? {} : { lastEventId }, token);
  const response = await fetch(`http://localhost/api/events?ticket=${body.ticket}`);
  return { response, ticket: body.ticket as string };
}

const exchBody = (exch: string, version: number) => ({ exch, version });

describe('the mocks live-updates stream (docs/design.md §8.3)', () => {
  it('sends each write to every stream as its reader may see it', async () => {
    const { manager, sales } = await signInEachRole();
    const managerStream = await openStream(manager);
    const salesStream = await openStream(sales);
    expect(managerStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(openStreams()).toBe(2);
    const managers = eventsOf(managerStream.response.body!);
    const salespeople = eventsOf(salesStream.response.body!);

    expect((await postToMocks('variables/update-exch', exchBody('283.40', 1), manager)).status).toBe(200);
    const seen = await managers.next();
    expect(seen).toMatchObject({ event: 'variables', data: { variables: { exch: '283.40', version: 2 } } });
    expect(Number(seen.id)).toBeGreaterThan(0);
    // Sales receive the TR and the rate alone (docs/design.md §8.9).
    const salesEvent = await salespeople.next();
    expect(salesEvent.id).toBe(seen.id);
    expect(Object.keys((salesEvent.data as { variables: object }).variables).sort()).toEqual(['exch', 'tr', 'version']);

    // Users are the admin's: the manager's stream gets the next write it may see, a stock move.
    const { admin } = await signInEachRole();
    await postToMocks('users/update-user', { id: 3, name: 'Sales Person', username: 'sales', roleId: 3, isActive: 1 }, admin);
    expect((await postToMocks('models/add-stock', { id: 1, modelQuantity: 2 }, manager)).status).toBe(200);
    expect(await managers.next()).toMatchObject({ event: 'models', data: { ids: [1] } });
    await managers.cancel();
    await salespeople.cancel();
  });

  it('replays the writes after the last event id, then ends the stream with `session` when the session ends', async () => {
    const { manager } = await signInEachRole();
    const first = await openStream(manager);
    const live = eventsOf(first.response.body!);
    await postToMocks('variables/update-exch', exchBody('282', 1), manager);
    const { id } = await live.next();
    await postToMocks('variables/update-exch', exchBody('283', 2), manager);
    await live.cancel();

    const again = await openStream(manager, Number(id));
    const replayed = eventsOf(again.response.body!);
    expect(await replayed.next()).toMatchObject({ event: 'variables', data: { variables: { exch: '283' } } });
    await postToMocks('auth/logout', {}, manager);
    expect(await replayed.next()).toEqual({ event: 'session', data: {} });
    expect(openStreams()).toBe(0);
  });

  it('sends the heartbeat comment line as often as the server, and stops it with the stream', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { sales } = await signInEachRole();
      const reader = (await openStream(sales)).response.body!.getReader();
      const decoder = new TextDecoder();
      const text = async () => decoder.decode((await reader.read()).value);
      expect(await text()).toBe(HEARTBEAT_TEXT);
      vi.advanceTimersByTime(HEARTBEAT_MS - 1);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await text()).toBe(HEARTBEAT_TEXT);
      await reader.cancel();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a ticket used twice or unknown with 401', async () => {
    const { sales } = await signInEachRole();
    const { response, ticket } = await openStream(sales);
    await response.body!.cancel();
    for (const used of [ticket, 'unknown']) {
      const refused = await fetch(`http://localhost/api/events?ticket=${used}`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        responseMessage: 'This live updates ticket is not valid. Ask for a new one.',
        responseFlag: 'danger',
      });
    }
  });
});
