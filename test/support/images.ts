import sharp from 'sharp';

/** Real image files made on the spot, so tests need no binary fixtures. */

export function jpeg(
  options: { width?: number; height?: number; gps?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: '#8d7b68',
    },
  });
  const exif: Record<string, Record<string, string>> = {
    IFD0: { Copyright: 'Camera owner', Artist: 'Someone' },
  };
  if (options.gps) {
    // GPS tags (IFD3): exactly what must never leave the shop.
    exif.IFD3 = {
      GPSLatitudeRef: 'N',
      GPSLatitude: '51/1 30/1 0/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '0/1 7/1 0/1',
    };
  }
  return image
    .withExif(exif)
    .withMetadata(options.orientation ? { orientation: options.orientation } : {})
    .jpeg()
    .toBuffer();
}

export function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#c8b6a6' } })
    .png()
    .toBuffer();
}

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
    .gif()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a tiny, valid PNG whose header claims 20,000 × 20,000
 * pixels (400 megapixels). Decoding it would need over a gigabyte.
 */
export async function pixelBomb(): Promise<Buffer> {
  const file = Buffer.from(await png(16, 16));
  // IHDR data starts after the 8-byte signature, 4-byte length and 4-byte type.
  file.writeUInt32BE(20_000, 16);
  file.writeUInt32BE(20_000, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

/** Whether an EXIF block carries a GPS section (tag 0x8825, in either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(
  fields: Record<string, string>,
  files: FilePart[],
  boundary = `----shop-test-${Math.random().toString(16).slice(2)}`,
): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photos'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
