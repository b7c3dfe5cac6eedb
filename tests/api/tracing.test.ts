import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';

// docs/design.md §8.7: with OTEL_EXPORTER_OTLP_ENDPOINT set, a span per call (named by its route
// pattern) and one per query under it reach that OTLP/HTTP endpoint; unset, nothing of it loads.

type OtlpValue = { stringValue?: string; intValue?: number | string };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
};
type OtlpExport = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

const SERVER_KIND = 2;
const CLIENT_KIND = 3;
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((each) => each.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

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
  let collector: Server;
  let server: TestServer;
  let admin: string;
  const exports: { path: string; type: string; body: OtlpExport }[] = [];

  beforeAll(async () => {
    collector = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        exports.push({ path: request.url ?? '', type: request.headers['content-type'] ?? '', body: JSON.parse(text) as OtlpExport });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    }).listen(0, '127.0.0.1');
    await once(collector, 'listening');
    const address = collector.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server = await startServer(kind, { otlpEndpoint: `http://127.0.0.1:${port}` });
    ({ admin } = await signInEachRole(server));
  });
  afterAll(async () => {
    await server.close().catch(() => {});
    collector.close();
  });

  it('sends a span per call, named by its route, with its queries under it, by the time the server has closed', async () => {
    const answer = await call(server, 'models/get-model', { id: 987_654_321 }, admin);
    expect(answer.status).toBe(404);
    const requestId = answer.headers.get('x-request-id');
    await server.close();

    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((sent) => sent.path === '/v1/traces' && sent.type.startsWith('application/json'))).toBe(true);
    const spans = exports.flatMap((sent) =>
      sent.body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
    const answered = spans.find((span) => attribute(span, 'request.id') === requestId);
    expect(answered).toMatchObject({ name: 'POST /api/models/get-model', kind: SERVER_KIND });
    expect(attribute(answered!, 'http.route')).toBe('/api/models/get-model');
    expect(attribute(answered!, 'http.response.status_code')).toBe(404);

    const queries = spans.filter((span) => span.parentSpanId === answered!.spanId);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.traceId).toBe(answered!.traceId);
      expect(query.kind).toBe(CLIENT_KIND);
      expect(attribute(query, 'db.system.name')).toBe(kind === 'sqlite' ? 'sqlite' : 'postgresql');
    }
    expect(queries.map((query) => query.name)).toContain('SELECT');
    expect(queries.some((query) => String(attribute(query, 'db.query.text')).includes('from "models"'))).toBe(true);
    // Ids travel as parameters, never in a span.
    expect(JSON.stringify(spans)).not.toContain('987654321');
  });
});
