import sharp from 'sharp';
import type { Canvas, Drawing } from './canvas.js';
import { tint } from './looks.js';

/**
 * The size of every rendered photo: upright 4:5, the frame the storefront's cards and
 * the item page show (web: `.thumb`, the gallery), wider than the 960 px list size.
 */
export const PHOTO_WIDTH = 1040;
export const PHOTO_HEIGHT = 1300;

/** A seamless paper backdrop: the wall colour, sweeping into the floor colour. */
export interface Backdrop {
  wall: string;
  floor: string;
}

export const BACKDROPS: readonly Backdrop[] = [
  { wall: '#ebe6de', floor: '#ddd5c8' }, // warm white
  { wall: '#dcdfd6', floor: '#cdd1c4' }, // pale sage
  { wall: '#e9dcd3', floor: '#dccbbf' }, // blush
  { wall: '#dfe2e4', floor: '#ced2d4' }, // cool grey
  { wall: '#e6dac6', floor: '#d6c8b0' }, // sand
  { wall: '#c9c3b9', floor: '#b9b1a5' }, // stone, for pale objects
];

/** One photo of an object: how close the camera is and where it looks. */
export interface Shot {
  backdrop: Backdrop;
  /** 1: the whole object fills the frame; more: closer, a detail. */
  zoom: number;
  /** With zoom > 1: the height (0 floor, 1 top) the camera centres on. */
  focus: number;
  /** Sideways shift of the object, in pixels, for a less centred picture. */
  shift: number;
}

const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

/** Where the object goes: scale and the picture position of its origin (its floor centre). */
function placement(drawing: Drawing, shot: Shot) {
  const { left, right, top, bottom } = drawing.box;
  const width = right - left;
  const height = bottom - top;
  const room = drawing.mount === 'flat' ? { w: W * 0.86, h: H * 0.5 } : { w: W * 0.8, h: H * 0.7 };
  const scale = Math.min(room.w / width, room.h / height) * shot.zoom;
  const centreX = W / 2 + shot.shift - ((left + right) / 2) * scale;
  // Standing objects stand on the floor a little below the middle, never lower than
  // near the bottom edge; the rest are centred.
  const baseY =
    drawing.mount === 'floor' || drawing.mount === 'flat'
      ? Math.min(H * 0.88, H * 0.56 + (height * scale) / 2) - bottom * scale
      : H / 2 - ((top + bottom) / 2) * scale;
  if (shot.zoom <= 1) return { scale, x: centreX, y: baseY };
  // Closer: the focus height lands at the middle of the frame.
  const focusY = bottom - (bottom - top) * shot.focus;
  return { scale, x: centreX, y: H / 2 - focusY * scale };
}

function backdropSvg(b: Backdrop, horizon: number, mount: Drawing['mount']): string {
  // The paper curves from wall to floor over a band, not at a line.
  const sweep = mount === 'flat' ? 0.22 : Math.min(0.95, Math.max(0.05, horizon / H));
  return `<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${tint(b.wall, -0.1)}"/>
      <stop offset="${(sweep * 0.85).toFixed(3)}" stop-color="${b.wall}"/>
      <stop offset="${Math.min(0.99, sweep + 0.06).toFixed(3)}" stop-color="${b.floor}"/>
      <stop offset="1" stop-color="${tint(b.floor, 0.12)}"/></linearGradient>
    <radialGradient id="key" cx="0.3" cy="0.25" r="0.75">
      <stop offset="0" stop-color="#fffaf0" stop-opacity="0.55"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx="0.45" cy="0.45" r="0.8">
      <stop offset="0.55" stop-color="#1b1712" stop-opacity="0"/><stop offset="1" stop-color="#1b1712" stop-opacity="0.32"/></radialGradient>
    <filter id="cast" x="-20%" y="-20%" width="140%" height="140%" color-interpolation-filters="sRGB">
      <feFlood flood-color="#2b241c" flood-opacity="0.42"/><feComposite in2="SourceAlpha" operator="in"/><feGaussianBlur stdDeviation="12"/></filter>
    <filter id="contact" x="-20%" y="-100%" width="140%" height="300%"><feGaussianBlur stdDeviation="7"/></filter>`;
}

