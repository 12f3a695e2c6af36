import { type Drawer, extent } from './canvas.js';
import type { Look } from './looks.js';
import { at, box, ellipse, polygon, turned } from './shapes.js';

// Tables and desks, in centimetres.

/** A table top: a board `t` thick (its grain comes with the look). */
function top(x: number, y: number, z: number, w: number, t: number, d: number, look: Look): string {
  return box(x, y, z, w, t, d, look.faces);
}

/** A tapered square leg from the floor up to `h`. */
function leg(x: number, z: number, h: number, t: number, look: Look): string {
  const taper = t * 0.3;
  return (
    polygon(
      [at(x + taper, 0, z), at(x + t - taper, 0, z), at(x + t, h, z), at(x, h, z)],
      look.faces.front,
    ) +
    polygon(
      [at(x + t - taper, 0, z), at(x + t - taper, 0, z + t), at(x + t, h, z + t), at(x + t, h, z)],
      look.faces.side,
    )
  );
}

/** A table on four legs with an apron; `w`, `d`, `h` its size. */
function fourLegged(
  look: Look,
  w: number,
  d: number,
  h: number,
  legT: number,
  shelf: boolean,
): string {
  const parts = [
    leg(3, d - 3 - legT, h - 4, legT, look),
    leg(w - 3 - legT, d - 3 - legT, h - 4, legT, look),
  ];
  if (shelf) parts.push(top(3, h * 0.25, 3, w - 6, 2.5, d - 6, look));
  parts.push(box(3, h - 12, 3, w - 6, 8, d - 6, look.faces));
  parts.push(leg(3, 3, h - 4, legT, look), leg(w - 3 - legT, 3, h - 4, legT, look));
  parts.push(top(0, h - 4, 0, w, 4, d, look));
  return parts.join('');
}

/** A dining table: four legs, or a trestle base. */
export const diningTable: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const w = 170;
  const d = 90;
  const h = 76;
  if (variant % 2 === 1) {
    const trestle = (x: number) =>
      box(x, 0, 8, 8, 4, d - 16, wood.faces) + box(x + 1, 4, d / 2 - 4, 6, h - 10, 8, wood.faces);
    const svg =
      trestle(20) +
      box(24, 24, d / 2 - 2, w - 48, 6, 4, wood.faces) +
      trestle(w - 28) +
      top(0, h - 5, 0, w, 5, d, wood);
    return { svg, box: extent(-4, w + 0.42 * d + 4, -(h + 0.28 * d) - 4), mount: 'floor' };
  }
  return {
    svg: fourLegged(wood, w, d, h, 7, false),
    box: extent(-4, w + 0.42 * d + 4, -(h + 0.28 * d) - 4),
    mount: 'floor',
  };
};

/** A side table: round on a pedestal or a tripod, or square with a shelf. */
export const sideTable: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const h = 58;
  if (variant % 3 === 2) {
    return {
      svg: fourLegged(wood, 48, 48, h, 4, true),
      box: extent(-4, 72, -(h + 14) - 4),
      mount: 'floor',
    };
  }
  const r = 26;
  const parts: string[] = [];
  if (variant % 3 === 0) {
    parts.push(
      turned(
        0,
        [
          [0, 16],
          [3, 15],
          [6, 5],
          [12, 3.5],
          [40, 3],
          [h - 6, 4.5],
          [h - 3, 8],
        ],
        wood.round,
        null,
      ),
    );
    parts.push(ellipse(0, 0, 16, 3.5, wood.dark));
  } else {
    for (const [fx, lift] of [
      [-24, 0],
      [24, 0],
      [6, -8],
    ] as const) {
      parts.push(
        polygon(
          [
            [fx - 1.8, lift],
            [fx + 1.8, lift],
            [2, -(h - 4)],
            [-2, -(h - 4)],
          ],
          wood.faces.front,
        ),
      );
    }
  }
  parts.push(`<rect x="${-r}" y="${-h}" width="${2 * r}" height="4" fill="${wood.faces.side}"/>`);
  parts.push(ellipse(0, -h, r, r * 0.3, wood.faces.top));
  if (wood.texture) parts.push(ellipse(0, -h, r, r * 0.3, wood.texture));
  return { svg: parts.join(''), box: extent(-r - 4, r + 4, -h - 12, 4), mount: 'floor' };
};

/** A low coffee table, with a shelf below or hairpin legs. */
export const coffeeTable: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const w = 115;
  const d = 60;
  const h = 42;
  if (variant % 2 === 1) {
    const metal = canvas.look({ colour: '#262626', sheen: 'satin' });
    const pin = (x: number, z: number) =>
      polygon(
        [
          at(x - 5, h - 3, z),
          at(x - 4, h - 3, z),
          at(x, 0, z),
          at(x + 1, 0, z),
          at(x + 5, h - 3, z),
          at(x + 4, h - 3, z),
          at(x + 0.5, 2, z),
        ],
        metal.base,
      );
    const svg =
      pin(12, d - 10) +
      pin(w - 12, d - 10) +
      pin(12, 8) +
      pin(w - 12, 8) +
      top(0, h - 3, 0, w, 3.5, d, wood);
    return { svg, box: extent(-4, w + 0.42 * d + 4, -(h + 0.28 * d) - 4), mount: 'floor' };
  }
  return {
    svg: fourLegged(wood, w, d, h, 5, true),
    box: extent(-4, w + 0.42 * d + 4, -(h + 0.28 * d) - 4),
    mount: 'floor',
  };
};

/** A desk: a pedestal of drawers on the right, legs on the left. */
export const desk: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const brass = canvas.look({ colour: variant % 2 ? '#b8913a' : '#2f2b28', sheen: 'shiny' });
  const w = 125;
  const d = 62;
  const h = 76;
  const parts = [leg(3, d - 9, h - 4, 6, wood), leg(3, 3, h - 4, 6, wood)];
  parts.push(box(w - 45, 0, 2, 43, h - 4, d - 4, wood.faces));
  for (let i = 0; i < 3; i++) {
    const y = 4 + i * 23;
    parts.push(box(w - 43, y, 1, 39, 20, 1, wood.faces));
    parts.push(
      ellipse(at(w - 23.5, y + 10, 0)[0], at(w - 23.5, y + 10, 0)[1], 3.5, 1.8, brass.round),
    );
  }
  parts.push(box(9, h - 14, 2, w - 56, 10, 1, wood.faces));
  parts.push(ellipse(at(9 + (w - 56) / 2, h - 9, 0)[0], at(0, h - 9, 0)[1], 3.5, 1.8, brass.round));
  parts.push(top(0, h - 4, 0, w, 4, d, wood));
  return {
    svg: parts.join(''),
    box: extent(-4, w + 0.42 * d + 4, -(h + 0.28 * d) - 4),
    mount: 'floor',
  };
};
