import { describe, expect, it } from 'vitest';
import { jpeg } from '../../test/support/images.js';
import { fullImageEncodes, imageDecodeSlots, Slots } from './decode-slots.js';
import { processImage } from './image-upload.js';
import { makeVariants, storeVariants } from './image-variants.js';
import type { MediaStorage } from './storage.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('decode slots (image work bounded across requests)', () => {
  it('lets at most `size` run at once; the others wait their turn in order', async () => {
    const slots = new Slots(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const runs = [0, 1, 2, 3, 4].map((n) =>
      slots.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(n);
            finish[n] = () => resolve(n);
          }),
      ),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(slots.inUse).toBe(2);
    finish[1]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(slots.inUse).toBe(2);
    finish[0]?.();
    finish[2]?.();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3]?.();
    finish[4]?.();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(slots.inUse).toBe(0);
  });

  it('gives the slot back when the work fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow(
      'bad image',
    );
    expect(slots.inUse).toBe(0);
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('the shared pipeline decodes through the process-wide slots, one per core at most', async () => {
    const photo = await jpeg();
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, imageDecodeSlots.inUse);
    }, 0);
    // Re-encodes (one at a time) and list sizes (any slot) together, as a busy intake has them.
    const many = Array.from({ length: imageDecodeSlots.size * 4 }, (_, i) =>
      (i % 2 === 0
        ? processImage({ filename: `p${i}.jpg`, mimetype: 'image/jpeg', bytes: photo })
        : makeVariants(photo, [480])
      ).then(() => {
        most = Math.max(most, imageDecodeSlots.inUse);
      }),
    );
    await Promise.all(many);
    clearInterval(watch);
    expect(most).toBeGreaterThanOrEqual(1);
    expect(most).toBeLessThanOrEqual(imageDecodeSlots.size);
    expect(imageDecodeSlots.inUse).toBe(0);
  });

  it('list sizes (variants) are made inside a slot too, and the slot is free while they are written', async () => {
    const photo = await jpeg({ width: 1200, height: 900 });
    const inUseWhileWriting: number[] = [];
    const storage: MediaStorage = {
      root: '/nowhere',
      async put() {
        inUseWhileWriting.push(imageDecodeSlots.inUse);
        return `variants/${inUseWhileWriting.length}.webp`;
      },
      read: () => Promise.reject(new Error('not read here')),
      remove: async () => {},
      open: async () => null,
      list: async function* () {},
    };
    // Every slot taken: the variants wait for one before any decode starts.
    const release: Array<() => void> = [];
    const held = Array.from({ length: imageDecodeSlots.size }, () =>
      imageDecodeSlots.run(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    const variants = storeVariants(storage, photo, [480, 960]);
    await tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inUseWhileWriting).toEqual([]);
    for (const free of release) free();
    await Promise.all(held);
    expect((await variants).map((variant) => variant.width)).toEqual([480, 960]);
    expect(inUseWhileWriting).toEqual([0, 0]);
  });

  it('full-size re-encodes take turns, and one waiting its turn leaves the cores to list sizes', async () => {
    const photo = await jpeg({ width: 1200, height: 900 });
    // Another request's re-encode holds the turn.
    let release!: () => void;
    const other = fullImageEncodes.run(() => new Promise<void>((resolve) => (release = resolve)));
    let reencoded = false;
    const waiting = processImage({
      filename: 'next.jpg',
      mimetype: 'image/jpeg',
      bytes: photo,
    }).then((done) => {
      reencoded = true;
      return done;
    });
    try {
      await tick();
      expect(imageDecodeSlots.inUse).toBe(0);
      // List sizes decode meanwhile, on every core if need be.
      const sizes = await Promise.all(
        Array.from({ length: imageDecodeSlots.size }, () => makeVariants(photo, [480])),
      );
      expect(sizes.map((made) => made.map((variant) => variant.width))).toEqual(
        Array.from({ length: imageDecodeSlots.size }, () => [480]),
      );
      expect(reencoded).toBe(false);
    } finally {
      // The turn is the process's: never left held for the tests after this one.
      release();
      await other;
    }
    expect((await waiting).width).toBe(1200);
    expect(fullImageEncodes.inUse).toBe(0);
  });

  it('makes no list sizes once they are not wanted (a form refused meanwhile)', async () => {
    // Not an image at all: decoding it would fail, so an empty answer shows nothing was decoded.
    const made = await makeVariants(Buffer.from('not a photo'), [480, 960], () => false);
    expect(made).toEqual([]);
    await expect(makeVariants(Buffer.from('not a photo'), [480])).rejects.toThrow();
    expect(imageDecodeSlots.inUse).toBe(0);
  });
});
