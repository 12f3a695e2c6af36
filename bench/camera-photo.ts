import sharp from 'sharp';

/** A photo-like 12 MP JPEG: smooth colour with grain, camera EXIF with GPS, about the size a phone makes. */
export async function cameraPhoto(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 120 + seed * 10, g: 100, b: 80 },
      noise: { type: 'gaussian', mean: 0, sigma: 18 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(grain, { raw: { width: 4000, height: 3000, channels: 3 } })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .jpeg({ quality: 88 })
    .toBuffer();
}
