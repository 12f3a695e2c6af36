import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { register } from 'node:module';
import { contextTracking } from './context-tracking.js';
import { requestDoor, requestSamplingFrom } from './request-sampling.js';
import { setActiveTracing } from './tracing-state.js';

/**
 * Starts the OpenTelemetry Node SDK: spans of Fastify requests (@fastify/otel),
 * pg statements, ioredis commands, outgoing HTTP (node:http for S3 and webhooks,
 * undici for fetch: the model and cut-out servers) and one span per job,
 * exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the SDK reads the
 * standard OTEL_* variables itself: protocol, headers, service name).
 *
 * Only src/instrument.ts imports this, and only when the endpoint is set: then it
 * runs before Fastify, pg and ioredis are imported, which auto-instrumentation
 * needs. What spans leave out: statement parameters (pg's enhanced reporting is
 * off), Redis arguments (rate-limit keys hold callers' addresses), request and
 * response bodies.
 */
export async function startTracing(): Promise<void> {
  // Our modules are ES modules: their imports of pg or ioredis go through this hook. It
  // wraps only the modules an instrumentation asks for (the channel tells the loader):
  // left to itself it wraps every module, and each call across our own modules then
  // pays for it (a cached list answer cost twice its CPU).
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const [
    api,
    { NodeSDK },
    { FastifyOtelInstrumentation },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { AsyncLocalStorageContextManager },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/context-async-hooks'),
  ]);
  // Traces only: metrics are Prometheus's (GET /metrics), logs are pino's. Set either
  // variable to export them as well.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sampling = requestSamplingFrom(process.env);
  const door = sampling && requestDoor(sampling);
  const contextManager = new AsyncLocalStorageContextManager();
  // Only where the door decides: with a sampler named, requests are not counted, and
  // switching tracking off at a job's end would take their context away.
  const tracking = door ? contextTracking(() => contextManager.disable()) : null;
  if (door) {
    subscribe('http.server.request.start', (message) => {
      const { request, response } = message as {
        request: IncomingMessage;
        response: ServerResponse;
      };
      if (door.arrived(request.headers)) response.once('close', tracking!.began());
    });
  }
  const probe = (url: string) => url === '/healthz' || url === '/readyz' || url === '/metrics';
  const sdk = new NodeSDK({
    serviceName: 'shop-service',
    contextManager,
    instrumentations: [
      // Requests are @fastify/otel's spans (it reads traceparent itself); http covers calls out.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new UndiciInstrumentation(),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span per request: a span per hook and handler (the app has a dozen hooks)
        // cost ten times a cached list answer's own CPU (npm run bench:observability).
        instrumentHooks: false,
        instrumentHandler: false,
        // Probes and scrapes every few seconds are noise in a trace store. Asked once per
        // route as it is added (with its handler), then once per request: there the
        // door's decision (request-sampling.ts) is taken, whatever the path.
        ignorePaths: (route: { url: string; handler?: unknown }) => {
          const leftOut = route.handler === undefined && door !== null && door.leaveOut();
          return leftOut || probe(route.url);
        },
      }),
      // Only statements inside a request or a job: the queue's polls would be noise. No
      // span per pool checkout (pg-pool.connect): a checkout took 13 of them beside its
      // 39 statements, each parsing the connection URL, and a statement's span already
      // shows a wait for a connection as time before it starts.
      new PgInstrumentation({
        enhancedDatabaseReporting: false,
        requireParentSpan: true,
        ignoreConnectSpans: true,
      }),
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command: string) => command,
      }),
    ],
  });
  sdk.start();
  // The loader has the instrumented modules' names before anything imports them.
  await waitForAllMessagesAcknowledged();

  const tracer = api.trace.getTracer('shop-service');
  setActiveTracing({
    inSpan(name, attributes, work) {
      const ended = tracking?.began();
      return tracer.startActiveSpan(name, { attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: api.SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
          ended?.();
        }
      });
    },
    // Spans still batched in memory are sent before the process exits.
    shutdown: () => sdk.shutdown(),
  });
}
