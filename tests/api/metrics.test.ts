import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#src/contract/messages.ts';
import { openEvents } from '#tests/support/sse-client.ts';
import { call, describeEachDatabase, login, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';

// docs/design.md §8.7: GET /metrics, behind METRICS_TOKEN.

const TOKEN = 'metrics-token-for-the-test';

const scrape = (server: TestServer, authorization?: string) =>
  fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined when the line is missing. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase('GET /metrics', (kind) => {
  describe('without METRICS_TOKEN', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(kind);
    });
    afterAll(() => server.close());

    it('answers as an unknown path does, token or none', async () => {
      const unknown = await fetch(`${server.url}/api/unknown/123`);
      for (const answer of [await scrape(server), await scrape(server, `Bearer ${TOKEN}`)]) {
        expect(answer.status).toBe(404);
        expect(await answer.json()).toEqual(messages.notFound);
      }
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual(messages.notFound);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let server: TestServer;
    let admin: string;
    let usernames: { sales: string };
    let modelId: number;
    beforeAll(async () => {
      server = await startServer(kind, { metricsToken: TOKEN });
      ({ admin, usernames } = await signInEachRole(server));
      ({ modelId } = await seedCatalogue(server, admin, 'Metrics'));
    });
    afterAll(() => server.close());

    it('is 404, the unknown path’s answer, without the token, with a wrong one or another scheme', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN, `Bearer`]) {
        const answer = await scrape(server, authorization);
        expect(answer.status, authorization).toBe(404);
        expect(await answer.json()).toEqual(messages.notFound);
      }
    });

    it('answers every family in the text format, labelled by route pattern, never by path or id', async () => {
      const unknownId = 987_654_321;
      expect((await call(server, 'models/get-model', { id: unknownId }, admin)).status).toBe(404);
      expect((await fetch(`${server.url}/api/unknown/123456789`)).status).toBe(404);
      expect((await call(server, 'models/add-stock', { id: modelId, modelQuantity: 4 }, admin)).status).toBe(200);
      expect((await call(server, 'models/remove-stock', { id: modelId, modelQuantity: 1 }, admin)).status).toBe(200);
      expect((await call(server, 'auth/login', { username: usernames.sales, password: 'not-the-password' })).status).toBe(401);
      await login(server, usernames.sales);

      const answer = await scrape(server, `Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(answer.headers.get('x-request-id')).toBeTruthy();
      const text = await answer.text();

      expect(sample(text, 'http_requests_total{route="/api/models/get-model",method="POST",status="404"}')).toBe(1);
      expect(sample(text, 'http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
      expect(text).toContain('http_request_duration_seconds_bucket{le="0.1",route="/api/models/add-stock",method="POST",status="200"}');
      expect(sample(text, 'http_request_duration_seconds_count{route="/api/models/add-stock",method="POST",status="200"}')).toBe(1);
      expect(text).not.toContain(String(unknownId));
      expect(text).not.toContain('123456789');
      expect(text).not.toContain('/api/unknown');

      expect(sample(text, 'login_failures_total')).toBe(1);
      expect(sample(text, 'rate_limited_total')).toBeUndefined();
      expect(sample(text, 'stock_moves_total{type="added"}')).toBe(1);
      expect(sample(text, 'stock_moves_total{type="removed"}')).toBe(1);
      expect(sample(text, 'db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting')).toBe(0);
      expect(sample(text, 'live_streams')).toBe(0);
      const variables = await server.db.selectFrom('variables').select('exch').executeTakeFirstOrThrow();
      expect(sample(text, 'exch_rupees_per_dollar')).toBe(Number(variables.exch));
      for (const status of ['draft', 'sent', 'expired', 'won', 'lost', 'cancelled', 'superseded']) {
        expect(sample(text, `quotes{status="${status}"}`), status).toBe(0);
      }
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    });

    it('reads the live streams, the quotes by status and EXCH as they are at the scrape', async () => {
      const ticket = await call<{ ticket: string }>(server, 'events/ticket', {}, admin);
      const stream = await openEvents(server.url, ticket.body.ticket);
      try {
        expect(stream.status).toBe(200);
        const created = [];
        for (const customerName of ['Draft Traders', 'Lapsed Traders']) {
          const answer = await call(server, 'quotes/create', { customerName, lines: [{ modelId, qty: 1 }] }, admin);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          created.push(answer.body.id as number);
        }
        // Sent, and past its day: expired, as the app answers it.
        await server.db.updateTable('quotes').set({ status: 'sent', valid_until: '2020-01-01' }).where('id', '=', created[1]!).execute();
        const version = (await server.db.selectFrom('variables').select('version').executeTakeFirstOrThrow()).version;
        expect((await call(server, 'variables/update-exch', { exch: '312.75', version }, admin)).status).toBe(200);

        const text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
        expect(sample(text, 'live_streams')).toBe(1);
        expect(sample(text, 'quotes{status="draft"}')).toBe(1);
        expect(sample(text, 'quotes{status="expired"}')).toBe(1);
        expect(sample(text, 'quotes{status="sent"}')).toBe(0);
        expect(sample(text, 'exch_rupees_per_dollar')).toBe(312.75);
      } finally {
        stream.close();
      }
    });

    it('counts the answers 429 by route pattern, the public pages’ included', async () => {
      const path = `${server.url}/q/${'x'.repeat(40)}`;
      const statuses = await Promise.all(Array.from({ length: 61 }, () => fetch(path).then((answer) => answer.status)));
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
      const text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
      expect(sample(text, 'rate_limited_total{route="/q/:token"}')).toBe(1);
      expect(text).not.toContain('x'.repeat(40));
    });
  });
});
