import type Sharp from 'sharp';

export type SharpModule = typeof Sharp;

let loaded: Promise<SharpModule> | undefined;

/**
 * sharp, loaded by the first photo the process works on rather than at start-up:
 * sharp and libvips hold about 20 MB that a shop which has not been sent a photo
 * since it started never needs (an empty shop's idle RSS on a small host,
 * docs/performance.md).
 */
export function loadSharp(): Promise<SharpModule> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Parallelism comes from the decode slots (one decode per core), so libvips runs
    // each image on one thread: with its default of one thread per core, every slot
    // would also start a thread (and its tile buffers) per core. And nothing here reads
    // the same image twice, so libvips' operation cache (up to 50 MB of pixels by
    // default) only holds memory.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
