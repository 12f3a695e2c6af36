import { createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { describe, expect, it } from 'vitest';
import { contextTracking } from './context-tracking.js';

const KEY = createContextKey('request');
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('trace context tracked only while something traced runs', () => {
  it('switches off when the last traced request or job ends, once per end', () => {
    let switchedOff = 0;
    const tracking = contextTracking(() => switchedOff++);
    const first = tracking.began();
    const second = tracking.began();
    first();
    first(); // a response's 'close' and an error path both ending it
    expect([tracking.inFlight, switchedOff]).toEqual([1, 0]);
    second();
    expect([tracking.inFlight, switchedOff]).toEqual([0, 1]);
    tracking.began()();
    expect(switchedOff).toBe(2);
  });

  it('keeps a running trace’s context across awaits until its end, and tracks the next one again', async () => {
    const manager = new AsyncLocalStorageContextManager();
    const tracking = contextTracking(() => manager.disable());
    const seen: unknown[] = [];
    const afterEnd: unknown[] = [];
    const traced = (name: string, waits: number) => {
      const ended = tracking.began();
      return manager.with(ROOT_CONTEXT.setValue(KEY, name), async () => {
        for (let i = 0; i < waits; i++) await tick();
        seen.push(manager.active().getValue(KEY));
        ended();
        setImmediate(() => afterEnd.push(manager.active().getValue(KEY)));
      });
    };
    // One ends while the other still runs: the other keeps its context.
    await Promise.all([traced('short', 1), traced('long', 5)]);
    expect(seen).toEqual(['short', 'long']);
    // What a request leaves running after its end keeps its context only while another
    // traced one runs ('short' ended first); after the last end, nothing is tracked.
    await tick();
    expect(afterEnd).toEqual(['short', undefined]);
    // The next traced one switches tracking back on by entering its context.
    await traced('next', 3);
    expect(seen).toEqual(['short', 'long', 'next']);
    await tick();
    expect(afterEnd).toEqual(['short', undefined, undefined]);
  });
});
