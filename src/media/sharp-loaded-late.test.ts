import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

// A 1×1 PNG: the smallest photo there is.
const DOT_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

// What a process has mapped is its own: a fresh one, as a server starts, not this
// test worker, which other files may have made load sharp already.
const script = `
import fs from 'node:fs';
const libvips = () => fs.readFileSync('/proc/self/maps', 'utf8').includes('libvips');
await import('./src/app.ts');
const started = libvips();
const { processImage } = await import('./src/media/image-upload.ts');
const photo = await processImage({
  filename: 'dot.png',
  mimetype: 'image/png',
  bytes: Buffer.from('${DOT_PNG}', 'base64'),
});
console.log(JSON.stringify({ started, photo: photo.width, afterPhoto: libvips() }));
`;

// Issue 35 item 6: an empty shop's idle memory on a small host.
describe.runIf(process.platform === 'linux')('sharp and libvips', () => {
  it('are not loaded with the app, only by the first photo worked on', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: root, timeout: 60_000 },
    );
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      started: false,
      photo: 1,
      afterPhoto: true,
    });
  });
});
