/**
 * The first module the server and the worker load (`node --import ./dist/instrument.js`):
 * with OTEL_EXPORTER_OTLP_ENDPOINT set it starts tracing before anything it traces
 * is imported; unset, it imports nothing of OpenTelemetry and costs nothing.
 */
import { otlpEndpoint } from './config.js';

if (otlpEndpoint()) {
  const { startTracing } = await import('./observability/tracing.js');
  await startTracing();
}
