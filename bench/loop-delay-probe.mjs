// Loaded into a bench's server with NODE_OPTIONS=--import (the server itself is
// untouched): the event loop's delay as `monitorEventLoopDelay` sees it, sampled
// every millisecond. On SIGUSR2 the figures since the last signal are written to
// LOOP_DELAY_FILE and the histogram starts again, so a bench reads one phase at a time.
// Each sample is the time between two 1-ms timer turns, so an idle loop reads ~1 ms.
// The longest stretches are [ms into the phase, length, ms of collector pauses in it,
// and with LOOP_DELAY_SCHED=1 ms the main thread waited for a core and ms it ran]:
// a stretch it neither ran nor waited through, it slept in the kernel (a lock, a fault).
import fs from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The collector's pauses beside it: how much of the delay is garbage collection.
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
  };
  let gc = {};
  // Every pause of the phase (start, end), to tell how much of each long stretch it was.
  let pauses = [];
  const record = (entries) => {
    for (const entry of entries) {
      pauses.push([entry.startTime, entry.startTime + entry.duration]);
      const kind = KINDS[entry.detail?.kind] ?? 'other';
      gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0, over10: 0 };
      const k = gc[kind];
      k.count += 1;
      k.totalMs += entry.duration;
      k.maxMs = Math.max(k.maxMs, entry.duration);
      if (entry.duration > 10) k.over10 += 1;
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  // The longest stretches without a turn: when (ms since the phase began), how long,
  // and how much of it the collector's pauses were.
  // LOOP_DELAY_MARK=1 marks stretches over 60 ms; a larger number is the threshold in ms.
  const mark = Number(process.env.LOOP_DELAY_MARK ?? 0);
  const markAfter = mark === 1 ? 60 : mark;
  let phaseStart = performance.now();
  let last = performance.now();
  let long = [];
  // LOOP_DELAY_SCHED=1: the main thread's time on a core and waiting for one
  // (/proc/<pid>/task/<pid>/schedstat, ns) at every turn, so a long stretch says
  // how much of it the thread was not running at all (a busy host's other work).
  // Read through one open descriptor into two buffers in turn, parsed only after a
  // long stretch: opening and parsing the file every millisecond kept the server
  // above the benches' "quiet" bound (5 % of a core) for good.
  const watchSched = process.env.LOOP_DELAY_SCHED === '1';
  const schedFd = watchSched
    ? fs.openSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'r')
    : -1;
  let schedNow = { bytes: Buffer.alloc(128), length: 0 };
  let schedBefore = { bytes: Buffer.alloc(128), length: 0 };
  const readSched = (into) => {
    into.length = fs.readSync(schedFd, into.bytes, 0, into.bytes.length, 0);
  };
  /** ns on a core (field 0) or waited on the run queue (field 1), from a reading. */
  const schedNs = (reading, field) =>
    Number(reading.bytes.toString('latin1', 0, reading.length).split(' ')[field]);
  const schedMs = (field) => (schedNs(schedNow, field) - schedNs(schedBefore, field)) / 1e6;
  if (watchSched) readSched(schedBefore);
  setInterval(() => {
    const now = performance.now();
    if (watchSched) readSched(schedNow);
    if (now - last > 20) {
      long.push(watchSched ? [last, now, schedMs(1), schedMs(0)] : [last, now]);
    }
    if (watchSched) [schedBefore, schedNow] = [schedNow, schedBefore];
    if (markAfter > 0 && now - last > markAfter) longGapMarker(performance.now());
    last = now;
  }, 1).unref();
  const collected = (from, to) =>
    pauses.reduce((ms, [a, b]) => ms + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0);
  // A pause's entry is queued a turn after it ends, and its callback runs later still:
  // taken on the next turn, a pause that ended before the signal counts in this phase
  // (a collection that ended a reload was otherwise counted as none).
  process.on('SIGUSR2', () => setImmediate(writePhase));
  function writePhase() {
    record(observer.takeRecords());
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const figures = {
      maxMs: ms(delay.max),
      p99Ms: ms(delay.percentile(99)),
      p50Ms: ms(delay.percentile(50)),
      samples: delay.count,
      gc: Object.fromEntries(
        Object.entries(gc).map(([kind, k]) => [
          kind,
          { ...k, totalMs: Math.round(k.totalMs), maxMs: Math.round(k.maxMs) },
        ]),
      ),
      longest: long
        .sort((a, b) => b[1] - b[0] - (a[1] - a[0]))
        .slice(0, 12)
        .map(([from, to, waited, ran]) => [
          Math.round(from - phaseStart),
          Math.round(to - from),
          Math.round(collected(from, to)),
          ...(waited === undefined ? [] : [Math.round(waited), Math.round(ran)]),
        ]),
    };
    delay.reset();
    gc = {};
    pauses = [];
    long = [];
    phaseStart = performance.now();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
  }
}

// With LOOP_DELAY_MARK, a long stretch is followed by 3 ms in this function, so a CPU
// profile shows where each one ended (what ran just before it is what blocked).
function longGapMarker(from) {
  while (performance.now() - from < 3);
}
