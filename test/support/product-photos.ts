import sharp from 'sharp';

/**
 * Product photos made on the spot, with known geometry, for cut-out tests:
 * a red disc (centre 150,100, radius 50) on a light grey background, with a
 * small blue speck (centre 262,34, radius 5) apart from it.
 */
export const DISC = { cx: 150, cy: 100, r: 50, speck: { cx: 262, cy: 34, r: 5 } };

const SHAPES = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
  <circle cx="${DISC.cx}" cy="${DISC.cy}" r="${DISC.r}" fill="#c0392b"/>
  <circle cx="${DISC.speck.cx}" cy="${DISC.speck.cy}" r="${DISC.speck.r}" fill="#2c3e91"/>
</svg>`;

/** The disc and the speck on a plain background, as a JPEG (with its compression noise). */
export function discOnPlainBackground(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#eeeeec' } })
    .composite([{ input: Buffer.from(SHAPES) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same disc on a background of random noise: no plain background to find. */
export function discOnNoise(seed = 7): Promise<Buffer> {
  const noise = Buffer.alloc(300 * 200 * 3);
  let state = seed;
  for (let i = 0; i < noise.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    noise[i] = state >>> 24;
  }
  return sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
    .composite([{ input: Buffer.from(SHAPES) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A photo of nothing: one plain colour. */
export function plainPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#eeeeec' } })
    .jpeg()
    .toBuffer();
}

/** The alpha value at (x, y) of an image with transparency. */
export async function alphaAt(image: Buffer, x: number, y: number): Promise<number> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3]!;
}
