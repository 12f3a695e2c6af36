// The Markdown table and the ratios against the issue's targets.
import type { MissResult } from './misses.js';
import type { MixedResult } from './mixed.js';
import type { UploadResult } from './upload.js';

export interface Latency {
  rate: number;
  p50: number;
  p99: number;
  bad: number;
}

export interface SizeResult {
  items: number;
  seedSeconds: number;
  pgliteSeedSeconds: number | null;
  /** target → case → req/s of each round. */
  closed: Record<string, Record<string, number[]>>;
  /** target → case → latency at the fixed offered rate. */
  open: Record<string, Record<string, Latency>>;
  /** target → case → the server's CPU µs per request of each round (user + system). */
  cpu: Record<string, Record<string, number[]>>;
  /** target → case → non-2xx/304 answers and socket errors summed over rounds. */
  failures: Record<string, Record<string, number>>;
  identical: { compared: number; different: string[] } | null;
  plans: Record<string, string>;
  /** List and filters reads alone and while writers change the catalogue (ours on PostgreSQL). */
  mixed: MixedResult | null;
  /** Unique-URL reads that the reuse cache cannot answer, beside cache hits (ours on PostgreSQL). */
  misses?: MissResult | null;
}

/** A size's result before anything was measured. */
export function emptySizeResult(
  items: number,
  seedSeconds: number,
  pgliteSeedSeconds: number | null,
): SizeResult {
  const empty = { closed: {}, cpu: {}, open: {}, failures: {}, plans: {} };
  return {
    items,
    seedSeconds,
    pgliteSeedSeconds,
    ...empty,
    identical: null,
    mixed: null,
    misses: null,
  };
}

const CONNECTIONS_NOTE = '32 connections, closed loop';

