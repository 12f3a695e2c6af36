import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll } from 'vitest';

const PALETTES = [
  ['#d9c7ae', '#8a6a4a', '#3e5a4f'],
  ['#e8e1d6', '#b0643b', '#2f3f56'],
  ['#cfd8d3', '#5f7f6e', '#8c4f3a'],
  ['#efe6da', '#a68b6d', '#404040'],
];

const made: string[] = [];
// Registered as each journey file imports this: its photos go when the file is done.
afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/**
 * Camera-sized JPEG photos made on the spot (a lit backdrop and an object with a
 * shadow), written to files a file input can take. No binary fixtures in the repo.
 */
export async function photoFiles(
  count: number,
  width = 1600,
  height = 1200,
  variety = 0,
): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-photos-'));
  made.push(dir);
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const [back, thing, accent] = PALETTES[(i + variety) % PALETTES.length]!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><radialGradient id="g" cx="50%" cy="35%" r="75%">
        <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${back}"/></radialGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <ellipse cx="${width / 2}" cy="${height * 0.8}" rx="${width * 0.28}" ry="${height * 0.05}" fill="#000" opacity="0.18"/>
      <rect x="${width * 0.3}" y="${height * 0.3 + i * 20}" width="${width * (0.3 + 0.05 * ((i + variety) % 3))}" height="${height * 0.45}" rx="${20 + 30 * ((i + variety) % 2)}" fill="${thing}"/>
      <circle cx="${width / 2}" cy="${height * 0.28 + i * 20}" r="${height * 0.12}" fill="${accent}"/>
    </svg>`;
    const file = path.join(dir, `photo-${i + 1}.jpg`);
    await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
    files.push(file);
  }
  return files;
}
