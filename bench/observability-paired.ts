// npx tsx bench/observability-paired.ts [-- --rounds 4 --seconds 6 --every --alternate] (after `npm run build`)
// The CPU cost of tracing a cached list hit, measured so that other work on the machine
// counts alike for both sides: `off` and `tracing` (as in bench/observability.ts) run at
// the same time on one seeded PostgreSQL catalogue (tracing as the shop does by default,
// one request in ten; --every: every request), each driven by its own load of 16
// connections, and each server's CPU per answered request (from /proc) is compared in
// the same seconds. A fresh pair each round. On a machine where load from elsewhere
// moved a server's CPU per request six-fold between runs minutes apart, the ratios of
// most pairs stayed within 0.46–0.70 (docs/performance.md).
// --alternate: the two servers are loaded in turn, never at once, in windows of one
// second (off, tracing, off, …) for `--seconds` each; drift on the host is shared as
// closely, and neither server competes with the other's load for the two cores.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { dropPostgres, seedPostgres } from './databases.js';
import { procCpu, quiet, SERVER, startTarget, stopTarget, type Target } from './processes.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    every: { type: 'boolean' },
    alternate: { type: 'boolean' },
  },
});
const ROUNDS = Number(values.rounds ?? 4);
const SECONDS = Number(values.seconds ?? 6);
const INSTRUMENT = ['--import', './dist/instrument.js'];

const sink = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end());
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

const hits = (target: Target, seconds: number) =>
  autocannon({ url: `${target.base}/api/items`, connections: 16, duration: seconds });
const cpu = (t: Target) => procCpu(t.child.pid)?.seconds ?? 0;

/** Both loaded at once for `seconds`: [off, tracing] CPU seconds and answers. */
async function together(off: Target, tracing: Target) {
  const before = [cpu(off), cpu(tracing)];
  const [a, b] = await Promise.all([hits(off, SECONDS), hits(tracing, SECONDS)]);
  return {
    seconds: [cpu(off) - before[0]!, cpu(tracing) - before[1]!],
    answers: [a.requests.total, b.requests.total],
  };
}

/** Each loaded alone in turn, a second at a time, `seconds` each. */
async function inTurn(off: Target, tracing: Target) {
  const seconds = [0, 0];
  const answers = [0, 0];
  for (let window = 0; window < SECONDS; window++) {
    for (const [i, target] of [off, tracing].entries()) {
      const before = cpu(target);
      const run = await hits(target, 1); // ends when the last answer is in
      seconds[i]! += cpu(target) - before;
      answers[i]! += run.requests.total;
    }
  }
  return { seconds, answers };
}

const seeded = await seedPostgres(2_000, path.join(os.tmpdir(), 'shop-bench-paired'));
const databaseUrl = seeded.databaseUrl!;
const ratios: number[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const [off, tracing] = await Promise.all([
      startTarget('off', SERVER, { DATABASE_URL: databaseUrl }, '/readyz', INSTRUMENT),
      startTarget(
        'tracing',
        SERVER,
        {
          DATABASE_URL: databaseUrl,
          OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
          ...(values.every ? { OTEL_TRACES_SAMPLER: 'parentbased_always_on' } : {}),
        },
        '/readyz',
        INSTRUMENT,
      ),
    ]);
    try {
      await Promise.all([hits(off, 2), hits(tracing, 2)]); // warm-up: the answer is kept
      await Promise.all([quiet(off.child.pid), quiet(tracing.child.pid)]);
      const { seconds, answers } = await (values.alternate ? inTurn : together)(off, tracing);
      const perHit = [(seconds[0]! * 1e6) / answers[0]!, (seconds[1]! * 1e6) / answers[1]!];
      ratios.push(perHit[0]! / perHit[1]!);
      process.stderr.write(
        `round ${round}: off ${answers[0]} hits, ${perHit[0]!.toFixed(1)} µs CPU each; tracing ${answers[1]} hits, ${perHit[1]!.toFixed(1)} µs each; off/tracing ${ratios.at(-1)!.toFixed(3)}\n`,
      );
    } finally {
      await Promise.all([stopTarget(off), stopTarget(tracing)]);
    }
  }
} finally {
  await dropPostgres(databaseUrl);
  sink.close();
}
const sorted = [...ratios].sort((x, y) => x - y);
process.stdout.write(
  `list hit, CPU per request, off/tracing${values.every ? ' every request' : ' (the default)'}${values.alternate ? ', loaded in turn' : ', loaded at once'}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)} (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}), ${ROUNDS} pairs; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
