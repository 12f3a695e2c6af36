// Summarises a V8 .cpuprofile (from node --cpu-prof): self time by function and by
// where the code lives (our src/, a package under node_modules, or Node itself).
import fs from 'node:fs';

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface ProfileSummary {
  file: string;
  totalSamples: number;
  byFunction: Array<{ name: string; share: number }>;
  byModule: Array<{ name: string; share: number }>;
}

function moduleOf(url: string): string {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const src = url.match(/\/(src\/.*)$/);
  if (src) return src[1]!;
  if (url.startsWith('node:')) return url;
  return url === '' ? '(native / gc / idle)' : url;
}

function top(map: Map<string, number>, total: number, count: number) {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => ({ name, share: hits / total }));
}

/**
 * Self time of the samples taken at or after `fromMicros` and before `toMicros`
 * (CLOCK_MONOTONIC µs, as process.hrtime).
 */
export function summariseProfile(
  file: string,
  fromMicros = 0,
  count = 12,
  toMicros = Number.POSITIVE_INFINITY,
): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const hitsById = new Map<number, number>();
  let t = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= fromMicros && t < toMicros) hitsById.set(id, (hitsById.get(id) ?? 0) + 1);
  }
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = hitsById.get(node.id) ?? 0;
    if (!hits || node.callFrame.functionName === '(idle)') continue;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${moduleOf(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    const mod = moduleOf(url);
    byModule.set(mod, (byModule.get(mod) ?? 0) + hits);
  }
  return {
    file,
    totalSamples: total,
    byFunction: top(byFunction, total, count),
    byModule: top(byModule, total, count),
  };
}
