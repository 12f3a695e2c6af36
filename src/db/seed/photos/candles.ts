import { type Drawer, extent } from './canvas.js';
import { at, box, ellipse, line, path, polygon, turned } from './shapes.js';

// Candle holders and lanterns, in centimetres.

/** A candlestick: a turned stem with knops on a wide foot, an unlit candle. */
export const candlestick: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const tall = variant % 2 === 0;
  const h = tall ? 26 : 18;
  const profile: Array<readonly [number, number]> = [
    [0, 7],
    [1, 7],
    [2, 4],
    [3, 1.6],
    [h * 0.35, 1.4],
    [h * 0.4, 2.4],
    [h * 0.45, 1.4],
    [h - 3, 1.3],
    [h - 1.5, 2.6],
    [h, 2.4],
  ];
  return {
    svg:
      turned(0, profile, look.round, look.rim) +
      `<rect x="-1.2" y="${-h - 20}" width="2.4" height="20" fill="#f3eee3"/>` +
      line([0, -h - 20], [0, -h - 21.5], '#3a302a', 0.4),
    box: extent(-8, 8, -h - 22),
    mount: 'floor',
  };
};

/** A candelabrum: two scrolled arms and a central socket on one stem. */
export const candelabra: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  const cup = (x: number, y: number) =>
    ellipse(x, y, 2.6, 0.8, look.round) +
    `<rect x="${x - 1.1}" y="${y - 14}" width="2.2" height="14" fill="#f3eee3"/>`;
  return {
    svg:
      turned(
        0,
        [
          [0, 8],
          [1.2, 8],
          [2.2, 4],
          [3, 1.5],
          [22, 1.3],
          [24, 2.4],
          [25, 2],
        ],
        look.round,
        look.rim,
      ) +
      path(
        `M0,-18 C-4,-18 -13,-20 -13,-27 M0,-18 C4,-18 13,-20 13,-27`,
        'none',
        `stroke="${look.base}" stroke-width="1.6"`,
      ) +
      cup(-13, -27) +
      cup(13, -27) +
      cup(0, -25),
    box: extent(-16, 16, -41),
    mount: 'floor',
  };
};

/** A chamberstick: a saucer with a socket and a ring handle. */
export const chamberstick: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  return {
    svg:
      ellipse(9, -2, 3.2, 3.2, 'none', `stroke="${look.base}" stroke-width="1.2"`) +
      turned(
        0,
        [
          [0, 8],
          [1, 8.5],
          [1.6, 7],
          [2, 2],
          [6, 1.6],
          [7, 2.2],
        ],
        look.round,
        look.rim,
      ) +
      `<rect x="-1.2" y="-19" width="2.4" height="12" fill="#f3eee3"/>`,
    box: extent(-10, 13, -20),
    mount: 'floor',
  };
};

/** A lantern: a square frame with glass panes, a candle glowing inside, a ring on top. */
export const lantern: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const glass = canvas.look({ colour: '#d7dcd2', sheen: 'glass' });
  const w = 16;
  const h = 26;
  const frame = (x: number, z: number, fh: number) => box(x, 2, z, 1.2, fh, 1.2, look.faces);
  const parts = [
    box(-1, 0, -1, w + 2, 2, w + 2, look.faces),
    frame(w - 1, w - 1, h),
    `<rect x="${at(5, 2, 8)[0]}" y="${at(5, 11, 8)[1]}" width="4" height="9" fill="#f3eee3"/>`,
    ellipse(at(7, 14, 8)[0], at(7, 14, 8)[1], 1.5, 2.4, '#ffd98a'),
    polygon([at(0, 2, 0), at(w, 2, 0), at(w, h, 0), at(0, h, 0)], glass.faces.front),
    polygon([at(w, 2, 0), at(w, 2, w), at(w, h, w), at(w, h, 0)], glass.faces.side),
    frame(0, 0, h),
    frame(w - 1, 0, h),
    polygon([at(-1, h, -1), at(w + 1, h, -1), at(w / 2, h + 8, w / 2)], look.faces.front),
    polygon([at(w + 1, h, -1), at(w + 1, h, w + 1), at(w / 2, h + 8, w / 2)], look.faces.side),
  ];
  const [rx, ry] = at(w / 2, h + 11, w / 2);
  parts.push(ellipse(rx, ry, 3.2, 3.2, 'none', `stroke="${look.base}" stroke-width="1.1"`));
  if (variant % 2) parts.push(line(at(0, h * 0.5, 0), at(w, h * 0.5, 0), look.dark, 0.8));
  return {
    svg: parts.join(''),
    box: extent(-3, w + 0.42 * w + 3, -(h + 14 + 0.28 * w)),
    mount: 'floor',
  };
};

/** A hanging lantern: the same lantern on a chain. */
export const hangingLantern: Drawer = (canvas, finish, variant) => {
  const drawing = lantern(canvas, finish, variant);
  return { ...drawing, mount: 'hanging' };
};
