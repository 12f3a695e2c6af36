import { type Drawer, extent } from './canvas.js';
import { tint } from './looks.js';
import { at, ellipse, line, type Point, path, polygon, softBox, turned } from './shapes.js';

// Rugs, cushions, throws, baskets, trays, in centimetres.

/** A rug lying on the floor, seen from a standing height: the far edge narrower. */
function onFloor(w: number, d: number): (u: number, v: number) => Point {
  return (u, v) => {
    const narrow = 1 - 0.28 * v;
    return [(u - 0.5) * w * narrow, -v * d * 0.42];
  };
}

/** A rectangle of the rug between (u0, v0) and (u1, v1). */
function patch(
  p: (u: number, v: number) => Point,
  u0: number,
  v0: number,
  u1: number,
  v1: number,
  fill: string,
) {
  return polygon([p(u0, v0), p(u1, v0), p(u1, v1), p(u0, v1)], fill);
}

/** A rug: a bordered medallion carpet, a striped kilim, or a pale berber with a lattice. */
export const rug: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const w = 160;
  const d = 230;
  const p = onFloor(w, d);
  const accent = tint(finish.colour, finish.colour > '#a' ? -0.45 : 0.55);
  const parts = [patch(p, 0, 0, 1, 1, look.base)];
  const style = variant % 3;
  if (style === 0) {
    parts.push(
      patch(p, 0.04, 0.03, 0.96, 0.97, accent),
      patch(p, 0.09, 0.07, 0.91, 0.93, look.base),
    );
    parts.push(polygon([p(0.5, 0.25), p(0.75, 0.5), p(0.5, 0.75), p(0.25, 0.5)], accent));
    parts.push(polygon([p(0.5, 0.33), p(0.66, 0.5), p(0.5, 0.67), p(0.34, 0.5)], look.light));
  } else if (style === 1) {
    for (let i = 1; i < 12; i += 2)
      parts.push(patch(p, 0, i / 12, 1, (i + 0.6) / 12, i % 4 === 1 ? accent : look.dark));
    for (let i = 0; i < 6; i++)
      parts.push(
        polygon(
          [
            p(0.2 + i * 0.12, 0.45),
            p(0.26 + i * 0.12, 0.5),
            p(0.2 + i * 0.12, 0.55),
            p(0.14 + i * 0.12, 0.5),
          ],
          accent,
        ),
      );
  } else {
    const clip = canvas.define(
      (id) => `<clipPath id="${id}">${patch(p, 0.05, 0.04, 0.95, 0.96, '#000')}</clipPath>`,
    );
    const lattice: string[] = [];
    for (let k = -6; k <= 6; k++) {
      lattice.push(
        line(p(k / 6, 0), p(k / 6 + 1, 1), accent, 1.1),
        line(p(k / 6, 0), p(k / 6 - 1, 1), accent, 1.1),
      );
    }
    parts.push(`<g clip-path="url(#${clip})">${lattice.join('')}</g>`);
  }
  for (let i = 0; i <= 30; i++)
    parts.push(line(p(i / 30, 0), [p(i / 30, 0)[0], 4], '#efe6d6', 0.7));
  if (look.texture) parts.push(patch(p, 0, 0, 1, 1, look.texture));
  return {
    svg: parts.join(''),
    box: extent(-w / 2 - 2, w / 2 + 2, -d * 0.42 - 2, 5),
    mount: 'flat',
  };
};

/** A cushion standing on its edge: plump, its corners pulled out, piped, striped or plain. */
export const cushion: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const s = 46;
  const h = s / 2;
  // Plump sides pulled in between four pointed corners.
  const outline = `M${-h},-1 Q0,3 ${h},-1 Q${h - 5},${-h} ${h},${-s + 1} Q0,${-s + 5} ${-h},${-s + 1} Q${-h + 5},${-h} ${-h},-1 Z`;
  const clip = canvas.define((id) => `<clipPath id="${id}"><path d="${outline}"/></clipPath>`);
  const parts = [path(outline, look.base)];
  if (variant % 2 === 0) {
    const stripes = Array.from({ length: 5 }, (_, i) =>
      path(
        `M${-h},${-s + 9 + i * 8} Q0,${-s + 13 + i * 8} ${h},${-s + 9 + i * 8}`,
        'none',
        `stroke="${look.dark}" stroke-width="2.6" stroke-opacity="0.7"`,
      ),
    ).join('');
    parts.push(`<g clip-path="url(#${clip})">${stripes}</g>`);
  }
  if (look.texture) parts.push(path(outline, look.texture));
  const puff = canvas.define(
    (id) =>
      `<radialGradient id="${id}" cx="0.4" cy="0.38" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.42"/></radialGradient>`,
  );
  parts.push(path(outline, `url(#${puff})`));
  // Creases running in from the corners, and the piping round the edge.
  for (const [x, y, cx, cy] of [
    [-h, -s + 1, -h + 9, -s + 8],
    [h, -s + 1, h - 9, -s + 8],
    [-h, -1, -h + 9, -7],
    [h, -1, h - 9, -7],
  ] as const) {
    parts.push(line([x, y], [cx, cy], look.dark, 0.7, 'stroke-opacity="0.45"'));
  }
  parts.push(path(outline, 'none', `stroke="${look.dark}" stroke-width="1.3"`));
  return { svg: parts.join(''), box: extent(-h - 2, h + 2, -s - 2), mount: 'floor' };
};

