import { describe, expect, it } from 'vitest';
import { callersChoice, requestDoor, requestSamplingFrom } from './request-sampling.js';

const ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('which requests are traced by default', () => {
  it('samples one request in ten at the door, recording all it lets in, when no sampler is named', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(requestSamplingFrom(env)).toEqual({ ratio: 0.1 });
    expect(env.OTEL_TRACES_SAMPLER).toBe('parentbased_always_on');
    expect(requestSamplingFrom({ OTEL_TRACES_SAMPLER: ' ' })).toEqual({ ratio: 0.1 });
  });

  it('takes the operator’s ratio, and ignores one that is no share', () => {
    expect(requestSamplingFrom({ OTEL_TRACES_SAMPLER_ARG: '0.25' })).toEqual({ ratio: 0.25 });
    expect(requestSamplingFrom({ OTEL_TRACES_SAMPLER_ARG: '0' })).toEqual({ ratio: 0 });
    for (const bad of ['1.5', '-0.1', 'all', ''])
      expect(requestSamplingFrom({ OTEL_TRACES_SAMPLER_ARG: bad })).toEqual({ ratio: 0.1 });
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
    const draws = [0.05, 0.5, 0.09, 0.1];
    const door = requestDoor({ ratio: 0.1 }, () => draws.shift()!);
    door.arrived({});
    expect(door.leaveOut()).toBe(false); // 0.05 < 0.1
    door.arrived({});
    expect(door.leaveOut()).toBe(true); // 0.5
    door.arrived({ traceparent: `00-${ID}-${PARENT}-01` });
    expect(door.leaveOut()).toBe(false); // the caller's, no draw
    door.arrived({ traceparent: `00-${ID}-${PARENT}-00` });
    expect(door.leaveOut()).toBe(true);
    // No arrival seen (an injected request): a draw of its own.
    expect(door.leaveOut()).toBe(false); // 0.09
    expect(door.leaveOut()).toBe(true); // 0.1 is not below 0.1
    expect(draws).toEqual([]);
  });
});
