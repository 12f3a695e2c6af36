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

/**
 * `work` over [0, length) in chunks of `per`, yielding after each. A step's loop
 * belongs in a plain function like `work`, not in a generator's body: V8 did not
 * optimise a generator's hot loop, and its steps ran 10-30 times slower than the
 * same loop in a function (20-30 ms steps of a million-item load,
 * docs/performance.md).
 */
export function* chunked(
  length: number,
  per: number,
  work: (from: number, to: number) => void,
): Steps<void> {
  for (let from = 0; from < length; from += per) {
    work(from, Math.min(length, from + per));
    yield;
  }
}

/** Arrays made between yields: a megabyte of ints, or this many arrays. */
const INTS_PER_STEP = 1 << 18;
const ARRAYS_PER_STEP = 4_096;
/** Ints in a page of memory. */
const PAGE_INTS = 1_024;

/**
 * Zeroed arrays of the given lengths (undefined for a length of 0), made in
 * steps bounded by bytes. Five hundred lists' arrays at a million items, made at
 * once, took 8-11 ms, and each page is touched now: the kernel hands out a fresh
 * page on its first write, and the first writes would otherwise meet thousands
 * of first pages in one step (29 ms).
 */
export function* zeroedArrays(lengths: ArrayLike<number>): Steps<Array<Int32Array | undefined>> {
  const arrays = new Array<Int32Array | undefined>(lengths.length);
  for (let next = 0; next < lengths.length; ) {
    next = arraysMade(lengths, arrays, next);
    yield;
  }
  return arrays;
}

/** `zeroedArrays`' step (a plain function: see `chunked`): the index of the next array to make. */
function arraysMade(
  lengths: ArrayLike<number>,
  arrays: Array<Int32Array | undefined>,
  from: number,
): number {
  let made = 0;
  const last = Math.min(lengths.length, from + ARRAYS_PER_STEP);
  let at = from;
  for (; at < last && made < INTS_PER_STEP; at++) {
    const length = lengths[at]!;
    if (length === 0) continue;
    const array = new Int32Array(length);
    for (let page = 0; page < length; page += PAGE_INTS) array[page] = 0;
    arrays[at] = array;
    made += length;
  }
  return at;
}

/** Slots sorted at once in runs of this many (a few milliseconds each at most). */
const RUN = 2_048;
/** A merge yields after this many slots. */
const MERGED_PER_STEP = 8_192;

/** Two sorted stretches of `from`, [i, middle) and [j, high), merged into `into` from k. */
interface Merge {
  from: Int32Array;
  into: Int32Array;
  i: number;
  middle: number;
  j: number;
  high: number;
  k: number;
}

/** Up to `limit` slots of the merge written (a plain function: see `chunked`). */
function mergeSome(m: Merge, before: (a: number, b: number) => boolean, limit: number): void {
  const { from, into, middle, high } = m;
  let { i, j, k } = m;
  const end = Math.min(high, k + limit);
  while (k < end && i < middle && j < high) {
    into[k++] = before(from[j]!, from[i]!) ? from[j++]! : from[i++]!;
  }
  if (i === middle || j === high) {
    // One side is used up: the rest of the other follows as it is.
    into.set(from.subarray(i, middle), k);
    into.set(from.subarray(j, high), k + middle - i);
    i = middle;
    j = high;
    k = high;
  }
  m.i = i;
  m.j = j;
  m.k = k;
}

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
      const merge = {
        from,
        into,
        i: low,
        middle,
        j: middle,
        high: Math.min(low + 2 * width, n),
        k: low,
      };
      while (merge.k < merge.high) {
        mergeSome(merge, before, MERGED_PER_STEP);
        yield;
      }
    }
    [from, into] = [into, from];
  }
  return from;
}
