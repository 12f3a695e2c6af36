import { type Drawer, extent } from './canvas.js';
import type { Look } from './looks.js';
import { at, box, ellipse, panel, polygon } from './shapes.js';

// Cabinets, chests, bookcases, sideboards, in centimetres.

const SPINES = [
  '#7a2e2a',
  '#2f4858',
  '#c9b68f',
  '#50623a',
  '#a0522d',
  '#1f2f3d',
  '#d8cdb4',
  '#6b3e5e',
  '#8c6d3f',
];

function knob(x: number, y: number, look: Look, r = 2.2): string {
  const [cx, cy] = at(x, y, 0);
  return ellipse(cx + 0.6, cy + 0.8, r, r, look.dark) + ellipse(cx, cy, r, r, look.round);
}

/** A case standing on tapered legs (`legs` > 0) or on a plinth. */
function carcass(look: Look, w: number, h: number, d: number, legs: number): string {
  const parts: string[] = [];
  if (legs > 0) {
    for (const [x, z] of [
      [4, d - 8],
      [w - 8, d - 8],
      [4, 3],
      [w - 8, 3],
    ] as const) {
      parts.push(
        polygon(
          [at(x + 1, 0, z), at(x + 3, 0, z), at(x + 4, legs, z), at(x, legs, z)],
          look.faces.front,
        ),
      );
    }
  } else {
    parts.push(box(2, 0, 2, w - 4, 8, d - 3, look.faces));
  }
  const base = legs > 0 ? legs : 8;
  parts.push(box(0, base, 0, w, h - base, d, look.faces));
  return parts.join('');
}

/** A cabinet: two doors over a drawer, or glazed doors. */
export const cabinet: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const metal = canvas.look({ colour: '#b8913a', sheen: 'shiny' });
  const w = 86;
  const h = variant % 2 ? 150 : 105;
  const d = 42;
  const legs = variant % 2 ? 0 : 18;
  const base = legs || 8;
  const parts = [carcass(wood, w, h, d, legs)];
  const doorH = h - base - 6;
  parts.push(
    panel(3, base + 3, 0, w / 2 - 4, doorH, wood.faces),
    panel(w / 2 + 1, base + 3, 0, w / 2 - 4, doorH, wood.faces),
  );
  if (variant % 2) {
    const glass = canvas.look({ colour: '#9fb3b8', sheen: 'glass' });
    for (const x of [9, w / 2 + 7]) {
      parts.push(
        polygon(
          [
            at(x, base + doorH * 0.45, 0),
            at(x + w / 2 - 16, base + doorH * 0.45, 0),
            at(x + w / 2 - 16, base + doorH - 4, 0),
            at(x, base + doorH - 4, 0),
          ],
          glass.faces.front,
        ),
      );
    }
  }
  parts.push(
    knob(w / 2 - 4, base + doorH / 2, metal, 1.8),
    knob(w / 2 + 4, base + doorH / 2, metal, 1.8),
  );
  return {
    svg: parts.join(''),
    box: extent(-3, w + 0.42 * d + 3, -(h + 0.28 * d) - 3),
    mount: 'floor',
  };
};

/** A chest of drawers: graduated drawers with knobs or handles. */
export const chestOfDrawers: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const metal = canvas.look({ colour: variant % 2 ? '#b8913a' : '#3a302a', sheen: 'shiny' });
  const w = 92;
  const h = 92;
  const d = 46;
  const legs = variant % 3 === 1 ? 16 : 0;
  const base = legs || 8;
  const parts = [carcass(wood, w, h, d, legs)];
  const rows = variant % 3 === 1 ? 3 : 4;
  let y = base + 2;
  const room = h - base - 4;
  for (let i = 0; i < rows; i++) {
    const rowH = (room / rows) * (1.12 - (i / rows) * 0.24) - 1;
    const split = i === rows - 1 && variant % 3 !== 1;
    const spans = split
      ? [
          [3, w / 2 - 4],
          [w / 2 + 1, w / 2 - 4],
        ]
      : [[3, w - 6]];
    for (const [x, sw] of spans) {
      parts.push(panel(x!, y, 0, sw!, rowH - 2, wood.faces));
      if (variant % 2) {
        parts.push(
          knob(x! + sw! * 0.3, y + rowH / 2, metal),
          knob(x! + sw! * 0.7, y + rowH / 2, metal),
        );
      } else {
        parts.push(
          polygon(
            [
              at(x! + sw! / 2 - 6, y + rowH / 2 + 1, 0),
              at(x! + sw! / 2 + 6, y + rowH / 2 + 1, 0),
              at(x! + sw! / 2 + 5, y + rowH / 2 - 1.5, 0),
              at(x! + sw! / 2 - 5, y + rowH / 2 - 1.5, 0),
            ],
            metal.round,
          ),
        );
      }
    }
    y += rowH;
  }
  return {
    svg: parts.join(''),
    box: extent(-3, w + 0.42 * d + 3, -(h + 0.28 * d) - 3),
    mount: 'floor',
  };
};

