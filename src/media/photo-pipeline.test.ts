import { describe, expect, it } from 'vitest';
import { jpeg } from '../../test/support/images.js';
import { AppError } from '../http/errors.js';
import type { PhotoWithVariants } from './image-variants.js';
import { photoPipeline } from './photo-pipeline.js';

const widthsOf = (photo: PhotoWithVariants) => photo.variants.map((variant) => variant.width);

describe("a form's photo pipeline", () => {
  it('gives each photo its list sizes, in the order the photos were sent', async () => {
    const pipeline = photoPipeline();
    const big = await jpeg({ width: 1200, height: 900 });
    const small = await jpeg({ width: 64, height: 48 });
    await pipeline.add({ filename: 'big.jpg', mimetype: 'image/jpeg', bytes: big });
    await pipeline.add({ filename: 'small.jpg', mimetype: 'image/jpeg', bytes: small });
    const photos = await pipeline.photos();
    expect(photos.map((photo) => [photo.width, widthsOf(photo)])).toEqual([
      [1200, [480, 960]],
      [64, []],
    ]);
  });

  it('a refused photo refuses the form: list sizes not yet started are not made', async () => {
    const pipeline = photoPipeline();
    // The good photo's re-encode takes far longer than finding the other is no image.
    const good = await jpeg({ width: 3000, height: 2000 });
    await pipeline.add({ filename: 'good.jpg', mimetype: 'image/jpeg', bytes: good });
    await pipeline.add({
      filename: 'notes.jpg',
      mimetype: 'image/jpeg',
      bytes: Buffer.from('not a photo'),
    });
    await expect(pipeline.photos()).rejects.toBeInstanceOf(AppError);
    const [first, second] = await pipeline.refuse();
    expect(second?.status).toBe('rejected');
    // Re-encoded all the same (it was under way), but no list sizes were made for it.
    expect(first?.status).toBe('fulfilled');
    const photo = (first as PromiseFulfilledResult<PhotoWithVariants>).value;
    expect(photo.width).toBe(3000);
    expect(widthsOf(photo)).toEqual([]);
  });
});
