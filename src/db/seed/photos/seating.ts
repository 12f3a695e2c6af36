import { type Drawer, extent } from './canvas.js';
import type { Look } from './looks.js';
import { at, box, ellipse, line, path, polygon, smooth, softBox } from './shapes.js';

// Chairs, armchairs, stools and benches, in centimetres.

const FABRICS = ['#8a9a7b', '#b5654a', '#4f6272', '#c9a15b', '#7c5a6b', '#d8cfc0'];

/** Four legs of a seat `w` wide and `d` deep, `h` tall, `t` thick; back pair first. */
function legs(w: number, d: number, h: number, t: number, look: Look, splay = 0): [string, string] {
  const leg = (x: number, z: number, lean: number) =>
    polygon(
      [at(x + lean, 0, z), at(x + t + lean, 0, z), at(x + t, h, z), at(x, h, z)],
      look.faces.front,
    ) +
    polygon(
      [at(x + t + lean, 0, z), at(x + t + lean, 0, z + t), at(x + t, h, z + t), at(x + t, h, z)],
      look.faces.side,
    );
  return [
    leg(0, d - t, -splay) + leg(w - t, d - t, splay),
    leg(0, 0, -splay) + leg(w - t, 0, splay),
  ];
}

/** A dining chair: ladder back, spindle back, a curved mid-century back, or on rockers. */
export const chair: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const seatLook = canvas.look({ colour: FABRICS[variant % FABRICS.length]!, sheen: 'matt' });
  const w = 46;
  const d = 44;
  const seatH = 45;
  const backH = variant % 4 === 2 ? 80 : 92;
  const t = 3.4;
  const rockers = variant % 4 === 3;
  const lift = rockers ? 8 : 0;
  const [backLegs, frontLegs] = legs(w, d, seatH + lift, t, wood, variant % 4 === 2 ? 2.5 : 0);
  const parts: string[] = [];
  if (rockers) {
    for (const x of [0, w - t]) {
      const curve = smooth([at(x, 9, -14), at(x, 2, d / 2), at(x, 9, d + 16)]);
      parts.push(
        path(
          `${curve}`,
          'none',
          `stroke="${wood.dark}" stroke-width="${t * 1.1}" stroke-linecap="round"`,
        ),
      );
    }
  }
  parts.push(`<g transform="translate(0,${-lift})">${backLegs}</g>`);
  // The back: posts up from the back legs, and what joins them.
  const z = d - t;
  const y0 = seatH + lift;
  parts.push(
    box(0, y0, z, t, backH - seatH, t, wood.faces),
    box(w - t, y0, z, t, backH - seatH, t, wood.faces),
  );
  const style = variant % 4;
  if (style === 0) {
    for (const rail of [0.35, 0.6, 0.85]) {
      parts.push(box(t, y0 + (backH - seatH) * rail, z, w - 2 * t, 5.5, 2, wood.faces));
    }
  } else if (style === 1 || style === 3) {
    parts.push(box(-1, y0 + backH - seatH - 7, z, w + 2, 7, 3, wood.faces));
    for (let i = 1; i <= 5; i++)
      parts.push(box((w * i) / 6 - 1, y0 + 2, z + 0.5, 2, backH - seatH - 8, 2, wood.faces));
  } else {
    // A curved back rest, wider than the posts.
    const top = y0 + (backH - seatH) * 0.55;
    const rest = `${smooth([at(-3, top, z), at(w / 2, top + 3, z + 1.5), at(w + 3, top, z)])} ${smooth([at(w + 3, top + 16, z), at(w / 2, top + 19, z + 1.5), at(-3, top + 16, z)], 'L')} Z`;
    parts.push(path(rest, wood.faces.front));
    parts.push(path(rest, 'none', `stroke="${wood.dark}" stroke-width="0.8"`));
  }
  // The seat: a frame with an upholstered pad (or a plain board).
  parts.push(box(-0.5, y0 - 6, 0, w + 1, 6, d, wood.faces));
  if (style !== 1) parts.push(box(0.5, y0, 0.5, w - 1, 4, d - 2, seatLook.faces));
  parts.push(`<g transform="translate(0,${-lift})">${frontLegs}</g>`);
  // Stretchers between the legs, low down.
  parts.push(box(t, 14 + lift, 0.5, w - 2 * t, 2.5, 2, wood.faces));
  const reach = rockers ? 16 : 0;
  return {
    svg: parts.join(''),
    box: extent(
      -2 - (rockers ? 14 : 0),
      w + 0.42 * (d + reach) + 4,
      -(backH + lift + 0.28 * d) - 2,
      rockers ? 14 : 2,
    ),
    mount: 'floor',
  };
};

