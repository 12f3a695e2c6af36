import type { Clock } from '../../src/auth/clock.js';

/** A clock that only moves when a test moves it. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-15T10:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date | string): void {
    this.current = new Date(date).getTime();
  }
}
