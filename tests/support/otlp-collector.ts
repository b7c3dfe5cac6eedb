import { once } from 'node:events';
import { createServer } from 'node:http';

// A stand-in OpenTelemetry collector for the tests: an OTLP/HTTP endpoint on a free port that
// keeps every JSON export it receives. Shared by the API and hardening suites: no test runner here.

type OtlpValue = { stringValue?: string; intValue?: number | string };
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
};
type OtlpExport = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

export const SERVER_SPAN = 2;
export const CLIENT_SPAN = 3;

/** A span's attribute: its text, or its number. */
export function attribute(span: OtlpSpan, key: string): string | number | undefined {
  const value = span.attributes.find((each) => each.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
}

export async function startCollector() {
  const exports: { path: string; type: string; body: OtlpExport }[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      exports.push({ path: request.url ?? '', type: request.headers['content-type'] ?? '', body: JSON.parse(text) as OtlpExport });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
    endpoint: `http://127.0.0.1:${port}`,
    /** Every export: where it was sent and as what. */
    exports,
    /** Every span received so far. */
    spans: () =>
      exports.flatMap((sent) => sent.body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
