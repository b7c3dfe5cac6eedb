import { connect as connectSocket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind, Db } from '#server/db/connect.ts';
import { call, databaseKinds, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { openEvents, type EventStream, type SseMessage } from '#tests/support/sse-client.ts';
import { alive, type ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, type SharedDatabase } from './shared-database.ts';

// docs/design.md §8.3 across real server processes: several servers on one PostgreSQL, the LISTEN
// connection cut, a server killed or stopped under its clients, a client that stops reading.

type Event = Extract<SseMessage, { kind: 'event' }>;

const ticketOf = async (server: ServerProcess, token: string, lastEventId?: number) => {
  const answer = await call<{ ticket: string }>(server, 'events/ticket', lastEventId === undefined ? {} : { lastEventId }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.ticket;
};

async function follow(server: ServerProcess, token: string, lastEventId?: number): Promise<EventStream> {
  const stream = await openEvents(server.url, await ticketOf(server, token), lastEventId);
  expect(stream.status, JSON.stringify(stream.body)).toBe(200);
  return stream;
}

/** The ids of the stock moves in the log, oldest first: one event each for a manager. */
const stockMoveIds = (db: Db) =>
  db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'stock.add')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.id));

/** Every event until `quietMs` pass without one (or the stream ends). */
async function drain(stream: EventStream, quietMs: number): Promise<Event[]> {
  const events: Event[] = [];
  for (;;) {
    const more = await stream.eventsFor(quietMs);
    if (more.length === 0) return events;
    events.push(...more);
  }
}

describe.runIf(databaseKinds.includes('postgres'))('live updates across servers on one PostgreSQL', () => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let manager: string;
  let modelId: number;
  const addStock = (server: ServerProcess) => call(server, 'models/add-stock', { id: modelId, modelQuantity: 1 }, manager);

  beforeAll(async () => {
    shared = await openSharedDatabase('postgres');
    servers = await Promise.all([shared.start(), shared.start()]);
    const signedIn = await signIn(shared, servers, 1);
    manager = signedIn.managers[0]!;
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: servers[0]!.url, db }, signedIn.admin, 'Across')));
  }, 120_000);
  afterAll(() => shared?.close());

  it('a write on one server reaches a stream on the other within 1 s', async () => {
    const stream = await follow(servers[1]!, manager);
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      expect((await addStock(servers[0]!)).status).toBe(200);
      const event = await stream.nextEvent(1_000);
      expect(event).toMatchObject({ event: 'models', data: { ids: [modelId] } });
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    stream.close();
  });

  it('the LISTEN connections ended by PostgreSQL again and again: no event lost, none twice', async () => {
    const stream = await follow(servers[1]!, manager);
    const [from] = (await shared.inspect(stockMoveIds)).slice(-1);
    let writing = true;
    const writer = (async () => {
      while (writing) await addStock(servers[0]!);
    })();
    await shared.inspect(async (db) => {
      for (let i = 0; i < 6; i++) {
        await sleep(250);
        await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db);
      }
    });
    writing = false;
    await writer;
    // The pool drops a connection ended while idle when its socket reports the end; a call in that
    // moment may still take it (a 500, as any call on an ended connection), so the check waits it out.
    await sleep(500);
    expect((await addStock(servers[0]!)).status).toBe(200);
    const events = await drain(stream, 2_000);
    const expected = (await shared.inspect(stockMoveIds)).filter((id) => id > (from ?? 0));
    expect(events.map((event) => event.id)).toEqual(expected);
    stream.close();
  }, 60_000);

  it('a server killed under its client: the client reconnects to the other with Last-Event-ID and misses nothing', async () => {
    const victim = await shared.start();
    const stream = await follow(victim, manager);
    const [from] = (await shared.inspect(stockMoveIds)).slice(-1);
    for (let i = 0; i < 3; i++) expect((await addStock(servers[0]!)).status).toBe(200);
    const before = [await stream.nextEvent(), await stream.nextEvent(), await stream.nextEvent()] as Event[];
    await victim.stop('SIGKILL');
    expect(await stream.nextEvent()).toBe('closed');
    for (let i = 0; i < 3; i++) expect((await addStock(servers[0]!)).status).toBe(200);
    const again = await follow(servers[1]!, manager, before.at(-1)!.id);
    const after = await drain(again, 1_000);
    const expected = (await shared.inspect(stockMoveIds)).filter((id) => id > (from ?? 0));
    expect([...before, ...after].map((event) => event.id)).toEqual(expected);
    again.close();
  }, 60_000);
});

const HEAP_MB = 128;

/** Wakes the servers after the test wrote straight into the log: PostgreSQL's NOTIFY; SQLite's servers look every EVENTS_SESSION_CHECK_MS. */
async function notify(kind: DatabaseKind, db: Db) {
  if (kind === 'postgres') await sql`SELECT pg_notify('audit_log', '')`.execute(db);
}

describeEachDatabase('live updates and the server process', (kind) => {
  let shared: SharedDatabase;
  let server: ServerProcess;
  let manager: string;
  let modelId: number;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    // A heap of 128 MB: the million events of a stalled client (stalledClient), were they kept, would end the process.
    server = await shared.start({
      EVENTS_SESSION_CHECK_MS: '200',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${HEAP_MB}`,
    });
    const signedIn = await signIn(shared, [server], 1);
    manager = signedIn.managers[0]!;
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: server.url, db }, signedIn.admin, 'Process')));
  }, 120_000);
  afterAll(() => shared?.close());

  /**
   * A client that reads nothing while a million `variables` events of about 120 bytes (120 MB, far
   * past what the sockets may hold: a receive buffer grows up to 32 MB here) are written into the
   * log in one statement. Answers once the server has handed them all out.
   */
  async function stalledClient() {
    const ticket = await ticketOf(server, manager);
    const socket = connectSocket(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET /api/events?ticket=${ticket} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const head = await new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    expect(head).toMatch(/^HTTP\/1.1 200/);
    socket.pause();
    const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
    const newest = await shared.inspect(async (db) => {
      await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
        INSERT INTO audit_log (user_id, user_name, action, entity_type, entity_id, entity_name, changes, created_at)
        SELECT 1, 'Admin', 'variables.update', 'variables', NULL, 'Variables', '{}', ${new Date().toISOString()} FROM n`.execute(db);
      await notify(kind, db);
      return Number(
        (
          await db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id,
      );
    });
    // A client following from the newest entry gets the next write once the server has handed out the million.
    const stream = await follow(server, manager, newest);
    expect((await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1 }, manager)).status).toBe(200);
    expect(await stream.nextEvent(120_000)).toMatchObject({ event: 'models', data: { ids: [modelId] } });
    stream.close();
    // A paused socket sees its end only once it reads what came before it: what the sockets held.
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    expect(await Promise.race([closed, sleep(30_000, false)]), 'the server dropped the client').toBe(true);
    expect(received, 'bytes the dropped client still read').toBeLessThan(100_000_000);
  }

  it(`drops a client that stops reading, and its events do not pile up in memory (a ${HEAP_MB} MB heap holds)`, async () => {
    await stalledClient();
    expect(alive(server.pid), 'the server process is up').toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 300_000);

  it('SIGTERM ends every stream at once: the drain does not wait for them, and the process exits 0', async () => {
    const streams = [await follow(server, manager), await follow(server, manager)];
    const started = Date.now();
    const stopping = server.stop('SIGTERM');
    for (const stream of streams) expect(await stream.nextEvent(5_000)).toBe('closed');
    expect(await stopping).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000);
  }, 60_000);
});
