import type { Faces } from './shapes.js';

/** How a surface takes the light: matt wood and cloth, shiny metal and glaze, see-through glass. */
export type Sheen = 'matt' | 'satin' | 'shiny' | 'glass';

/** A material as the camera sees it: its colour and how it shines. */
export interface Finish {
  colour: string;
  sheen: Sheen;
  /** Wood: a grain drawn over large faces. Weave: rattan, wicker, cane, jute. */
  texture?: 'grain' | 'weave' | 'veins';
}

/** The fills a drawing uses for one finish; each is an SVG paint (a colour or `url(#…)`). */
export interface Look {
  faces: Faces;
  /** Round forms lit from the left: a highlight, then falling into shadow on the right. */
  round: string;
  /** The top of an open round form (a rim, a bowl's inside). */
  rim: string;
  /** Flat colour, a little lighter and darker. */
  base: string;
  light: string;
  dark: string;
  /** A texture to lay over large faces (grain, weave, veins), or null. */
  texture: string | null;
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** The colour moved towards white (amount > 0) or black (amount < 0). */
export function tint(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 0xff, value & 0xff];
  const moved = channels.map((c) => clamp(amount > 0 ? c + (255 - c) * amount : c * (1 + amount)));
  return `#${moved.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const stop = (offset: number, colour: string, opacity = 1) =>
  `<stop offset="${offset}" stop-color="${colour}"${opacity < 1 ? ` stop-opacity="${opacity}"` : ''}/>`;

function linear(id: string, stops: string[], vertical = false): string {
  const to = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="0"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${to}>${stops.join('')}</linearGradient>`;
}

/** Contrast of the highlight and the shadow side, by sheen. */
const CONTRAST: Record<Sheen, { high: number; low: number; spec: number }> = {
  matt: { high: 0.12, low: -0.32, spec: 0.16 },
  satin: { high: 0.2, low: -0.4, spec: 0.4 },
  shiny: { high: 0.35, low: -0.55, spec: 0.8 },
  glass: { high: 0.3, low: -0.3, spec: 0.85 },
};

function textureDefs(id: string, finish: Finish): string {
  const dark = tint(finish.colour, -0.45);
  if (finish.texture === 'grain') {
    return `<pattern id="${id}-tex" width="120" height="36" patternUnits="userSpaceOnUse">
      <path d="M0,8 C30,4 60,12 120,7 M0,20 C40,24 80,16 120,21 M0,31 C25,29 70,34 120,30" stroke="${dark}" stroke-opacity="0.22" stroke-width="1.6" fill="none"/></pattern>`;
  }
  if (finish.texture === 'weave') {
    return `<pattern id="${id}-tex" width="4" height="4" patternUnits="userSpaceOnUse">
      <path d="M0,1 H2 M2,3 H4 M1,2 V4 M3,0 V2" stroke="${dark}" stroke-opacity="0.4" stroke-width="0.7"/></pattern>`;
  }
  if (finish.texture === 'veins') {
    return `<pattern id="${id}-tex" width="260" height="200" patternUnits="userSpaceOnUse">
      <path d="M0,40 C60,60 90,20 150,70 S240,120 260,110 M30,200 C70,150 120,170 170,120 S230,60 260,70" stroke="${tint(finish.colour, -0.35)}" stroke-opacity="0.35" stroke-width="2" fill="none"/></pattern>`;
  }
  return '';
}

/** The gradients and patterns of one finish, named after `id`, and the fills that use them. */
export function lookOf(id: string, finish: Finish): { defs: string; look: Look } {
  const c = finish.colour;
  const k = CONTRAST[finish.sheen];
  const opacity = finish.sheen === 'glass' ? 0.55 : 1;
  const defs = [
    linear(`${id}-front`, [
      stop(0, tint(c, k.high * 0.6), opacity),
      stop(1, tint(c, k.low * 0.35), opacity),
    ]),
    linear(`${id}-top`, [
      stop(0, tint(c, k.high + 0.12), opacity),
      stop(1, tint(c, k.high * 0.5), opacity),
    ]),
    linear(`${id}-side`, [
      stop(0, tint(c, k.low * 0.8), opacity),
      stop(1, tint(c, k.low), opacity),
    ]),
    linear(`${id}-round`, [
      stop(0, tint(c, k.low * 0.5), opacity),
      stop(0.22, tint(c, k.high), opacity),
      stop(0.3, tint(c, k.spec), opacity),
      stop(0.4, tint(c, k.high * 0.5), opacity),
      stop(0.75, tint(c, k.low * 0.6), opacity),
      stop(1, tint(c, k.low), opacity),
    ]),
    linear(`${id}-rim`, [stop(0, tint(c, k.low * 0.9)), stop(1, tint(c, k.low * 0.3))], true),
    textureDefs(id, finish),
  ].join('');
  return {
    defs,
    look: {
      faces: {
        front: `url(#${id}-front)`,
        top: `url(#${id}-top)`,
        side: `url(#${id}-side)`,
        texture: finish.texture ? `url(#${id}-tex)` : null,
        edge: tint(c, k.high + 0.25),
      },
      round: `url(#${id}-round)`,
      rim: `url(#${id}-rim)`,
      base: c,
      light: tint(c, k.high),
      dark: tint(c, k.low),
      texture: finish.texture ? `url(#${id}-tex)` : null,
    },
  };
}
