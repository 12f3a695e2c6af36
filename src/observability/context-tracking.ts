/**
 * Trace context tracking switched on only while something traced is running.
 *
 * On Node 20, once an AsyncLocalStorage has been entered, every promise, tick and
 * timer of the process pays its hook, traced or not: with one request in ten traced,
 * a cached list answer cost about a quarter more CPU, nearly all of it in requests
 * that make no span (docs/performance.md, "What tracing costs"). So the traced
 * requests and jobs in flight are counted; when the last one ends, tracking is
 * switched off (`switchOff`: the context manager's disable), and the next traced
 * one's first `context.with` switches it on again. A continuation that outlives
 * its request (nothing of the shop's does) would lose its parent span, no more.
 */
export interface ContextTracking {
  /** A traced request or job began; returns its end, which counts once however often called. */
  began(): () => void;
  /** Traced requests and jobs running now. */
  readonly inFlight: number;
}

export function contextTracking(switchOff: () => void): ContextTracking {
  let inFlight = 0;
  return {
    began() {
      inFlight += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (inFlight === 0) switchOff();
      };
    },
    get inFlight() {
      return inFlight;
    },
  };
}
