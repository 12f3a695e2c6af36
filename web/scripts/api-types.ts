/**
 * Generates the web client's API types from the server's own OpenAPI document:
 * the app is built (never listening) on a throw-away embedded database, its
 * `/openapi.json` is read through `inject`, and openapi-typescript turns it into
 * `web/src/lib/api-types.ts`. With `--check` nothing is written: the command fails
 * when the checked-in types differ from what the document generates (CI).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const typesFile = path.join(here, '../src/lib/api-types.ts');
const HEADER =
  "// Generated from the server's OpenAPI document by `npm run api:types`. Do not edit.\n\n";

async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-openapi-'));
  try {
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      const res = await app.inject({ method: 'GET', url: '/openapi.json' });
      return res.json() as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const document = await openApiDocument();
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript takes the parsed document as is
  const generated = HEADER + astToString(await openapiTS(document as any));
  if (process.argv.includes('--check')) {
    const current = await fs.readFile(typesFile, 'utf8').catch(() => '');
    if (current !== generated) {
      console.error(
        "web/src/lib/api-types.ts differs from the server's OpenAPI document: run `npm run api:types` and commit it.",
      );
      process.exit(1);
    }
    console.log("web/src/lib/api-types.ts matches the server's OpenAPI document.");
    return;
  }
  await fs.writeFile(typesFile, generated);
  console.log(`wrote ${path.relative(process.cwd(), typesFile)}`);
}

await main();
