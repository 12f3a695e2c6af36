import { type Canvas, type Drawer, extent } from './canvas.js';
import { ellipse, line, path, polygon, smooth, turned } from './shapes.js';

// Lamps, shades and candle holders, in centimetres. Lamps are photographed lit.

const SHADE_COLOURS = ['#efe4cf', '#e9dcc0', '#dcd3c3', '#e6d2b5'];

/** A lit shade: bright inside at the bottom, a warm halo around. */
function shade(
  canvas: Canvas,
  cx: number,
  bottom: number,
  rb: number,
  rt: number,
  h: number,
  colour: string,
  texture: 'plain' | 'pleats' | 'weave' = 'plain',
): string {
  const look = canvas.look({
    colour,
    sheen: 'matt',
    texture: texture === 'weave' ? 'weave' : undefined,
  });
  const halo = canvas.define(
    (id) =>
      `<radialGradient id="${id}"><stop offset="0" stop-color="#fff3d0" stop-opacity="0.55"/><stop offset="1" stop-color="#fff3d0" stop-opacity="0"/></radialGradient>`,
  );
  const body = turned(
    cx,
    [
      [bottom, rb],
      [bottom + h, rt],
    ],
    look.round,
    look.rim,
  );
  const parts = [ellipse(cx, -bottom - h / 2, rb * 2.1, h * 1.6, `url(#${halo})`), body];
  if (look.texture)
    parts.push(
      turned(
        cx,
        [
          [bottom, rb],
          [bottom + h, rt],
        ],
        look.texture,
        null,
      ),
    );
  if (texture === 'pleats') {
    for (let i = -5; i <= 5; i++) {
      parts.push(
        line(
          [cx + (rb * i) / 6, -bottom],
          [cx + (rt * i) / 6, -bottom - h],
          look.dark,
          0.5,
          'stroke-opacity="0.5"',
        ),
      );
    }
  }
  parts.push(ellipse(cx, -bottom, rb, rb * 0.18, '#fff4d8', 'fill-opacity="0.9"'));
  return parts.join('');
}

const BASES: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [
    [0, 7],
    [2, 8],
    [6, 13],
    [16, 15],
    [26, 12],
    [31, 6],
    [34, 4],
  ], // ginger jar
  [
    [0, 9],
    [3, 9],
    [4, 3.2],
    [30, 3.2],
    [32, 5],
    [34, 2],
  ], // column on a foot
  [
    [0, 6],
    [3, 11],
    [11, 14],
    [19, 11],
    [24, 5],
    [30, 3],
    [34, 2],
  ], // gourd
];

/** A table lamp: a ceramic, brass or wooden base under a lit drum or empire shade. */
export const tableLamp: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const profile = BASES[variant % BASES.length]!;
  const parts = [turned(0, profile, look.round, null), line([0, -34], [0, -40], '#8a7a5a', 1.4)];
  const empire = variant % 2 === 1;
  parts.push(
    shade(
      canvas,
      0,
      38,
      empire ? 22 : 19,
      empire ? 12 : 18,
      24,
      SHADE_COLOURS[variant % SHADE_COLOURS.length]!,
    ),
  );
  return { svg: parts.join(''), box: extent(-24, 24, -64), mount: 'floor' };
};

/** An articulated desk lamp: a weighted base, two arms, a conical shade. */
export const deskLamp: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  const joint = (x: number, y: number) => ellipse(x, y, 1.8, 1.8, look.dark);
  const shadeD = 'M-4,0 L4,0 L14,16 L-14,16 Z';
  return {
    svg: [
      turned(
        0,
        [
          [0, 14],
          [2.5, 14],
          [3.5, 9],
          [5, 3],
        ],
        look.round,
        look.rim,
      ),
      line([0, -5], [-10, -40], look.base, 2.2),
      line([2, -5], [-8, -40], look.dark, 1),
      joint(-10, -40),
      line([-10, -40], [18, -58], look.base, 2.2),
      joint(18, -58),
      `<g transform="translate(18,-58) rotate(-35)"><path d="${shadeD}" fill="${look.round}"/>${ellipse(0, 16, 14, 3.2, '#fff1cf')}</g>`,
    ].join(''),
    box: extent(-18, 36, -64, 2),
    mount: 'floor',
  };
};

