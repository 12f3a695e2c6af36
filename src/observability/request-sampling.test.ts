import { describe, expect, it } from 'vitest';
import { callersChoice, requestDoor, requestSamplingFrom } from './request-sampling.js';

const ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('which requests are traced by default', () => {
  it('samples one request in ten at the door, recording all it lets in, when no sampler is named', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(requestSamplingFrom(env)).toEqual({ ratio: 0.1, perSecond: 10 });
    expect(env.OTEL_TRACES_SAMPLER).toBe('parentbased_always_on');
    expect(requestSamplingFrom({ OTEL_TRACES_SAMPLER: ' ' })).toEqual({
      ratio: 0.1,
      perSecond: 10,
    });
  });

  it('takes the operator’s ratio and cap, and ignores what is neither', () => {
    const ratio = (value: string) => requestSamplingFrom({ OTEL_TRACES_SAMPLER_ARG: value })?.ratio;
    expect(ratio('0.25')).toBe(0.25);
    expect(ratio('0')).toBe(0);
    for (const bad of ['1.5', '-0.1', 'all', '']) expect(ratio(bad)).toBe(0.1);
    const cap = (value: string) => requestSamplingFrom({ TRACES_PER_SECOND: value })?.perSecond;
    expect(cap('100')).toBe(100);
    expect(cap('0.5')).toBe(0.5);
    expect(cap('0')).toBe(0);
    for (const bad of ['-1', 'many', '', 'Infinity']) expect(cap(bad)).toBe(10);
  });

  it('leaves sampling to the SDK when the operator names a sampler', () => {
    const env: NodeJS.ProcessEnv = { OTEL_TRACES_SAMPLER: 'always_on' };
    expect(requestSamplingFrom(env)).toBeNull();
    expect(env).toEqual({ OTEL_TRACES_SAMPLER: 'always_on' });
  });

  it('reads a caller’s choice from a valid traceparent only', () => {
    expect(callersChoice(`00-${ID}-${PARENT}-01`)).toBe(true);
    expect(callersChoice(`00-${ID}-${PARENT}-03`)).toBe(true);
    expect(callersChoice(`00-${ID}-${PARENT}-00`)).toBe(false);
    expect(callersChoice(`01-${ID}-${PARENT}-01-later-fields`)).toBe(true);
    for (const invalid of [
      undefined,
      '',
      `ff-${ID}-${PARENT}-01`,
      `00-${'0'.repeat(32)}-${PARENT}-01`,
      `00-${ID}-${'0'.repeat(16)}-01`,
      `00-${ID.toUpperCase()}-${PARENT}-01`,
      `00-${ID}-${PARENT}-1`,
      `00-${ID}-${PARENT}-01x`,
    ])
      expect(callersChoice(invalid), String(invalid)).toBeNull();
    expect(callersChoice([`00-${ID}-${PARENT}-01`, `00-${ID}-${PARENT}-01`])).toBeNull();
  });

  it('lets in what the caller chose, else what the draw says, once per arrival', () => {
    const draws = [0.05, 0.5];
    const door = requestDoor({ ratio: 0.1, perSecond: 1000 }, () => draws.shift()!);
    door.arrived({});
    expect(door.leaveOut()).toBe(false); // 0.05 < 0.1
    door.arrived({});
    expect(door.leaveOut()).toBe(true); // 0.5
    door.arrived({ traceparent: `00-${ID}-${PARENT}-01` });
    expect(door.leaveOut()).toBe(false); // the caller's, no draw
    door.arrived({ traceparent: `00-${ID}-${PARENT}-00` });
    expect(door.leaveOut()).toBe(true);
    // No arrival seen (an injected request): left out, with no draw.
    expect(door.leaveOut()).toBe(true);
    expect(draws).toEqual([]);
  });

  it('lets in at most perSecond a second, a second’s worth saved up, callers’ choices included', () => {
    let clock = 0;
    const door = requestDoor(
      { ratio: 1, perSecond: 3 },
      () => 0,
      () => clock,
    );
    const sampled = { traceparent: `00-${ID}-${PARENT}-01` };
    const letIn = (count: number, headers = {}) =>
      Array.from({ length: count }, () => door.arrived(headers)).filter(Boolean).length;
    expect(letIn(10)).toBe(3); // three saved up
    expect(letIn(5, sampled)).toBe(0); // a caller's sampled request waits its turn as well
    clock += 500;
    expect(letIn(10)).toBe(1); // 1.5 tokens back
    clock += 10_000;
    expect(letIn(10)).toBe(3); // never more than a second's worth
    // A share below one: the cap spends its tokens only on what the draw lets in.
    const draws = [0.5, 0.05, 0.5, 0.05];
    const sharing = requestDoor(
      { ratio: 0.1, perSecond: 1 },
      () => draws.shift()!,
      () => clock,
    );
    expect([{}, {}, {}, {}].map((headers) => sharing.arrived(headers))).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });

  it('traces nothing but jobs when the cap is 0, and one at a time below one a second', () => {
    let clock = 0;
    const none = requestDoor(
      { ratio: 1, perSecond: 0 },
      () => 0,
      () => clock,
    );
    expect(none.arrived({ traceparent: `00-${ID}-${PARENT}-01` })).toBe(false);
    const slow = requestDoor(
      { ratio: 1, perSecond: 0.5 },
      () => 0,
      () => clock,
    );
    expect([slow.arrived({}), slow.arrived({})]).toEqual([true, false]);
    clock += 1_999;
    expect(slow.arrived({})).toBe(false);
    clock += 1;
    expect(slow.arrived({})).toBe(true);
  });
});
