import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from '../../test/support/images.js';
import { startS3Server, type TestS3Server } from '../../test/support/s3-server.js';
import { diskStorage } from '../media/storage.js';

const run = promisify(execFile);

let s3: TestS3Server;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-media-migrate-'));
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The command as an operator runs it: settings from the environment only (keys via AWS_*). */
function mediaMigrate() {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/media-migrate.ts'], {
    env: { ...process.env, ...s3.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
}

describe('npm run media:migrate', () => {
  it('copies DATA_DIR/media into the bucket under the same names; a second run copies nothing', async () => {
    const disk = diskStorage(path.join(dataDir, 'media'));
    const photo = await jpeg();
    const names = [
      await disk.put('items', 'jpg', photo),
      await disk.put('variants', 'webp', photo),
    ];
    // A name from an older seed, made before names were random.
    await fs.mkdir(path.join(dataDir, 'media', 'seed'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'media', 'seed', 'placeholder-1.jpg'), photo);
    names.push('seed/placeholder-1.jpg');

    const first = await mediaMigrate();
    expect(first.stdout).toContain('3 objects copied');
    expect(await s3.keys()).toEqual([...names].sort());
    for (const name of names) expect((await s3.storage().read(name)).equals(photo)).toBe(true);

    const again = await mediaMigrate();
    expect(again.stdout).toContain('0 objects copied');
    expect(again.stdout).toContain('3 were already there');
    expect(await s3.keys()).toEqual([...names].sort());
  }, 120_000);

  it('refuses to run without a bucket configured, naming what to set', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/cli/media-migrate.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, MEDIA_STORE: 'disk', DATABASE_URL: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failure && failure.code).toBe(1);
    expect((failure as { stderr: string }).stderr).toContain('MEDIA_STORE=s3');
  }, 60_000);
});
