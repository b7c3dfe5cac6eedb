import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/api/harness.ts';
import { attribute, startCollector } from '#tests/support/otlp-collector.ts';
import { openSharedDatabase } from './shared-database.ts';

// docs/design.md §8.7: the spans a process still holds when it is told to stop reach the collector
// before it exits (SIGTERM's drain ends by shutting the tracer provider down).

describeEachDatabase('traces when a server process stops', (kind) => {
  it('SIGTERM sends the spans still buffered, then the process exits 0', async () => {
    const collector = await startCollector();
    const shared = await openSharedDatabase(kind);
    try {
      const server = await shared.start({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint });
      const answer = await fetch(`${server.url}/readyz`);
      expect(answer.status).toBe(200);
      const requestId = answer.headers.get('x-request-id');
      // The batch would wait 5 s before sending: the signal comes first.
      expect(await server.stop('SIGTERM')).toBe(0);

      const spans = collector.spans();
      const ready = spans.find((span) => attribute(span, 'request.id') === requestId);
      expect(ready?.name).toBe('GET /readyz');
      expect(spans.some((span) => span.parentSpanId === ready!.spanId && span.name === 'SELECT')).toBe(true);
    } finally {
      await shared.close();
      await collector.close();
    }
  }, 60_000);
});
