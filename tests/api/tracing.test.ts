import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attribute, CLIENT_SPAN, SERVER_SPAN, startCollector } from '#tests/support/otlp-collector.ts';
import { call, describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';

// docs/design.md §8.7: with OTEL_EXPORTER_OTLP_ENDPOINT set, a span per call (named by its route
// pattern) and one per query under it reach that OTLP/HTTP endpoint; unset, nothing of it loads.

/** The packages of OpenTelemetry a process building the app with this environment loads. */
async function packagesLoaded(env: Record<string, string>): Promise<string[]> {
  const none = { OTEL_EXPORTER_OTLP_ENDPOINT: '', METRICS_TOKEN: '' };
  const { stdout } = await promisify(execFile)(process.execPath, ['tests/support/opentelemetry-loads.ts'], {
    env: { ...process.env, ...none, ...env },
  });
  return JSON.parse(stdout) as string[];
}

it('loads nothing of OpenTelemetry without the endpoint, and its SDK with it', async () => {
  const [neither, metricsOnly, traced] = await Promise.all([
    packagesLoaded({}),
    packagesLoaded({ METRICS_TOKEN: 'a-token' }),
    packagesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }),
  ]);
  expect(neither).toEqual([]);
  // prom-client brings the API (for exemplars), never the SDK.
  expect(metricsOnly).toEqual(['@opentelemetry/api']);
  expect(traced).toEqual(expect.arrayContaining(['@opentelemetry/sdk-trace-node', '@opentelemetry/exporter-trace-otlp-http']));
}, 60_000);

describeEachDatabase('traces', (kind) => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    collector = await startCollector();
    server = await startServer(kind, { otlpEndpoint: collector.endpoint });
    ({ admin } = await signInEachRole(server));
  });
  afterAll(async () => {
    await server.close().catch(() => {});
    await collector.close();
  });

  it('sends a span per call, named by its route, with its queries under it, by the time the server has closed', async () => {
    const answer = await call(server, 'models/get-model', { id: 987_654_321 }, admin);
    expect(answer.status).toBe(404);
    const requestId = answer.headers.get('x-request-id');
    await server.close();

    expect(collector.exports.length).toBeGreaterThan(0);
    expect(collector.exports.every((sent) => sent.path === '/v1/traces' && sent.type.startsWith('application/json'))).toBe(true);
    const spans = collector.spans();
    const answered = spans.find((span) => attribute(span, 'request.id') === requestId);
    expect(answered).toMatchObject({ name: 'POST /api/models/get-model', kind: SERVER_SPAN });
    expect(attribute(answered!, 'http.route')).toBe('/api/models/get-model');
    expect(attribute(answered!, 'http.response.status_code')).toBe(404);

    const queries = spans.filter((span) => span.parentSpanId === answered!.spanId);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.traceId).toBe(answered!.traceId);
      expect(query.kind).toBe(CLIENT_SPAN);
      expect(attribute(query, 'db.system.name')).toBe(kind === 'sqlite' ? 'sqlite' : 'postgresql');
    }
    expect(queries.map((query) => query.name)).toContain('SELECT');
    expect(queries.some((query) => String(attribute(query, 'db.query.text')).includes('from "models"'))).toBe(true);
    // Ids travel as parameters, never in a span.
    expect(JSON.stringify(spans)).not.toContain('987654321');
  });
});
