// Writes dist-pglite/empty-cluster.tar.gz: an initialised, empty PGlite cluster,
// made once by the build (npm run build; `npm start` through build-if-stale.mjs).
// A first start on embedded PGlite loads it instead of running initdb, which grows
// a process to about 750 MB; loading the archive peaks near 270 MB (issue 35 item 6,
// docs/performance.md). Without it the first start runs initdb all the same.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE = path.join(ROOT, 'dist-pglite', 'empty-cluster.tar.gz');

const cluster = await PGlite.create();
const archive = await cluster.dumpDataDir('gzip');
await cluster.close();
fs.mkdirSync(path.dirname(TEMPLATE), { recursive: true });
const partial = `${TEMPLATE}.partial`;
fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
fs.renameSync(partial, TEMPLATE);
console.error(`pglite template: ${path.relative(ROOT, TEMPLATE)}`);