/** The SVG of one shot: backdrop, shadows, the object, light falloff. */
export function shotSvg(canvas: Canvas, drawing: Drawing, shot: Shot): string {
  const { scale, x, y } = placement(drawing, shot);
  const { left, right, top } = drawing.box;
  const place = `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${scale.toFixed(4)})`;
  const shadows: string[] = [];
  if (drawing.mount === 'floor') {
    // Light from the upper left: the shadow falls back and to the right along the floor.
    shadows.push(
      `<g filter="url(#cast)"><use xlink:href="#object" transform="${place} matrix(1,0,-0.55,0.2,0,0)"/></g>`,
      `<ellipse cx="${(x + ((left + right) / 2) * scale + 14).toFixed(1)}" cy="${(y + 4).toFixed(1)}" rx="${(((right - left) / 2) * scale * 1.02).toFixed(1)}" ry="${(8 + scale * 3).toFixed(1)}" fill="#2b241c" fill-opacity="0.22" filter="url(#contact)"/>`,
    );
  } else if (drawing.mount === 'flat') {
    shadows.push(
      `<g filter="url(#cast)" opacity="0.5"><use xlink:href="#object" transform="translate(10,8) ${place}"/></g>`,
    );
  } else {
    // On or near the wall: a soft drop shadow below and to the right.
    const drop = drawing.mount === 'wall' ? 'translate(14,20)' : 'translate(45,70)';
    const opacity = drawing.mount === 'wall' ? 0.8 : 0.35;
    shadows.push(
      `<g filter="url(#cast)" opacity="${opacity}"><use xlink:href="#object" transform="${drop} ${place}"/></g>`,
    );
  }
  const cord =
    drawing.mount === 'hanging'
      ? `<line x1="${(x + ((left + right) / 2) * scale).toFixed(1)}" y1="0" x2="${(x + ((left + right) / 2) * scale).toFixed(1)}" y2="${(y + top * scale + 2).toFixed(1)}" stroke="#2a2623" stroke-width="${Math.max(3, scale * 4).toFixed(1)}"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>${backdropSvg(shot.backdrop, y, drawing.mount)}${canvas.definitions()}<g id="object">${drawing.svg}</g></defs>
  <rect width="${W}" height="${H}" fill="url(#paper)"/>
  <rect width="${W}" height="${H}" fill="url(#key)"/>
  ${shadows.join('')}${cord}
  <use xlink:href="#object" transform="${place}"/>
  <rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;
}

/** How a shot is turned into a photo; part of a cached photo's key (photo-pool.ts). */
export const RENDERING = {
  width: PHOTO_WIDTH,
  height: PHOTO_HEIGHT,
  grain: 5,
  quality: 86,
  version: 2,
} as const;

let grainLayer: Int8Array | undefined;

/** Film grain, made once: a fixed field of small signed offsets, one per channel of each pixel. */
function grain(): Int8Array {
  if (!grainLayer) {
    grainLayer = new Int8Array(W * H * 3);
    // A small deterministic generator: the same grain on every machine, so cached photos match.
    let state = 0x9e3779b9;
    for (let i = 0; i < grainLayer.length; i++) {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      // The sum of two uniforms: a soft, roughly bell-shaped spread of about ±2 sigma.
      const a = (state & 0xffff) / 0xffff;
      const b = (state >>> 16) / 0xffff;
      grainLayer[i] = Math.round((a + b - 1) * RENDERING.grain * 2);
    }
  }
  return grainLayer;
}

/** The shot as a JPEG, as a camera would have taken it: with grain. */
export async function renderShot(svg: string): Promise<Buffer> {
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const noise = grain();
  // Added in place: a plain loop is cheaper than an image blend over the whole frame.
  for (let i = 0; i < pixels.length; i++) {
    const value = pixels[i]! + noise[i]!;
    pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: RENDERING.quality })
    .toBuffer();
}
