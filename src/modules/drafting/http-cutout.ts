import { loadSharp } from '../../media/sharp.js';
import {
  applyMatte,
  CUTOUT_PIXEL_LIMIT,
  type CutoutOutcome,
  type CutoutProvider,
  judgeShare,
} from './cutout.js';

export interface HttpCutoutOptions {
  /** The server's removal endpoint, e.g. http://127.0.0.1:7000/api/remove (rembg's `rembg s`). */
  url: URL;
  timeoutMs: number;
  /** Bytes of answer read at most. */
  maxAnswerBytes: number;
}

/** A cut-out server that failed; the draft is retried like a failed model call. */
export class CutoutServerError extends Error {
  override name = 'CutoutServerError';
}

async function readCapped(response: Response, limit: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length') ?? '0') > limit) {
    await response.body?.cancel();
    throw new CutoutServerError(`The cut-out server's answer was larger than ${limit} bytes.`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new CutoutServerError(`The cut-out server's answer was larger than ${limit} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Posts the photo as multipart field `file` (the rembg HTTP API) and takes the
 * image with transparency it answers. Only its alpha channel is used: the
 * colours stay ours, re-encoded the same way as the builtin cut-out's.
 */
export function httpCutout(options: HttpCutoutOptions): CutoutProvider {
  return {
    name: 'http',
    async cut(photo: Buffer): Promise<CutoutOutcome> {
      const sharp = await loadSharp();
      const meta = await sharp(photo, { limitInputPixels: CUTOUT_PIXEL_LIMIT }).metadata();
      const width = meta.width ?? 0;
      const height = meta.height ?? 0;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)]), 'photo');
      const signal = AbortSignal.timeout(options.timeoutMs);
      let answer: Buffer;
      try {
        const response = await fetch(options.url, { method: 'POST', body: form, signal });
        if (!response.ok) {
          await response.body?.cancel();
          throw new CutoutServerError(`The cut-out server answered ${response.status}.`);
        }
        answer = await readCapped(response, options.maxAnswerBytes);
      } catch (error) {
        if (error instanceof CutoutServerError) throw error;
        throw new CutoutServerError(
          signal.aborted
            ? `The cut-out server did not answer within ${options.timeoutMs} ms.`
            : 'The cut-out server could not be reached.',
        );
      }
      let alpha: Buffer;
      try {
        const cut = sharp(answer, { limitInputPixels: CUTOUT_PIXEL_LIMIT });
        const info = await cut.metadata();
        if (!info.hasAlpha)
          throw new CutoutServerError('The cut-out server answered an image without transparency.');
        // rembg keeps the size; a server that does not is scaled back onto the photo.
        alpha = await cut
          .ensureAlpha()
          .extractChannel('alpha')
          .resize(width, height, { fit: 'fill', kernel: 'linear' })
          .toColourspace('b-w')
          .raw()
          .toBuffer();
      } catch (error) {
        if (error instanceof CutoutServerError) throw error;
        throw new CutoutServerError('The cut-out server did not answer with an image.');
      }
      let opaque = 0;
      for (let i = 0; i < alpha.length; i++) if (alpha[i]! >= 128) opaque++;
      const subjectShare = opaque / Math.max(1, alpha.length);
      const refused = judgeShare(subjectShare);
      if (refused) return { applied: false, reason: refused };
      return {
        applied: true,
        bytes: await applyMatte(photo, alpha, width, height),
        extension: 'webp',
        width,
        height,
        subjectShare,
      };
    },
  };
}