/** A bookcase: open shelves with books standing and leaning, a vase on one shelf. */
export const bookcase: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const w = 90;
  const h = variant % 2 ? 120 : 180;
  const d = 32;
  const shelves = variant % 2 ? 3 : 5;
  const parts = [box(0, 0, d - 2, w, h, 2, { front: wood.dark, top: wood.dark, side: wood.dark })];
  const gap = (h - 10) / shelves;
  let seed = variant * 7 + 3;
  const next = () => {
    seed = (seed * 9301 + 49297) % 233280;
    return seed / 233280;
  };
  for (let s = 0; s < shelves; s++) {
    const y = 8 + s * gap;
    let x = 3;
    const fill = 0.55 + next() * 0.4;
    while (x < w * fill) {
      const bw = 2.5 + next() * 4;
      const bh = gap * (0.55 + next() * 0.35);
      const colour = SPINES[Math.floor(next() * SPINES.length)]!;
      parts.push(box(x, y + 2, 6, bw, bh, d - 12, { front: colour, top: '#efe8d8', side: colour }));
      x += bw + 0.3;
    }
    if (next() > 0.4 && x + 6 + gap * 0.5 < w - 4) {
      parts.push(
        polygon(
          [
            at(x + 1, y + 2, 8),
            at(x + 6, y + 2, 8),
            at(x + 6 + gap * 0.5, y + gap * 0.55, 8),
            at(x + 1 + gap * 0.5, y + gap * 0.6, 8),
          ],
          SPINES[s % SPINES.length]!,
        ),
      );
    }
    parts.push(box(0, y, 0, w, 2.5, d, wood.faces));
  }
  parts.push(
    box(0, 0, 0, 3, h, d, wood.faces),
    box(w - 3, 0, 0, 3, h, d, wood.faces),
    box(0, h - 3, 0, w, 3, d, wood.faces),
  );
  parts.push(box(3, 0, 0, w - 6, 8, 2, wood.faces));
  return {
    svg: parts.join(''),
    box: extent(-3, w + 0.42 * d + 3, -(h + 0.28 * d) - 3),
    mount: 'floor',
  };
};

/** A long, low sideboard on tapered legs: doors and a row of drawers. */
export const sideboard: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const metal = canvas.look({ colour: '#b8913a', sheen: 'shiny' });
  const w = 180;
  const h = 78;
  const d = 46;
  const legs = variant % 2 ? 0 : 22;
  const base = legs || 8;
  const parts = [carcass(wood, w, h, d, legs)];
  const cols = 4;
  const cw = (w - 6) / cols;
  for (let i = 0; i < cols; i++) {
    const x = 3 + i * cw;
    if (i === 1 || i === 2) {
      const rowH = (h - base - 6) / 3;
      for (let r = 0; r < 3; r++) {
        parts.push(panel(x + 0.5, base + 3 + r * rowH, 0, cw - 1, rowH - 1, wood.faces));
        parts.push(knob(x + cw / 2, base + 3 + r * rowH + rowH / 2, metal, 1.6));
      }
    } else {
      parts.push(panel(x + 0.5, base + 3, 0, cw - 1, h - base - 6, wood.faces));
      parts.push(knob(i === 0 ? x + cw - 5 : x + 5, base + (h - base) / 2, metal, 1.6));
    }
  }
  return {
    svg: parts.join(''),
    box: extent(-3, w + 0.42 * d + 3, -(h + 0.28 * d) - 3),
    mount: 'floor',
  };
};
