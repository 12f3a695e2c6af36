/**
 * Prints the web client's weight and speed (never asserted by a timed test):
 *  - the JavaScript the storefront's first load runs, gzip-compressed (budget ≤ 120 KB);
 *  - Lighthouse (mobile, on Debian's chromium) performance (≥ 90) and accessibility
 *    (≥ 95) on `/` and on an item page, with a 1k-item catalogue from `npm run seed`.
 *
 * npm run web:weight [-- --items 1000]
 * Builds the server and the client, seeds a throw-away DATA_DIR, starts the shop as
 * `npm start` does on a free port, measures, stops it and removes the folder.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../../test/support/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const { values } = parseArgs({ options: { items: { type: 'string', default: '1000' } } });

function run(args: string[], env: NodeJS.ProcessEnv = process.env): void {
  execFileSync('npm', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
}

async function startShop(
  dataDir: string,
  webDistDir: string,
): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 240_000;
  while (
    !(await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the shop did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, child };
}

/** Every script the storefront's first load fetched (until the network is idle), gzipped. */
async function firstLoadJs(baseUrl: string): Promise<{ files: number; raw: number; gzip: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    return {
      files: scripts.length,
      raw: scripts.reduce((sum, body) => sum + body.length, 0),
      gzip: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(url: string): Promise<{
  performance: number;
  accessibility: number;
  lcp: string;
  tbt: string;
  cls: string;
  costs: string[];
}> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error('lighthouse gave no result');
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
      tbt: audits['total-blocking-time']?.displayValue ?? '?',
      cls: audits['cumulative-layout-shift']?.displayValue ?? '?',
      // What Lighthouse says costs the most: the audits of the performance category it
      // does not pass, with their own figures (savings, sizes), to know what to fix.
      costs: (categories.performance?.auditRefs ?? [])
        .map((ref) => audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
        .map((audit) => `${audit!.title}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`),
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-weight-'));
  // Its own build folder: a web/dist in use by a running shop is left alone.
  const webDistDir = path.join(dataDir, 'web-dist');
  try {
    console.log('building the server and the client…');
    run(['run', 'build']);
    run(['run', 'build:web', '--', '--outDir', webDistDir, '--emptyOutDir'], {
      ...process.env,
      NODE_ENV: 'production',
    });
    console.log(`seeding ${values.items} items…`);
    run(['run', 'seed', '--', '--items', String(values.items)], {
      ...process.env,
      DATA_DIR: dataDir,
    });
    const { baseUrl, child } = await startShop(dataDir, webDistDir);
    try {
      const js = await firstLoadJs(baseUrl);
      const list = (await (await fetch(`${baseUrl}/api/items?limit=1`)).json()) as {
        items: Array<{ id: number }>;
      };
      const itemPath = `/items/${list.items[0]?.id ?? 1}`;
      const rows: Array<[string, string, string]> = [
        [
          'storefront first-load JS (gzip)',
          `${(js.gzip / 1024).toFixed(1)} KB in ${js.files} files (${(js.raw / 1024).toFixed(0)} KB raw)`,
          js.gzip <= 120 * 1024 ? 'ok (≤ 120 KB)' : 'OVER 120 KB',
        ],
      ];
      for (const pagePath of ['/', itemPath]) {
        const scores = await lighthouseScores(`${baseUrl}${pagePath}`);
        rows.push([
          `lighthouse mobile ${pagePath} performance`,
          `${scores.performance} (LCP ${scores.lcp}, TBT ${scores.tbt}, CLS ${scores.cls})`,
          scores.performance >= 90 ? 'ok (≥ 90)' : 'UNDER 90',
        ]);
        for (const cost of scores.costs.slice(0, 6)) rows.push(['  costs', cost, '']);
        rows.push([
          `lighthouse mobile ${pagePath} accessibility`,
          String(scores.accessibility),
          scores.accessibility >= 95 ? 'ok (≥ 95)' : 'UNDER 95',
        ]);
      }
      console.log(`\ncatalogue: ${values.items} seeded items, PGlite, node dist/server.js\n`);
      for (const [what, figure, verdict] of rows)
        console.log(`${what.padEnd(42)} ${figure.padEnd(48)} ${verdict}`);
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