const med = (values: number[] | undefined): number => {
  if (!values?.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

/** Median req/s; a case a target does not distinguish (cookie, ETag) falls back to its anonymous case. */
export function rps(size: SizeResult, target: string, name: string): number {
  const byCase = size.closed[target];
  return med(byCase?.[name] ?? byCase?.[`${name.split(' ')[0]} anon`]);
}

/**
 * a / b as the median of per-round ratios: each round measures a case on every
 * target seconds apart, so a machine slowing for a while moves both sides alike.
 */
export function ratio(size: SizeResult, a: [string, string], b: [string, string]): number {
  return pairedRatio(size, a, size, b);
}

/**
 * A case's req/s at one size over another's, as the median of per-round ratios:
 * the bench measures the sizes in turn, round by round, so round i of each is
 * minutes apart, not the start and the end of the run.
 */
export function growth(last: SizeResult, first: SizeResult, target: string, name: string): number {
  return pairedRatio(last, [target, name], first, [target, name]);
}

/** Ratios within a round by ratios within a round: the machine's drift cancels twice. */
function relativeGrowth(last: SizeResult, first: SizeResult, name: string): number {
  const perRound = (size: SizeResult) => {
    const ours = size.closed['ours-pg']?.[name];
    const ceiling =
      size.closed.ceiling?.[name] ?? size.closed.ceiling?.[`${name.split(' ')[0]} anon`];
    return ours?.length && ours.length === ceiling?.length
      ? ours.map((v, i) => v / ceiling[i]!)
      : null;
  };
  const x = perRound(last);
  const y = perRound(first);
  if (!x || x.length !== y?.length)
    return (
      ratio(last, ['ours-pg', name], ['ceiling', name]) /
      ratio(first, ['ours-pg', name], ['ceiling', name])
    );
  return med(x.map((value, i) => value / y[i]!));
}

function pairedRatio(
  sizeA: SizeResult,
  a: [string, string],
  sizeB: SizeResult,
  b: [string, string],
  field: 'closed' | 'cpu' = 'closed',
): number {
  const x = sizeA[field]?.[a[0]]?.[a[1]];
  const y = sizeB[field]?.[b[0]]?.[b[1]];
  if (!x?.length || x.length !== y?.length)
    return field === 'closed' ? rps(sizeA, ...a) / rps(sizeB, ...b) : Number.NaN;
  return med(x.map((value, i) => value / y[i]!));
}

export function table(sizes: SizeResult[], upload: UploadResult | null): string {
  const lines: string[] = [
    '| items | case | ceiling req/s | floor req/s | ours PG req/s | ours PGlite req/s | ours PG p50 / p99 ms | floor p50 / p99 ms | ours/ceiling | ours/floor | PGlite/PG |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const size of sizes) {
    for (const name of Object.keys(size.closed['ours-pg'] ?? {})) {
      const ceiling = rps(size, 'ceiling', name);
      const floor = rps(size, 'floor', name);
      const ours = rps(size, 'ours-pg', name);
      const pglite = rps(size, 'ours-pglite', name);
      const o = size.open['ours-pg']?.[name];
      const fl = size.open.floor?.[name] ?? size.open.floor?.[`${name.split(' ')[0]} anon`];
      lines.push(
        `| ${size.items} | ${name} | ${f0(ceiling)} | ${f0(floor)} | ${f0(ours)} | ${f0(pglite)} | ${o ? `${f1(o.p50)} / ${f1(o.p99)}` : '–'} | ${fl ? `${f1(fl.p50)} / ${f1(fl.p99)}` : '–'} | ${f2(ratio(size, ['ours-pg', name], ['ceiling', name]))} | ${f2(ratio(size, ['ours-pg', name], ['floor', name]))} | ${f2(ratio(size, ['ours-pglite', name], ['ours-pg', name]))} |`,
      );
    }
  }
  // Smallest and largest catalogue, whatever order they were measured in.
  const bySize = [...sizes].sort((a, b) => a.items - b.items);
  const first = bySize[0];
  const last = bySize.at(-1);
  const out = [lines.join('\n')];
  if (first && last && last !== first) {
    const rows = [
      '',
      `Growth ${last.items} / ${first.items} items (ours on PostgreSQL, req/s; medians of per-round ratios, the sizes measured in turn):`,
      '',
    ];
    // The ceiling does not depend on catalogue size: its own change between the
    // two sizes is the machine's, shown beside ours to tell the two apart.
    rows.push(
      '| case | ours growth | ceiling growth (the machine) | ours/ceiling growth |',
      '|---|---|---|---|',
    );
    for (const name of Object.keys(first.closed['ours-pg'] ?? {})) {
      const ours = growth(last, first, 'ours-pg', name);
      const machine = growth(last, first, 'ceiling', name);
      const relative = relativeGrowth(last, first, name);
      rows.push(`| ${name} | ${f2(ours)} | ${f2(machine)} | ${f2(relative)} |`);
    }
    out.push(rows.join('\n'));
  }
  const signed = [
    '',
    "Signed-in / anonymous (ours on PostgreSQL): req/s; in brackets the ceiling's own, which ignores the cookie (so its spread is the machine's), and the same from the server's CPU per request (anonymous µs / signed-in µs):",
    '',
  ];
  for (const size of sizes) {
    const parts = ['list', 'item', 'filters'].map((g) => {
      const [s, a] = [`${g} signed-in`, `${g} anon`];
      const ours = ratio(size, ['ours-pg', s], ['ours-pg', a]);
      const machine = ratio(size, ['ceiling', s], ['ceiling', a]);
      const cpu = pairedRatio(size, ['ours-pg', a], size, ['ours-pg', s], 'cpu');
      return `${g} ${f2(ours)} (ceiling ${f2(machine)}; CPU ${f2(cpu)})`;
    });
    signed.push(`- ${size.items} items: ${parts.join(', ')}`);
  }
  out.push(signed.join('\n'));
  const same = sizes
    .filter((s) => s.identical)
    .map(
      (s) =>
        `- ${s.items} items: ${s.identical!.compared - s.identical!.different.length} of ${s.identical!.compared} responses byte-identical between PGlite and PostgreSQL${s.identical!.different.length ? ` (differ: ${s.identical!.different.slice(0, 5).join(', ')})` : ''}`,
    );
  const mixed = sizes.filter((s) => s.mixed);
  if (mixed.length) {
    const m0 = mixed[0]!.mixed!;
    out.push(
      [
        '',
        `Reads (${m0.reads}: the list corpus and /api/filters, ${CONNECTIONS_NOTE}) alone and while a writer writes, ${m0.seconds} s each (ours on PostgreSQL); cart = a customer adds and releases items, price = the owner edits prices of items across the catalogue:`,
        '',
        '| items | writer | reads alone req/s | reads while writing req/s | while / alone | writes/s asked / achieved | write p50 / p99 ms | failed writes |',
        '|---|---|---|---|---|---|---|---|',
        ...mixed.flatMap((s) =>
          s.mixed!.runs.map(
            (r) =>
              `| ${s.items} | ${r.writer} | ${f0(s.mixed!.readsAlone)} | ${f0(r.readsWhileWriting)} | ${f2(r.readsWhileWriting / s.mixed!.readsAlone)} | ${r.rate} / ${f1(r.writesPerSecond)} | ${f1(r.writeP50)} / ${f1(r.writeP99)} | ${r.writeFailures} |`,
          ),
        ),
      ].join('\n'),
    );
  }
  const missed = sizes.filter((s) => s.misses);
  if (missed.length) out.push(missTable(missed));
  if (same.length) out.push(['', 'PGlite vs PostgreSQL bodies:', '', ...same].join('\n'));
  if (upload) {
    out.push(
      [
        '',
        `Upload (6 × 4000×3000 JPEG with EXIF, ${upload.photoMb.toFixed(1)} MB each, one submission at a time, ${upload.rounds} rounds): route ${f2(upload.routeImagesPerSecond)} images/s, bare sharp doing the same image work (re-encode and list sizes, one photo per core at a time) ${f2(upload.sharpImagesPerSecond)} images/s, ratio ${f2(upload.ratio)} (bare re-encode alone, one at a time: ${f2(upload.reencodeImagesPerSecond)} images/s); server RSS ${f0(upload.serverRssStartMb)} MB idle, ${f0(upload.serverRssPeakMb)} MB peak.`,
      ].join('\n'),
    );
  }
  return out.join('\n');
}

/** The hit a miss case is compared with: item ids with the item hit, the rest with the list hit. */
const hitFor = (name: string) =>
  name.endsWith('item ids') ? 'hit: item' : name.endsWith('filters') ? 'hit: filters' : 'hit: list';

/** Unique-URL misses per size, each as a share of the same server's cache hit. */
export function missTable(sizes: SizeResult[]): string {
  const names = Object.keys(sizes[0]!.misses!.rps);
  const rows = names.map((name) => {
    const cells = sizes.map((s) => {
      const m = s.misses!;
      const ratio = name.startsWith('hit') ? '' : ` (${f2(m.rps[name]! / m.rps[hitFor(name)]!)})`;
      const l = m.latency[name]!;
      return `${f0(m.rps[name]!)}${ratio}, ${f1(l.p50)} / ${f1(l.p99)}`;
    });
    return `| ${name} | ${cells.join(' | ')} |`;
  });
  const after = sizes
    .filter((s) => s.misses?.afterWrites)
    .map((s) => {
      const a = s.misses!.afterWrites!;
      return `- ${s.items} items: p50 ${f2(a.afterWriteP50)} ms (p99 ${f2(a.afterWriteP99)}) after a price edit, ${f2(a.hitP50)} ms as a hit: a hit is ${f2(a.afterWriteP50 / a.hitP50)}× cheaper (share ${f2(a.hitP50 / a.afterWriteP50)}), ${a.samples} samples`;
    });
  return [
    '',
    `Cache misses: every request a URL the reuse cache has not seen (${CONNECTIONS_NOTE}, ours on PostgreSQL); req/s (share of the cache hit), p50 / p99 ms:`,
    '',
    `| case | ${sizes.map((s) => `${s.items} items`).join(' | ')} |`,
    `|---|${sizes.map(() => '---').join('|')}|`,
    ...rows,
    ...(after.length
      ? [
          '',
          '/api/filters right after the owner edits a price, one connection, latency:',
          '',
          ...after,
        ]
      : []),
  ].join('\n');
}
