import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alphaAt,
  DISC,
  discOnNoise,
  discOnPlainBackground,
  plainPhoto,
} from '../../../test/support/product-photos.js';
import { builtinCutout } from './builtin-cutout.js';
import { CutoutServerError, httpCutout } from './http-cutout.js';

describe('builtin cut-out', () => {
  it('a coloured object on a plain background: the object stays, the background goes', async () => {
    const outcome = await builtinCutout.cut(await discOnPlainBackground());
    if (!outcome.applied) throw new Error(`not applied: ${outcome.reason}`);
    expect([outcome.width, outcome.height, outcome.extension]).toEqual([300, 200, 'webp']);
    const meta = await sharp(outcome.bytes).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['webp', true]);
    // Inside the disc: opaque.
    expect(await alphaAt(outcome.bytes, DISC.cx, DISC.cy)).toBe(255);
    expect(await alphaAt(outcome.bytes, DISC.cx + 40, DISC.cy)).toBe(255);
    // The background, near and far: transparent.
    expect(await alphaAt(outcome.bytes, 3, 3)).toBe(0);
    expect(await alphaAt(outcome.bytes, DISC.cx + DISC.r + 8, DISC.cy)).toBe(0);
    // The speck is a second, smaller subject: only the largest one is kept.
    expect(await alphaAt(outcome.bytes, DISC.speck.cx, DISC.speck.cy)).toBe(0);
    // The subject covers π·50² of 300·200 pixels, about 13 %.
    expect(outcome.subjectShare).toBeGreaterThan(0.12);
    expect(outcome.subjectShare).toBeLessThan(0.145);
  });

  it('the edge is soft: opacity ramps across the rim instead of jumping', async () => {
    const outcome = await builtinCutout.cut(await discOnPlainBackground());
    if (!outcome.applied) throw new Error('not applied');
    const rim: number[] = [];
    for (let x = DISC.cx + DISC.r - 3; x <= DISC.cx + DISC.r + 3; x++)
      rim.push(await alphaAt(outcome.bytes, x, DISC.cy));
    expect(rim.some((a) => a > 0 && a < 255)).toBe(true);
  });

  it('a busy background is not cut out, and says why', async () => {
    const outcome = await builtinCutout.cut(await discOnNoise());
    expect(outcome).toEqual({ applied: false, reason: expect.stringMatching(/busy/) });
  });

  it('a photo of nothing would lose almost everything: not applied', async () => {
    const outcome = await builtinCutout.cut(await plainPhoto());
    expect(outcome).toEqual({
      applied: false,
      reason: expect.stringMatching(/remove almost everything/),
    });
  });
});

describe('http cut-out (the rembg API)', () => {
  let server: http.Server;
  let url: URL;
  /** What the server answers next: an alpha for every pixel of a 300×200 picture. */
  let alphaOf: (x: number, y: number) => number = () => 255;
  let status = 200;
  const received: Buffer[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        received.push(Buffer.concat(chunks));
        if (status !== 200) {
          res.writeHead(status).end();
          return;
        }
        const rgba = Buffer.alloc(300 * 200 * 4);
        for (let y = 0; y < 200; y++)
          for (let x = 0; x < 300; x++) rgba[(y * 300 + x) * 4 + 3] = alphaOf(x, y);
        const png = await sharp(rgba, { raw: { width: 300, height: 200, channels: 4 } })
          .png()
          .toBuffer();
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/remove`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cutter = () => httpCutout({ url, timeoutMs: 5_000, maxAnswerBytes: 10 * 1024 * 1024 });

  it('posts the photo as the multipart field "file" and applies the matte it answers', async () => {
    alphaOf = (x, y) => ((x - DISC.cx) ** 2 + (y - DISC.cy) ** 2 <= DISC.r ** 2 ? 255 : 0);
    const photo = await discOnPlainBackground();
    const outcome = await cutter().cut(photo);
    if (!outcome.applied) throw new Error('not applied');
    const body = received.at(-1)!;
    expect(body.toString('latin1')).toContain('name="file"');
    expect(body.includes(photo)).toBe(true);
    expect(await alphaAt(outcome.bytes, DISC.cx, DISC.cy)).toBe(255);
    expect(await alphaAt(outcome.bytes, 3, 3)).toBe(0);
  });

  it('an answer that keeps everything is not applied: the cut-out removed almost nothing', async () => {
    alphaOf = () => 255;
    expect(await cutter().cut(await discOnPlainBackground())).toEqual({
      applied: false,
      reason: expect.stringMatching(/remove almost nothing/),
    });
  });

  it('a server error is a CutoutServerError (the draft is retried)', async () => {
    status = 500;
    await expect(cutter().cut(await discOnPlainBackground())).rejects.toBeInstanceOf(
      CutoutServerError,
    );
    status = 200;
  });
});
