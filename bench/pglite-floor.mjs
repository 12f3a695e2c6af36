// PGlite alone in a bare Node process (bench/small-host.ts runs it): `create` makes a
// new data directory in this process, `reopen` opens an existing one. Both with the
// settings the server uses (dist/db/pglite-settings.js). Prints one JSON line.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const [dir, mode] = process.argv.slice(2);
const settings = await import('../dist/db/pglite-settings.js').catch(() => null);
const options = { extensions: { unaccent }, ...(settings?.pgliteOptions() ?? {}) };
if (mode === 'create') fs.rmSync(dir, { recursive: true, force: true });
const started = performance.now();
const pg = await PGlite.create(dir, options);
await pg.query('SELECT 1');
const seconds = (performance.now() - started) / 1000;
const mb = (bytes) => bytes / 1048576;
console.log(
  JSON.stringify({
    peakMb: process.resourceUsage().maxRSS / 1024,
    openMb: mb(process.memoryUsage().rss),
    seconds,
  }),
);
await pg.close();