/** A throw, folded into a neat stack, fringed at the front. */
export const throwBlanket: Drawer = (canvas, finish, variant) => {
  const look = canvas.look({ ...finish, texture: 'weave' });
  const stripe = tint(finish.colour, -0.35);
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y = i * 5.2;
    const x = (i % 2) * 1.2;
    parts.push(softBox(x, y, 0, 58, 5.6, 34, 2.6, look.faces));
    if (variant % 2) parts.push(line(at(x + 2, y + 2.8, 0), at(x + 56, y + 2.8, 0), stripe, 1.1));
  }
  for (let i = 0; i < 24; i++)
    parts.push(line(at(2 + i * 2.3, 0.5, 0), at(2 + i * 2.3, -2.5, 0), look.light, 0.55));
  return {
    svg: parts.join(''),
    box: extent(-4, 58 + 0.42 * 34 + 4, -(21 + 0.28 * 34) - 4, 4),
    mount: 'floor',
  };
};

/** A woven basket with a handle, or a lidless log basket with two ears. */
export const basket: Drawer = (canvas, finish, variant) => {
  const look = canvas.look({ ...finish, texture: 'weave' });
  const tall = variant % 2 === 1;
  const profile = tall
    ? ([
        [0, 14],
        [1, 15],
        [30, 18],
        [32, 18.5],
      ] as const)
    : ([
        [0, 14],
        [1, 15],
        [14, 20],
        [16, 20.5],
      ] as const);
  const top = profile.at(-1)![0];
  const parts = [
    tall
      ? ''
      : path(
          `M-17,${-top} C-17,${-top - 26} 17,${-top - 26} 17,${-top}`,
          'none',
          `stroke="${look.dark}" stroke-width="2.6"`,
        ),
    turned(0, profile, look.round, look.rim, 0.3),
    turned(0, profile, look.texture ?? 'none', null, 0.3),
  ];
  return { svg: parts.join(''), box: extent(-22, 22, -top - (tall ? 6 : 22)), mount: 'floor' };
};

/** A tray on the floor: a flat rectangle with a low gallery and hand holes. */
export const tray: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  const p = onFloor(60, 80);
  return {
    svg:
      patch(p, 0, 0, 1, 1, look.faces.side) +
      polygon([p(0, 0), p(1, 0), [p(1, 0)[0], 4], [p(0, 0)[0], 4]], look.faces.front) +
      patch(p, 0.04, 0.04, 0.96, 0.96, look.faces.top) +
      (look.texture ? patch(p, 0.04, 0.04, 0.96, 0.96, look.texture) : '') +
      ellipse(p(0.5, 0.02)[0], 0.8, 6, 1.4, look.dark),
    box: extent(-32, 32, -36, 6),
    mount: 'flat',
  };
};

/** A planter with a leafy plant. */
export const planter: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const green = canvas.look({ colour: variant % 2 ? '#4f6b3a' : '#3f5f45', sheen: 'satin' });
  const leaves: string[] = [];
  for (let i = 0; i < 11; i++) {
    const a = -Math.PI / 2 + (i - 5) * 0.24;
    const len = 20 + ((i * 7) % 5) * 2;
    const tip: Point = [Math.cos(a) * len, -24 + Math.sin(a) * len];
    leaves.push(
      path(
        `M0,-24 Q${tip[0] * 0.5 - 4},${(tip[1] - 24) / 2} ${tip[0]},${tip[1]} Q${tip[0] * 0.5 + 4},${(tip[1] - 24) / 2 + 2} 0,-24 Z`,
        i % 2 ? green.base : green.light,
      ),
    );
  }
  return {
    svg:
      leaves.join('') +
      turned(
        0,
        [
          [0, 9],
          [1, 10],
          [20, 13],
          [22, 14],
          [24, 14],
        ],
        look.round,
        look.rim,
      ),
    box: extent(-26, 26, -50),
    mount: 'floor',
  };
};

/** A watering can: a body, a long spout with its rose, a handle over the top. */
export const wateringCan: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  return {
    svg:
      path('M-8,-16 L-28,-30', 'none', `stroke="${look.base}" stroke-width="2.4"`) +
      ellipse(-29, -31, 2.6, 1.8, look.dark) +
      path('M-6,-26 C-4,-38 10,-38 12,-26', 'none', `stroke="${look.base}" stroke-width="2.2"`) +
      turned(
        3,
        [
          [0, 10],
          [1, 10.5],
          [24, 10],
          [25, 9],
        ],
        look.round,
        look.rim,
      ),
    box: extent(-32, 15, -38),
    mount: 'floor',
  };
};

/** A stone garden urn on its pedestal. */
export const gardenUrn: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  return {
    svg:
      turned(
        0,
        [
          [0, 14],
          [6, 14],
          [7, 9],
          [18, 7],
          [20, 11],
          [22, 6],
          [26, 6],
          [32, 16],
          [42, 22],
          [44, 23],
        ],
        look.round,
        look.rim,
      ) + line([-14, -6], [14, -6], look.dark, 0.6),
    box: extent(-25, 25, -48),
    mount: 'floor',
  };
};
