import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

/**
 * The Dockerfile and the compose file cannot run on a machine without Docker;
 * what can be checked by reading them is checked here, so they stay in step
 * with CI and with what the configuration reads.
 */
const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('docker-compose.yml');
const ci = read('.ci/run');
const configSource = read('src/config.ts');

/** The commands of a Dockerfile stage's RUN instructions, one per `&&` step. */
function runSteps(stage: string): string[] {
  const joined = stage.replace(/\\\n/g, ' ');
  return [...joined.matchAll(/^RUN\s+(.+)$/gm)].flatMap((match) =>
    match[1]!.split('&&').map((step) => step.trim().replace(/\s+/g, ' ')),
  );
}

function stage(name: string): string {
  const start = dockerfile.search(new RegExp(`^FROM .+ AS ${name}$`, 'm'));
  expect(start, `stage ${name}`).toBeGreaterThanOrEqual(0);
  const next = dockerfile.slice(start + 1).search(/^FROM /m);
  return next < 0 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
}

/** The keys of the YAML mapping that starts after `header` (lines indented by `indent`). */
function mappingKeys(text: string, header: string, indent: number): Map<string, string> {
  const start = text.indexOf(header);
  expect(start, header).toBeGreaterThanOrEqual(0);
  const keys = new Map<string, string>();
  for (const line of text
    .slice(start + header.length)
    .split('\n')
    .slice(1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const depth = line.length - line.trimStart().length;
    if (depth < indent) break;
    const match = /^([A-Z][A-Z0-9_]*):\s*(.*)$/.exec(line.trim());
    if (depth === indent && match) keys.set(match[1]!, match[2]!);
  }
  return keys;
}

/** Compose's interpolation with stand-ins: `${X:-default}` → default, any other `${X…}` → a secret. */
const interpolate = (value: string) =>
  value
    .replace(/^"(.*)"$/, '$1')
    .replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z_]+(:\?[^}]*)?\}/g, 'stand-in-secret-0123456789');

// Read by the AWS SDK's standard credential chain, not by config.ts.
const SDK_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
// Read by Node and glibc, not by the app.
const RUNTIME_VARIABLES = ['NODE_ENV', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'];

describe('Dockerfile', () => {
  it('builds with exactly the steps CI runs before its tests, then the two builds', () => {
    const beforeTests = ci.slice(0, ci.search(/^npm test$/m));
    const ciSteps = [...beforeTests.matchAll(/^(npm (?:ci|run) .*)$/gm)].map((m) => m[1]!.trim());
    expect(ciSteps).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run api:types:check',
      'npm run typecheck',
      'npm run lint',
      'npm run i18n:check',
    ]);
    expect(runSteps(stage('build'))).toEqual([...ciSteps, 'npm run build', 'npm run build:web']);
  });

  it('runs with production dependencies only, as a user other than root, with a health check', () => {
    const runtime = stage('runtime');
    expect(runSteps(runtime)[0]).toBe('npm ci --omit=dev --no-audit --no-fund');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime.replace(/\\\n/g, ' ')).toMatch(/^HEALTHCHECK .+\/healthz/m);
    // The same Node flags as `npm start`: PGlite's WebAssembly compiled by the baseline
    // tier only (small hosts, docs/performance.md), and the tracing entry (it loads
    // nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set).
    const start = JSON.parse(read('package.json')).scripts.start as string;
    const flags = /node (.*)dist\/server\.js$/.exec(start)![1]!.trim().split(' ');
    expect(flags).toEqual(['--liftoff-only', '--import', './dist/instrument.js']);
    expect(runtime).toMatch(
      new RegExp(
        `^CMD \\["node", ${flags.map((flag) => `"${flag}", `).join('')}"dist/server\\.js"\\]$`,
        'm',
      ),
    );
  });

  it('sets only variables the configuration reads', () => {
    const line = /^ENV (.+)$/m.exec(stage('runtime').replace(/\\\n/g, ' '))![1]!;
    const env = new Set(
      line
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split('=')[0]!),
    );
    expect([...env].sort()).toEqual(
      ['DATA_DIR', 'HOST', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'NODE_ENV', 'PORT'].sort(),
    );
    for (const name of env.keys()) {
      if (!RUNTIME_VARIABLES.includes(name)) expect(configSource, name).toContain(`'${name}'`);
    }
  });
});

describe('docker-compose.yml', () => {
  const shopEnv = mappingKeys(compose, 'environment: &shop-env', 4);
  const workerEnv = mappingKeys(compose, '<<: *shop-env', 6);

  it('sets only variables the configuration (or the AWS SDK) reads, spelled as it reads them', () => {
    expect(shopEnv.size).toBeGreaterThan(10);
    for (const name of [...shopEnv.keys(), ...workerEnv.keys()]) {
      if (SDK_VARIABLES.includes(name)) continue;
      expect(configSource, `${name} is not read by src/config.ts`).toContain(`'${name}'`);
    }
  });

  it('is a configuration the shop accepts: bucket, pooler with a direct LISTEN, Redis, the balancer trusted', () => {
    const env = Object.fromEntries([...shopEnv].map(([name, value]) => [name, interpolate(value)]));
    const config = loadConfig(env);
    expect(config.media.store).toBe('s3');
    expect(config.media.s3).toMatchObject({
      bucket: 'shop-media',
      endpoint: 'http://minio:9000/',
      forcePathStyle: true,
    });
    expect(new URL(config.databaseUrl!).host).toBe('pgbouncer:6432');
    expect(new URL(config.databaseListenUrl!).host).toBe('postgres:5432');
    expect(config.redisUrl).toBe('redis://redis:6379');
    // The balancer's fixed address is the only one trusted with X-Forwarded-For.
    expect(config.trustProxy).toEqual(['172.28.0.10']);
    expect(compose).toContain('ipv4_address: 172.28.0.10');
    // Web instances leave drafting to the worker.
    expect(config.drafting.workers).toBe(0);
    expect(
      loadConfig({ ...env, DRAFT_WORKERS: workerEnv.get('DRAFT_WORKERS')!.replace(/"/g, '') })
        .drafting.workers,
    ).toBeGreaterThan(0);
  });

  it('starts the shop only once what it needs is healthy', () => {
    for (const service of ['postgres', 'pgbouncer', 'redis', 'minio']) {
      const block = compose.slice(compose.indexOf(`\n  ${service}:\n`) + 1);
      const own = block.slice(0, block.slice(1).search(/\n {2}[a-z-]+:\n/) + 1);
      expect(own, service).toMatch(/healthcheck:/);
    }
    const dependsOn = compose.slice(
      compose.indexOf('  depends_on:'),
      compose.indexOf('  environment: &shop-env'),
    );
    expect(dependsOn).toContain('postgres: { condition: service_healthy }');
    expect(dependsOn).toContain('pgbouncer: { condition: service_healthy }');
    expect(dependsOn).toContain('redis: { condition: service_healthy }');
    expect(dependsOn).toContain('minio-bucket: { condition: service_completed_successfully }');
  });
});
