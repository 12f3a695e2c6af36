import { loadSharp } from '../../media/sharp.js';

/**
 * Background cut-out behind one interface: `builtin` (sharp, here) or `http`
 * (a self-hosted background-removal server). A cut-out is applied only when it
 * leaves a believable subject; otherwise the draft records why (issue: a
 * cut-out that removes almost everything or almost nothing is not applied).
 */
export type CutoutOutcome =
  | {
      applied: true;
      /** The photo with the background transparent (WebP with alpha, see docs/decisions.md). */
      bytes: Buffer;
      extension: 'webp';
      width: number;
      height: number;
      /** Share of the picture the subject covers, 0–1. */
      subjectShare: number;
    }
  | { applied: false; reason: string };

export interface CutoutProvider {
  readonly name: 'builtin' | 'http';
  cut(photo: Buffer): Promise<CutoutOutcome>;
}

/** Below this share the cut-out removed almost everything; above the other, almost nothing. */
export const MIN_SUBJECT_SHARE = 0.02;
export const MAX_SUBJECT_SHARE = 0.97;
// The same pixel limit as intake (src/media/image-upload.ts): these photos passed it already.
export const CUTOUT_PIXEL_LIMIT = 50_000_000;

/** Why a matte is not worth applying, or null when it is. */
export function judgeShare(share: number): string | null {
  if (share < MIN_SUBJECT_SHARE)
    return `The cut-out would remove almost everything (subject ${percent(share)} of the photo).`;
  if (share > MAX_SUBJECT_SHARE)
    return `The cut-out would remove almost nothing (subject ${percent(share)} of the photo).`;
  return null;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/**
 * The photo with `alpha` (one channel, the photo's own size) as its
 * transparency, written as WebP: lossless alpha, high-quality colour.
 */
export async function applyMatte(
  photo: Buffer,
  alpha: Buffer,
  width: number,
  height: number,
): Promise<Buffer> {
  if (alpha.length !== width * height) throw new Error('matte size does not match the photo');
  const sharp = await loadSharp();
  // Colour first, as raw RGB: sharp applies removeAlpha/flatten after joinChannel,
  // which would drop the matte again.
  const rgb = await sharp(photo, { limitInputPixels: CUTOUT_PIXEL_LIMIT })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .webp({ quality: 88, alphaQuality: 100, effort: 2 })
    .toBuffer();
}
