/**
 * Long work written once as a generator that yields between small steps, run
 * either at once (tests, a small catalogue) or in slices of the event loop: a
 * million items' index is built while requests keep being answered, each
 * slice a few milliseconds, instead of one ten-second stretch in which every
 * request waits.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How long a slice runs before the event loop gets its turn (ms). */
export const SLICE_MS = 3;

/** Lets the event loop run everything waiting (I/O, timers) before going on. */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A clock for slices: `due()` says when the slice has run its time. */
export function sliceClock(sliceMs = SLICE_MS) {
  let started = performance.now();
  return {
    due: (): boolean => performance.now() - started >= sliceMs,
    restart(): void {
      started = performance.now();
    },
  };
}

/** Runs the steps, giving the event loop a turn whenever a slice has run its time. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  const clock = sliceClock(sliceMs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (clock.due()) {
      await turn();
      clock.restart();
    }
  }
}

/** Slots sorted at once in runs of this many (a few milliseconds each at most). */
const RUN = 2_048;
/** A merge yields after this many slots. */
const MERGED_PER_STEP = 8_192;

/**
 * `slots` sorted by `before` (a strict total order): runs of RUN sorted by
 * TypedArray#sort, then merged pairwise, bottom up, yielding as it goes. The
 * array given may be the one returned, sorted in place, or be left in any order.
 */
export function* sorting(
  slots: Int32Array,
  before: (a: number, b: number) => boolean,
): Steps<Int32Array> {
  const n = slots.length;
  const compare = (a: number, b: number) => (before(a, b) ? -1 : 1);
  for (let low = 0; low < n; low += RUN) {
    slots.subarray(low, Math.min(n, low + RUN)).sort(compare);
    yield;
  }
  let from: Int32Array = slots;
  let into: Int32Array = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let i = low;
      let j = middle;
      let k = low;
      while (i < middle && j < high) {
        into[k++] = before(from[j]!, from[i]!) ? from[j++]! : from[i++]!;
        if (k % MERGED_PER_STEP === 0) yield;
      }
      into.set(from.subarray(i, middle), k);
      into.set(from.subarray(j, high), k + middle - i);
    }
    [from, into] = [into, from];
    yield;
  }
  return from;
}
