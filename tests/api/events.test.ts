import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages } from '#src/contract/events.ts';
import { MAX_REPLAYED_EVENTS, STREAMS_PER_USER } from '#src/domain/live-events.ts';
import { openEvents, type EventStream, type SseMessage } from '#tests/support/sse-client.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { expectSecurityHeaders, invalid } from './expected.ts';
import { call, createUser, describeEachDatabase, login, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';

// docs/design.md §8.3: tickets, the stream, each event and who receives it, replay, the limits.

type Event = Extract<SseMessage, { kind: 'event' }>;
const HEARTBEAT_MS = 300;

async function ticketOf(server: TestServer, token: string, lastEventId?: number): Promise<string> {
  const answer = await call<{ ticket: string }>(server, 'events/ticket', lastEventId === undefined ? {} : { lastEventId }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.ticket;
}

const streamOf = async (server: TestServer, token: string) => {
  const stream = await openEvents(server.url, await ticketOf(server, token));
  expect(stream.status, JSON.stringify(stream.body)).toBe(200);
  return stream;
};

/** The next event, which must be one. */
async function nextEvent(stream: EventStream): Promise<Event> {
  const event = await stream.nextEvent();
  if (event === 'closed') throw new Error('the stream closed');
  return event;
}

describeEachDatabase('live updates', (kind) => {
  let server: TestServer;
  let tokens: Awaited<ReturnType<typeof signInEachRole>>;
  let modelId: number;
  const open: EventStream[] = [];
  /** A stream the test closes afterwards. */
  const follow = async (token: string) => {
    const stream = await streamOf(server, token);
    open.push(stream);
    return stream;
  };
  /** A write every role receives (a model added): what follows a write some roles must not receive. */
  let markers = 0;
  const marker = async () => {
    const answer = await call(
      server,
      'models/add-model',
      { modelName: `Marker ${++markers}`, modelCapacityKW: 1, modelPriceUsd: 10, modelSeriesId: seriesId },
      tokens.admin,
    );
    expect(answer.status).toBe(200);
    return (await server.db.selectFrom('models').select('id').where('name', '=', `Marker ${markers}`).executeTakeFirstOrThrow()).id;
  };
  let seriesId: number;

  beforeAll(async () => {
    server = await startServer(kind, { events: { maxClients: 1_000, heartbeatMs: HEARTBEAT_MS, sessionCheckMs: 60_000 } });
    tokens = await signInEachRole(server);
    ({ modelId, seriesId } = await seedCatalogue(server, tokens.admin, 'Live'));
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await server.close();
  });

  describe('tickets', () => {
    it('opens a text/event-stream with the security headers, no-store', async () => {
      const stream = await follow(tokens.sales);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expectSecurityHeaders(stream.headers, '/api/events');
    });

    it('refuses a missing or unknown ticket with 401 and the §4 body', async () => {
      for (const ticket of [undefined, '', 'not-a-ticket']) {
        const stream = await openEvents(server.url, ticket);
        expect(stream.status).toBe(401);
        expect(stream.body).toEqual(eventMessages.badTicket);
      }
    });

    it('opens one stream only: the same ticket again is 401', async () => {
      const ticket = await ticketOf(server, tokens.manager);
      const first = await openEvents(server.url, ticket);
      open.push(first);
      expect(first.status).toBe(200);
      const second = await openEvents(server.url, ticket);
      expect(second.status).toBe(401);
      expect(second.body).toEqual(eventMessages.badTicket);
    });

    it('refuses a ticket past its 60 s', async () => {
      const ticket = await ticketOf(server, tokens.manager);
      await server.db
        .updateTable('event_tickets')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .execute();
      const stream = await openEvents(server.url, ticket);
      expect(stream.status).toBe(401);
      expect(stream.body).toEqual(eventMessages.badTicket);
    });

    it('refuses a ticket whose session has ended', async () => {
      await createUser(server, 3, 'ticket-leaver');
      const token = await login(server, 'ticket-leaver');
      const ticket = await ticketOf(server, token);
      expect((await call(server, 'auth/logout', undefined, token)).status).toBe(200);
      const stream = await openEvents(server.url, ticket);
      expect(stream.status).toBe(401);
      expect(stream.body).toEqual(eventMessages.badTicket);
    });

    it('refuses a lastEventId or Last-Event-ID that is not a whole number ≥ 0 with 422, leaving the ticket unused', async () => {
      const message = 'The last event id must be a whole number of at least 0.';
      for (const lastEventId of [-1, 1.5, 'x']) {
        const answer = await call(server, 'events/ticket', { lastEventId }, tokens.sales);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual(invalid({ lastEventId: [message] }));
      }
      const ticket = await ticketOf(server, tokens.sales);
      const refused = await openEvents(server.url, ticket, 'abc');
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual(invalid({ lastEventId: [message] }));
      const stream = await openEvents(server.url, ticket);
      open.push(stream);
      expect(stream.status).toBe(200);
    });

    it('needs a session for a ticket (203)', async () => {
      expect((await call(server, 'events/ticket', {})).status).toBe(203);
    });
  });

  describe('events and who receives them', () => {
    let admin!: EventStream;
    let manager!: EventStream;
    let sales!: EventStream;
    let otherSales!: EventStream;
    let other: Awaited<ReturnType<typeof signInEachRole>>;

    beforeAll(async () => {
      other = await signInEachRole(server);
      [admin, manager, sales, otherSales] = (await Promise.all([tokens.admin, tokens.manager, tokens.sales, other.sales].map(follow))) as [
        EventStream,
        EventStream,
        EventStream,
        EventStream,
      ];
    });

    it('variables: each role as its `variables` call answers it', async () => {
      const { version } = await server.db.selectFrom('variables').select('version').executeTakeFirstOrThrow();
      const answer = await call(
        server,
        'variables/update-variables',
        { tr: '3.5', exch: '281.15', fare: '0.1', duties: '0.2', profit: '0.1', version },
        tokens.admin,
      );
      expect(answer.status).toBe(200);
      for (const [stream, token] of [
        [admin, tokens.admin],
        [manager, tokens.manager],
        [sales, tokens.sales],
      ] as const) {
        const event = await nextEvent(stream);
        expect(event.event).toBe('variables');
        expect(event.data).toEqual({ variables: (await call(server, 'variables', {}, token)).body.variables });
        if (stream === sales) expect((event.data as { variables: object }).variables).not.toHaveProperty('fare');
      }
      await marker();
      expect((await nextEvent(admin)).event).toBe('models');
      expect((await nextEvent(manager)).event).toBe('models');
      expect((await nextEvent(sales)).event).toBe('models');
      expect((await nextEvent(otherSales)).event).toBe('variables');
      expect((await nextEvent(otherSales)).event).toBe('models');
    });

    it('models: a model saved reaches everyone; a stock move levels 1–2 only', async () => {
      const saved = await marker();
      for (const stream of [admin, manager, sales, otherSales])
        expect(await nextEvent(stream)).toMatchObject({ event: 'models', data: { ids: [saved] } });
      expect((await call(server, 'models/add-stock', { id: modelId, modelQuantity: 3 }, tokens.manager)).status).toBe(200);
      for (const stream of [admin, manager]) expect(await nextEvent(stream)).toMatchObject({ event: 'models', data: { ids: [modelId] } });
      const next = await marker();
      // Sales skip the stock move: their next event is the next model's.
      for (const stream of [admin, manager, sales, otherSales]) expect((await nextEvent(stream)).data).toEqual({ ids: [next] });
    });

    it('catalogue: brands and series reach level 1 only', async () => {
      await seedCatalogue(server, tokens.admin, 'Catalogued');
      // The brand and the series, then the model, each its own write.
      expect(await nextEvent(admin)).toMatchObject({ event: 'catalogue', data: {} });
      expect(await nextEvent(admin)).toMatchObject({ event: 'catalogue', data: {} });
      expect((await nextEvent(admin)).event).toBe('models');
      for (const stream of [manager, sales, otherSales]) expect((await nextEvent(stream)).event).toBe('models');
    });

    it('users: admin only', async () => {
      const answer = await call(
        server,
        'users/add-user',
        { name: 'Live Person', username: 'live.person', password: 'password123', roleId: 3 },
        tokens.admin,
      );
      expect(answer.status).toBe(200);
      const id = (await server.db.selectFrom('users').select('id').where('username', '=', 'live.person').executeTakeFirstOrThrow()).id;
      expect(await nextEvent(admin)).toMatchObject({ event: 'users', data: { ids: [id] } });
      await marker();
      expect((await nextEvent(admin)).event).toBe('models');
      for (const stream of [manager, sales, otherSales]) expect((await nextEvent(stream)).event).toBe('models');
    });

    it('quotes: Sales their own only, levels 1–2 all', async () => {
      const created = await call(server, 'quotes/create', { customerName: 'Live Customer', lines: [{ modelId, qty: 1 }] }, tokens.sales);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.id as number;
      for (const stream of [admin, manager, sales]) expect(await nextEvent(stream)).toMatchObject({ event: 'quotes', data: { ids: [id] } });
      await marker();
      expect((await nextEvent(otherSales)).event).toBe('models');
      for (const stream of [admin, manager, sales]) expect((await nextEvent(stream)).event).toBe('models');
    });

    it('one event per write: an import of three models is one event of their ids, with the id of its last entry', async () => {
      const file = csvBytes([
        IMPORT_HEADER,
        ['Live Brand', 'Live Series', 'Imported 1', 1, 10],
        ['Live Brand', 'Live Series', 'Imported 2', 1, 10],
        ['Live Brand', 'Live Series', 'Imported 3', 1, 10],
      ]);
      const answer = await call(server, 'models/import', importForm(file), tokens.admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const rows = await server.db
        .selectFrom('audit_log')
        .select(['id', 'entity_id'])
        .where('action', '=', 'model.import')
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(3);
      for (const stream of [admin, sales]) {
        const event = await nextEvent(stream);
        expect(event).toMatchObject({ event: 'models', id: rows[2]!.id, data: { ids: rows.map((row) => row.entity_id) } });
      }
      await marker();
      expect((await nextEvent(sales)).data).not.toEqual({ ids: rows.map((row) => row.entity_id) });
    });

    it('ids only grow, and each event has the id of its write', async () => {
      const events = [await nextEvent(manager), await nextEvent(manager)];
      const newest = await marker();
      const last = await nextEvent(manager);
      expect(last.data).toEqual({ ids: [newest] });
      const ids = [...events, last].map((event) => event.id!);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });

  describe('a bulk edit', () => {
    it('one event per write: a bulk edit of the imported models is one event of their ids (docs/design.md §8.4)', async () => {
      const stream = await follow(tokens.sales);
      const body = { filters: { search: 'Imported' }, price: { mode: 'amount', value: 1 }, preview: 0 };
      const answer = await call(server, 'models/bulk-update', body, tokens.admin);
      expect(answer.body.responseMessage, JSON.stringify(answer.body)).toBe('3 models updated.');
      const rows = await server.db
        .selectFrom('audit_log')
        .select(['id', 'entity_id'])
        .where('action', '=', 'model.update')
        .where('entity_name', 'like', 'Imported %')
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(3);
      const ids = rows.map((row) => Number(row.entity_id)).sort((a, b) => a - b);
      expect(await nextEvent(stream)).toMatchObject({ event: 'models', id: rows[2]!.id, data: { ids } });
    });
  });

  describe('replay', () => {
    it('a first ticket (no lastEventId) follows from when it was asked for: a write before the stream opens is sent, an older one is not', async () => {
      await marker();
      const ticket = await ticketOf(server, tokens.sales);
      const between = await marker();
      const stream = await openEvents(server.url, ticket);
      open.push(stream);
      expect(stream.status).toBe(200);
      expect((await nextEvent(stream)).data).toEqual({ ids: [between] });
      const live = await marker();
      expect((await nextEvent(stream)).data).toEqual({ ids: [live] });
    });

    it('after Last-Event-ID and after lastEventId: every event missed, in order, then live ones, none twice', async () => {
      for (const how of ['header', 'ticket'] as const) {
        const first = await follow(tokens.sales);
        const seen = await marker();
        const last = await nextEvent(first);
        expect(last.data).toEqual({ ids: [seen] });
        first.close();
        const missed = [await marker(), await marker(), await marker()];
        const again =
          how === 'header'
            ? await openEvents(server.url, await ticketOf(server, tokens.sales), last.id)
            : await openEvents(server.url, await ticketOf(server, tokens.sales, last.id));
        open.push(again);
        expect(again.status).toBe(200);
        const replayed = [await nextEvent(again), await nextEvent(again), await nextEvent(again)];
        expect(replayed.map((event) => event.data)).toEqual(missed.map((id) => ({ ids: [id] })));
        const live = await marker();
        expect((await nextEvent(again)).data, how).toEqual({ ids: [live] });
        expect(await again.eventsFor(HEARTBEAT_MS * 2)).toEqual([]);
      }
    });

    it(`replays ${MAX_REPLAYED_EVENTS} missed events, and says \`reset\` for more`, async () => {
      const { id: from } = await server.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      // Written straight into the log: entries of no write (as before live updates), one event each.
      const entries = Array.from({ length: MAX_REPLAYED_EVENTS }, () => ({
        user_id: 1,
        user_name: 'Admin',
        action: 'model.update',
        entity_type: 'model',
        entity_id: modelId,
        entity_name: 'Live Model',
        changes: '{}',
        created_at: new Date().toISOString(),
        write_id: null,
      }));
      await server.db.insertInto('audit_log').values(entries).execute();
      const all = await openEvents(server.url, await ticketOf(server, tokens.manager, Number(from)));
      open.push(all);
      const replayed = await all.eventsFor(1_500);
      expect(replayed).toHaveLength(MAX_REPLAYED_EVENTS);
      expect(replayed.every((event) => event.event === 'models')).toBe(true);
      await server.db.insertInto('audit_log').values(entries.slice(0, 1)).execute();
      const reset = await openEvents(server.url, await ticketOf(server, tokens.manager, Number(from)));
      open.push(reset);
      expect(await nextEvent(reset)).toEqual({ kind: 'event', id: undefined, event: 'reset', data: {} });
      const live = await marker();
      expect((await nextEvent(reset)).data).toEqual({ ids: [live] });
    });

    it('says `reset` for an id past the end of the log', async () => {
      const stream = await openEvents(server.url, await ticketOf(server, tokens.manager, 2_000_000_000));
      open.push(stream);
      expect(await nextEvent(stream)).toMatchObject({ event: 'reset', id: undefined });
    });
  });

  it(`sends a comment line after ${HEARTBEAT_MS} ms of silence`, async () => {
    const stream = await follow(tokens.manager);
    const started = Date.now();
    expect(await stream.next(HEARTBEAT_MS * 5)).toEqual({ kind: 'comment', text: 'keep-alive' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS - 50);
  });

  describe('the session ends', () => {
    it('on logout: `session` without an id, then the stream closes', async () => {
      await createUser(server, 2, 'live-logout');
      const token = await login(server, 'live-logout');
      const stream = await follow(token);
      expect((await call(server, 'auth/logout', undefined, token)).status).toBe(200);
      expect(await nextEvent(stream)).toEqual({ kind: 'event', id: undefined, event: 'session', data: {} });
      expect(await stream.nextEvent()).toBe('closed');
    });

    it('on deactivation, and on a password change for the other sessions only', async () => {
      const id = await createUser(server, 3, 'live-deactivated');
      const [one, two] = [await login(server, 'live-deactivated'), await login(server, 'live-deactivated')];
      const [kept, ended] = [await follow(one), await follow(two)];
      const changed = await call(
        server,
        'auth/change-password',
        { currentPassword: 'password123', password: 'password456', password_confirmation: 'password456' },
        one,
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(await nextEvent(ended)).toMatchObject({ event: 'session', id: undefined });
      expect(await ended.nextEvent()).toBe('closed');
      const { version } = await server.db.selectFrom('users').select('version').where('id', '=', id).executeTakeFirstOrThrow();
      const deactivated = await call(
        server,
        'users/update-user',
        { id, name: 'Gone', username: 'live-deactivated', roleId: 3, isActive: 0, version },
        tokens.admin,
      );
      expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
      expect(await nextEvent(kept)).toMatchObject({ event: 'session', id: undefined });
      expect(await kept.nextEvent()).toBe('closed');
    });
  });

  it(`keeps ${STREAMS_PER_USER} streams per user: a sixth closes the oldest`, async () => {
    await createUser(server, 3, 'live-many');
    const token = await login(server, 'live-many');
    const streams: EventStream[] = [];
    for (let i = 0; i <= STREAMS_PER_USER; i++) streams.push(await follow(token));
    expect(await streams[0]!.nextEvent()).toBe('closed');
    const live = await marker();
    for (const stream of streams.slice(1)) expect((await nextEvent(stream)).data).toEqual({ ids: [live] });
  });
});

describeEachDatabase('live updates: EVENTS_MAX_CLIENTS', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { events: { maxClients: 2, heartbeatMs: HEARTBEAT_MS, sessionCheckMs: 60_000 } });
  });
  afterAll(() => server.close());

  it('answers 503 with the §4 body beyond it, and the ticket stays good for another server', async () => {
    const { admin, manager, sales } = await signInEachRole(server);
    const streams = [
      await openEvents(server.url, await ticketOf(server, admin)),
      await openEvents(server.url, await ticketOf(server, manager)),
    ];
    const ticket = await ticketOf(server, sales);
    const refused = await openEvents(server.url, ticket);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(eventMessages.tooManyStreams);
    streams[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = await openEvents(server.url, ticket);
    expect(later.status).toBe(200);
    for (const stream of [...streams, later]) stream.close();
  });
});
