/**
 * What the app asks of tracing, set by src/instrument.ts once the OpenTelemetry
 * SDK has started. Nothing here imports OpenTelemetry: without
 * OTEL_EXPORTER_OTLP_ENDPOINT no tracing code is loaded at all, and asking costs
 * one variable read.
 */
export interface Tracing {
  /** Runs `work` inside a new span (a child of the current one), ended when it settles. */
  inSpan<T>(
    name: string,
    attributes: Record<string, string | number>,
    work: () => Promise<T>,
  ): Promise<T>;
  /** Sends what is still batched; the process calls it before it exits. */
  shutdown(): Promise<void>;
}

let current: Tracing | null = null;

export function activeTracing(): Tracing | null {
  return current;
}

export function setActiveTracing(tracing: Tracing | null): void {
  current = tracing;
}