/** A floor lamp: a tall stem on a round base or a wooden tripod, a lit shade. */
export const floorLamp: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const parts: string[] = [];
  if (variant % 2) {
    for (const [fx, lift] of [
      [-34, 0],
      [34, 0],
      [8, -10],
    ] as const) {
      parts.push(
        polygon(
          [
            [fx - 1.5, lift],
            [fx + 1.5, lift],
            [1.5, -95],
            [-1.5, -95],
          ],
          look.faces.front,
        ),
      );
    }
    parts.push(line([0, -95], [0, -140], look.dark, 2.5));
  } else {
    parts.push(
      turned(
        0,
        [
          [0, 17],
          [2, 17],
          [3.5, 5],
          [5, 2.2],
        ],
        look.round,
        look.rim,
      ),
    );
    parts.push(`<rect x="-1.6" y="-140" width="3.2" height="136" fill="${look.round}"/>`);
  }
  parts.push(
    shade(
      canvas,
      0,
      135,
      24,
      variant % 2 ? 24 : 16,
      30,
      SHADE_COLOURS[(variant + 1) % SHADE_COLOURS.length]!,
    ),
  );
  return { svg: parts.join(''), box: extent(-44, 44, -168), mount: 'floor' };
};

/** A lampshade on its own, standing on the floor, lit from the bulb holder inside. */
export const lampshade: Drawer = (canvas, finish, variant) => {
  const kinds = ['plain', 'pleats', 'weave'] as const;
  const kind = finish.texture === 'weave' ? 'weave' : kinds[variant % 2]!;
  const empire = variant % 3 === 1;
  return {
    svg: shade(canvas, 0, 0, 30, empire ? 16 : 28, 34, finish.colour, kind),
    box: extent(-32, 32, -38, 2),
    mount: 'floor',
  };
};

/** A pendant: a metal dome, or an opal glass globe, hanging on its cord. */
export const pendantLamp: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  if (variant % 2 === 1 || finish.sheen === 'glass') {
    const glow = canvas.define(
      (id) =>
        `<radialGradient id="${id}" cx="0.4" cy="0.4"><stop offset="0" stop-color="#fffdf5"/><stop offset="0.7" stop-color="${finish.colour}"/><stop offset="1" stop-color="${look.dark}"/></radialGradient>`,
    );
    return {
      svg: `<rect x="-3" y="-48" width="6" height="6" fill="#b8913a"/>${ellipse(0, -22, 21, 21, `url(#${glow})`)}`,
      box: extent(-22, 22, -48, 0),
      mount: 'hanging',
    };
  }
  return {
    svg: [
      `<rect x="-2.5" y="-40" width="5" height="8" fill="${look.dark}"/>`,
      path('M-4,-33 C-14,-30 -28,-16 -30,0 L30,0 C28,-16 14,-30 4,-33 Z', look.round),
      ellipse(0, 0, 30, 5, look.rim),
      ellipse(0, 0, 26, 4, '#fff4d6', 'fill-opacity="0.95"'),
    ].join(''),
    box: extent(-31, 31, -40, 5),
    mount: 'hanging',
  };
};

/** A chandelier: a turned stem, curved arms, candle bulbs. */
export const chandelier: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const arms = variant % 2 ? 3 : 5;
  const parts = [
    turned(
      0,
      [
        [0, 3],
        [4, 7],
        [10, 5],
        [16, 3],
        [24, 5],
        [34, 2],
        [44, 2],
      ],
      look.round,
      null,
    ),
  ];
  const behind: string[] = [];
  const front: string[] = [];
  for (let i = 0; i < arms; i++) {
    const angle = (Math.PI * 2 * i) / arms + 0.3;
    const x = Math.cos(angle) * 34;
    const depth = Math.sin(angle);
    const y = -22 + depth * 5;
    const target = depth < 0 ? behind : front;
    target.push(
      path(
        smooth([
          [0, -12],
          [x * 0.5, -4 + depth * 3],
          [x, y + 6],
          [x, y],
        ]),
        'none',
        `stroke="${look.base}" stroke-width="2"`,
      ),
    );
    target.push(ellipse(x, y, 4.5, 1.4, look.round));
    target.push(
      `<rect x="${(x - 1.3).toFixed(1)}" y="${(y - 9).toFixed(1)}" width="2.6" height="9" fill="#f4efe4"/>`,
    );
    target.push(ellipse(x, y - 11, 1.6, 2.6, '#fff1c8'));
  }
  return {
    svg: [...behind, ...parts, ...front].join(''),
    box: extent(-40, 40, -46, 2),
    mount: 'hanging',
  };
};
