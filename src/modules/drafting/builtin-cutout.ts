import { loadSharp } from '../../media/sharp.js';
import {
  applyMatte,
  CUTOUT_PIXEL_LIMIT,
  type CutoutOutcome,
  type CutoutProvider,
  judgeShare,
} from './cutout.js';

/**
 * The builtin cut-out for product photos on a plain background, with sharp
 * and a little arithmetic: estimate the background colour from the border,
 * give each pixel an opacity by its colour distance from it (a ramp, so the
 * edge is soft), keep only the largest connected subject, and scale that matte
 * up to the photo. The matte is worked out on a copy at most WORK_SIZE pixels
 * wide, which keeps a 12 MP photo to about a million pixel visits.
 */
const WORK_SIZE = 1024;
/** The border band the background is read from, as a share of the shorter side. */
const BORDER_SHARE = 0.03;
/** A border whose typical pixel is this far from the background colour is no plain background. */
const BUSY_BORDER_DISTANCE = 28;
/** Distances below the low end are background, above the high end subject; between, a ramp. */
const MIN_LOW = 22;
const RAMP = 36;

interface Matte {
  alpha: Uint8Array;
  width: number;
  height: number;
  subjectShare: number;
}

function distance(data: Uint8Array, i: number, bg: readonly number[]): number {
  const dr = data[i]! - bg[0]!;
  const dg = data[i + 1]! - bg[1]!;
  const db = data[i + 2]! - bg[2]!;
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? 0;
}

function quantile(values: number[], q: number): number {
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;
}

/** Indices (pixel numbers) of the border band. */
function borderPixels(width: number, height: number): number[] {
  const band = Math.max(2, Math.round(Math.min(width, height) * BORDER_SHARE));
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x < band || x >= width - band) out.push(y * width + x);
    }
  }
  return out;
}

/** Labels the 8-connected regions of `mask` and returns a mask of the largest one. */
function largestRegion(mask: Uint8Array, width: number, height: number): Uint8Array {
  const labels = new Int32Array(mask.length);
  const queue = new Int32Array(mask.length);
  let best = 0;
  let bestSize = 0;
  let label = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    label++;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    labels[start] = label;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && !labels[q]) {
            labels[q] = label;
            queue[tail++] = q;
          }
        }
      }
    }
    if (tail > bestSize) {
      bestSize = tail;
      best = label;
    }
  }
  const keep = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) if (labels[p] === best && best > 0) keep[p] = 1;
  return keep;
}

/** The matte at working size, or why there is none (a busy border). */
export function computeMatte(
  rgb: Uint8Array,
  width: number,
  height: number,
): Matte | { busy: string } {
  const border = borderPixels(width, height);
  const bg = [0, 1, 2].map((c) => median(border.map((p) => rgb[p * 3 + c]!)));
  const spread = quantile(
    border.map((p) => distance(rgb, p * 3, bg)),
    0.6,
  );
  if (spread > BUSY_BORDER_DISTANCE) {
    return {
      busy: 'The background is not plain enough for the builtin cut-out (a busy or textured border).',
    };
  }
  const low = Math.max(MIN_LOW, spread * 2.5 + 10);
  const count = width * height;
  const soft = new Float32Array(count);
  const solid = new Uint8Array(count);
  for (let p = 0; p < count; p++) {
    const a = Math.min(1, Math.max(0, (distance(rgb, p * 3, bg) - low) / RAMP));
    soft[p] = a;
    if (a >= 0.5) solid[p] = 1;
  }
  const subject = largestRegion(solid, width, height);
  // The soft edge belongs to the subject when it touches it: keep ramp pixels
  // next to the kept region, drop everything of the other regions.
  const alpha = new Uint8Array(count);
  let kept = 0;
  for (let p = 0; p < count; p++) {
    if (subject[p]) {
      alpha[p] = Math.round(soft[p]! * 255);
      kept++;
      continue;
    }
    if (soft[p]! <= 0 || solid[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    let touches = false;
    for (let dy = -1; dy <= 1 && !touches; dy++) {
      for (let dx = -1; dx <= 1 && !touches; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && subject[ny * width + nx])
          touches = true;
      }
    }
    if (touches) alpha[p] = Math.round(soft[p]! * 255);
  }
  return { alpha, width, height, subjectShare: kept / count };
}

export const builtinCutout: CutoutProvider = {
  name: 'builtin',
  async cut(photo: Buffer): Promise<CutoutOutcome> {
    const sharp = await loadSharp();
    const meta = await sharp(photo, { limitInputPixels: CUTOUT_PIXEL_LIMIT }).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    const small = await sharp(photo, { limitInputPixels: CUTOUT_PIXEL_LIMIT })
      .flatten({ background: '#ffffff' })
      .resize({ width: WORK_SIZE, height: WORK_SIZE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const matte = computeMatte(
      new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length),
      small.info.width,
      small.info.height,
    );
    if ('busy' in matte) return { applied: false, reason: matte.busy };
    const refused = judgeShare(matte.subjectShare);
    if (refused) return { applied: false, reason: refused };
    // Up to the photo's size with a linear kernel: the ramp stays a soft edge, no ringing.
    const alpha = await sharp(Buffer.from(matte.alpha.buffer), {
      raw: { width: matte.width, height: matte.height, channels: 1 },
    })
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      // One channel out: sharp would otherwise write a grey image back as sRGB.
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    return {
      applied: true,
      bytes: await applyMatte(photo, alpha, width, height),
      extension: 'webp',
      width,
      height,
      subjectShare: matte.subjectShare,
    };
  },
};
