// The part of autocannon 8's API the bench uses (it ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    overallRate?: number;
    timeout?: number;
    requests?: Array<{
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      /** Called before each send of this request; returns the request to send. */
      setupRequest?: (request: { path: string }) => { path: string };
    }>;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx'?: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