/** An upholstered armchair on short wooden legs; `finish` is the cover. */
export const armchair: Drawer = (canvas, finish, variant) => {
  const cover = canvas.look(finish);
  const wood = canvas.look({ colour: variant % 2 ? '#6b4a33' : '#a86b3c', sheen: 'satin' });
  const w = 82;
  const d = 66;
  const legH = 16;
  const arm = 15;
  const backTop = variant % 3 === 1 ? 104 : 88;
  const armTop = legH + (variant % 3 === 2 ? 40 : 46);
  const soft = (x: number, y: number, z: number, bw: number, bh: number, bd: number, r: number) =>
    softBox(x, y, z, bw, bh, bd, r, cover.faces);
  const leg = (x: number, z: number) =>
    polygon(
      [at(x - 2, 0, z), at(x + 2, 0, z), at(x + 3.5, legH + 2, z), at(x - 3.5, legH + 2, z)],
      wood.faces.front,
    );
  return {
    svg: [
      leg(6, d - 8),
      leg(w - 6, d - 8),
      soft(3, legH, d - 18, w - 6, backTop - legH, 16, 12),
      soft(0, legH, 3, arm, armTop - legH, d - 6, 5),
      soft(arm - 1, legH, 2, w - 2 * arm + 2, 24, d - 20, 4),
      soft(arm - 1, legH + 24, 1, w - 2 * arm + 2, 12, d - 19, 5),
      line(
        at(arm + 2, legH + 23.5, 2),
        at(w - arm - 2, legH + 23.5, 2),
        cover.dark,
        0.9,
        'stroke-opacity="0.7"',
      ),
      soft(w - arm, legH, 3, arm, armTop - legH, d - 6, 5),
      leg(6, 4),
      leg(w - 6, 4),
    ].join(''),
    box: extent(-4, w + 0.42 * d + 4, -(backTop + 0.28 * d) - 4),
    mount: 'floor',
  };
};

/** A stool: a round seat on three or four legs (tall for a bar, low as a footstool). */
export const stool: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const tall = variant % 3 === 0;
  const h = tall ? 75 : variant % 3 === 1 ? 45 : 30;
  const r = tall ? 19 : 17;
  const parts: string[] = [];
  const legAt = (angle: number) => {
    const lx = Math.cos(angle) * r * 0.8;
    const lz = Math.sin(angle) * r * 0.5;
    const foot = at(lx * 1.35, 0, lz);
    const topP = at(lx * 0.85, h - 3, lz);
    return line(foot, topP, angle > Math.PI ? wood.dark : wood.base, 4.2);
  };
  const angles = variant % 2 ? [0.5, 2.6, 4.7] : [0.8, 2.35, 3.9, 5.5];
  for (const a of angles.filter((a) => Math.sin(a) > 0)) parts.push(legAt(a));
  if (tall)
    parts.push(
      ellipse(
        at(0, h * 0.3, 0)[0],
        at(0, h * 0.3, 0)[1],
        r * 0.95,
        r * 0.22,
        'none',
        `stroke="${wood.dark}" stroke-width="2.5"`,
      ),
    );
  for (const a of angles.filter((a) => Math.sin(a) <= 0)) parts.push(legAt(a));
  const [sx, sy] = at(0, h, 0);
  parts.push(
    `<rect x="${sx - r}" y="${sy}" width="${2 * r}" height="4" fill="${wood.faces.side}"/>`,
  );
  parts.push(ellipse(sx, sy, r, r * 0.3, wood.faces.top));
  if (wood.texture) parts.push(ellipse(sx, sy, r, r * 0.3, wood.texture));
  return { svg: parts.join(''), box: extent(-r * 1.3, r * 1.3, -h - 8, 6), mount: 'floor' };
};

