import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseKind, QueryTracer } from '#server/db/connect.ts';
import { routePattern } from '#server/http/route-pattern.ts';

// docs/design.md §8.7: with OTEL_EXPORTER_OTLP_ENDPOINT set, a span per request, named by its
// route pattern, and under it a span per database statement, sent over OTLP/HTTP (JSON). This
// module is imported only then (server/app.ts), so nothing of OpenTelemetry loads otherwise.
// The provider is this app's own, never registered globally: tests build several apps, and
// nothing else in the process is instrumented. The request's span reaches its queries through an
// AsyncLocalStorage of our own rather than OpenTelemetry's global context.

const SERVICE_NAME = 'ac-backoffice';
const DB_SYSTEMS: Record<DatabaseKind, string> = { sqlite: 'sqlite', postgres: 'postgresql' };

export type Tracing = {
  /** Runs each statement in a child span of the request it belongs to; statements outside a request are not traced. */
  queries: QueryTracer;
  /**
   * The request spans: opened as a request arrives, current from its handler on, ended with its
   * answer. The app's close (SIGTERM's drain ends with it) sends the spans still buffered.
   */
  install(app: FastifyInstance): void;
};

/** A statement's span name: its verb (SELECT, INSERT…), never its values, which travel apart. */
const verbOf = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';

function failed(span: Span, error: unknown) {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

export function startTracing(endpoint: string, kind: DatabaseKind): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
  });
  const tracer = provider.getTracer(SERVICE_NAME);
  const current = new AsyncLocalStorage<Span>();
  const requestSpans = new WeakMap<FastifyRequest, Span>();

  const queries: QueryTracer = async (sql, run) => {
    const parent = current.getStore();
    if (!parent) return run();
    const span = tracer.startSpan(
      verbOf(sql),
      { kind: SpanKind.CLIENT, attributes: { 'db.system.name': DB_SYSTEMS[kind], 'db.query.text': sql } },
      trace.setSpan(ROOT_CONTEXT, parent),
    );
    try {
      return await run();
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  };

  function end(request: FastifyRequest, status: number | undefined) {
    const span = requestSpans.get(request);
    if (!span) return;
    requestSpans.delete(request);
    if (status === undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away' });
    else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  }

  function install(app: FastifyInstance) {
    app.addHook('onRequest', (request, _reply, done) => {
      const route = routePattern(request);
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          // The route, never the path sent: it may hold a token (/q/:token) or a query string.
          attributes: { 'http.request.method': request.method, 'http.route': route, 'request.id': request.id },
        },
        ROOT_CONTEXT,
      );
      requestSpans.set(request, span);
      done();
    });
    // From here on the handler runs, and every query it makes, inside the span. Entered after the
    // body is read: a body's stream events would not carry a context entered before it.
    app.addHook('preHandler', (request, _reply, done) => {
      const span = requestSpans.get(request);
      if (span) current.run(span, done);
      else done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      end(request, reply.statusCode);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      end(request, undefined);
      done();
    });
    app.addHook('onClose', async () => provider.shutdown());
  }

  return { queries, install };
}
