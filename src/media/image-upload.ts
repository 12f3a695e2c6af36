import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/errors.js';
import { fullImageEncodes, imageDecodeSlots } from './decode-slots.js';
import { loadSharp } from './sharp.js';

/**
 * The shared image upload handling: what any route that takes photos runs
 * every file through before anything is stored (spec 4.3 submit rule 2).
 */

/** The formats we take, by the MIME type their magic bytes reveal, and how we write them back. */
const ALLOWED = {
  'image/jpeg': { sharpFormat: 'jpeg', extension: 'jpg' },
  'image/png': { sharpFormat: 'png', extension: 'png' },
  'image/webp': { sharpFormat: 'webp', extension: 'webp' },
} as const;
type AllowedType = keyof typeof ALLOWED;
/** The MIME types a photo may have, for clients that check before they send. */
export const ACCEPTED_IMAGE_TYPES = Object.keys(ALLOWED) as AllowedType[];

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Decoding more pixels than this is refused before it happens: a decompression bomb stays small. */
const MAX_IMAGE_PIXELS = 50_000_000;

export interface ProcessedImage {
  bytes: Buffer;
  extension: string;
  width: number;
  height: number;
}

/** The client's file name, made safe to show back in a message. */
function displayName(filename: string): string {
  const cleaned = filename.replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 100);
  return cleaned || 'the file';
}

const invalidImage = (filename: string, why: string) =>
  new AppError(400, 'invalid_image', `"${displayName(filename)}" ${why}`, 'photos');

/**
 * Checks one uploaded file and re-encodes it: the allowlist by magic bytes, the
 * declared type must agree with them, the decoded format checked again (sharp
 * also reads SVG, TIFF and GIF), a pixel limit, orientation applied, and every
 * bit of metadata (EXIF, GPS, XMP, ICC comments) left behind.
 */
export async function processImage(file: {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}): Promise<ProcessedImage> {
  const detected = await fileTypeFromBuffer(file.bytes);
  if (!detected || !(detected.mime in ALLOWED)) {
    throw invalidImage(file.filename, 'is not a JPEG, PNG or WebP image.');
  }
  const type = detected.mime as AllowedType;
  // A file declared as one type but carrying another is refused, not quietly relabelled.
  if (file.mimetype !== type && !(type === 'image/jpeg' && file.mimetype === 'image/jpg')) {
    throw invalidImage(file.filename, `was sent as ${file.mimetype.slice(0, 50)} but is ${type}.`);
  }

  const { sharpFormat, extension } = ALLOWED[type];
  // Decodes are bounded across requests, not only within one (one slot per core), and
  // full-size re-encodes take turns: each holds the whole photo's coefficients (decode-slots.ts).
  return fullImageEncodes.run(() =>
    imageDecodeSlots.run(() =>
      decodeAndReencode(file.filename, file.bytes, sharpFormat, extension),
    ),
  );
}

async function decodeAndReencode(
  filename: string,
  bytes: Buffer,
  sharpFormat: (typeof ALLOWED)[AllowedType]['sharpFormat'],
  extension: string,
): Promise<ProcessedImage> {
  const file = { filename, bytes };
  const sharp = await loadSharp();
  try {
    const image = sharp(file.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== sharpFormat)
      throw invalidImage(file.filename, 'could not be read as the image it claims to be.');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS)
      throw invalidImage(file.filename, 'has too many pixels.');
    // rotate() with no angle applies the EXIF orientation; the output carries no metadata
    // because sharp drops it unless asked to keep it.
    const { data, info } = await image
      .rotate()
      .toFormat(sharpFormat)
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, extension, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw invalidImage(file.filename, 'has too many pixels.');
    throw invalidImage(file.filename, 'could not be read as an image.');
  }
}