/** A bench: a long seat on legs, slatted or solid, sometimes with a back (a garden bench). */
export const bench: Drawer = (canvas, finish, variant) => {
  const wood = canvas.look(finish);
  const w = 130;
  const d = 36;
  const h = 45;
  const parts: string[] = [];
  const [backLegs, frontLegs] = legs(w, d, h - 4, 5, wood, 3);
  parts.push(backLegs);
  if (variant % 2 === 1) {
    parts.push(box(0, h, d - 5, 5, 40, 5, wood.faces), box(w - 5, h, d - 5, 5, 40, 5, wood.faces));
    for (const y of [h + 14, h + 24, h + 34]) parts.push(box(0, y, d - 4, w, 6, 2.5, wood.faces));
  }
  if (variant % 2 === 1) {
    for (let i = 0; i < 4; i++) parts.push(box(-2, h - 4, i * 9, w + 4, 4, 7.5, wood.faces));
  } else {
    parts.push(box(-3, h - 5, 0, w + 6, 5, d, wood.faces));
  }
  parts.push(frontLegs);
  parts.push(box(5, 12, d / 2, w - 10, 3, 3, wood.faces));
  const top = variant % 2 === 1 ? h + 40 : h;
  return {
    svg: parts.join(''),
    box: extent(-8, w + 0.42 * d + 6, -(top + 0.28 * d) - 2),
    mount: 'floor',
  };
};

/** An office chair on a five-star base with castors. */
export const deskChair: Drawer = (canvas, finish, variant) => {
  const cover = canvas.look(finish);
  const metal = canvas.look({ colour: variant % 2 ? '#2f2f31' : '#a9adb2', sheen: 'shiny' });
  const parts: string[] = [];
  for (const a of [0.3, 1.55, 2.8, 4.05, 5.3]) {
    const end = at(Math.cos(a) * 32, 4, Math.sin(a) * 18 + 18);
    parts.push(line(at(0, 8, 18), end, metal.dark, 4.5));
    parts.push(ellipse(end[0], end[1] + 2.5, 3.4, 2.6, '#1f1f20'));
  }
  parts.push(
    `<rect x="${at(0, 45, 18)[0] - 2.5}" y="${at(0, 45, 18)[1]}" width="5" height="37" fill="${metal.round}"/>`,
  );
  parts.push(box(19, 46, 37, 4, 22, 3, metal.faces));
  parts.push(softBox(-2, 62, 36, 48, 42, 7, 12, cover.faces));
  parts.push(softBox(-4, 44, 0, 50, 8, 42, 4, cover.faces));
  return { svg: parts.join(''), box: extent(-36, 72, -118, 6), mount: 'floor' };
};

/** A footstool: an upholstered top, buttoned or plain, on short legs. */
export const footstool: Drawer = (canvas, finish, variant) => {
  const cover = canvas.look(finish);
  const wood = canvas.look({ colour: variant % 2 ? '#3b2a20' : '#a86b3c', sheen: 'satin' });
  const w = 60;
  const d = 42;
  const legH = 12;
  const leg = (x: number, z: number) =>
    polygon(
      [at(x - 2, 0, z), at(x + 2, 0, z), at(x + 3, legH + 2, z), at(x - 3, legH + 2, z)],
      wood.faces.front,
    );
  const parts = [
    leg(5, d - 6),
    leg(w - 5, d - 6),
    softBox(0, legH, 0, w, 24, d, 7, cover.faces),
    leg(5, 3),
    leg(w - 5, 3),
  ];
  if (variant % 2 === 0) {
    for (const [x, z] of [
      [15, 12],
      [30, 12],
      [45, 12],
      [22, 28],
      [38, 28],
    ] as const) {
      const [cx, cy] = at(x, legH + 24, z);
      parts.push(ellipse(cx, cy, 1.6, 0.9, cover.dark));
    }
  }
  return {
    svg: parts.join(''),
    box: extent(-4, w + 0.42 * d + 4, -(legH + 24 + 0.28 * d) - 4),
    mount: 'floor',
  };
};
