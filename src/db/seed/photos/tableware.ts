import { type Drawer, extent } from './canvas.js';
import { ellipse, line, path, turned } from './shapes.js';

// Vases, bowls, jugs, teapots, plates, in centimetres.

type Profile = ReadonlyArray<readonly [number, number]>;

const VASES: readonly Profile[] = [
  [
    [0, 5],
    [1, 6],
    [8, 10],
    [16, 9],
    [22, 4.5],
    [26, 3.6],
    [28, 4.4],
  ], // ovoid
  [
    [0, 5],
    [1, 6],
    [10, 7],
    [14, 5],
    [19, 2],
    [27, 1.6],
    [29, 2.2],
  ], // bottle
  [
    [0, 6.5],
    [1, 7],
    [27, 7],
    [28, 7.4],
  ], // cylinder
  [
    [0, 4],
    [1, 5],
    [5, 9],
    [12, 11],
    [20, 8],
    [25, 6.5],
    [28, 8],
  ], // amphora
];

/** A vase: ovoid, bottle, cylinder or amphora; glass shows its water line. */
export const vase: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const profile = VASES[variant % VASES.length]!;
  const parts = [turned(0, profile, look.round, look.rim)];
  if (finish.sheen === 'glass')
    parts.push(ellipse(0, -10, profile[2]![1] * 0.9, 1.4, look.dark, 'fill-opacity="0.35"'));
  const top = profile.at(-1)![0];
  const width = Math.max(...profile.map(([, r]) => r));
  return { svg: parts.join(''), box: extent(-width - 2, width + 2, -top - 2), mount: 'floor' };
};

/** A tall floor vase or an urn with two handles. */
export const floorVase: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const urn = variant % 2 === 1;
  const profile: Profile = urn
    ? [
        [0, 10],
        [3, 10],
        [5, 5],
        [10, 5],
        [16, 14],
        [34, 17],
        [44, 12],
        [48, 15],
      ]
    : [
        [0, 9],
        [2, 10],
        [20, 16],
        [40, 14],
        [56, 7],
        [62, 6],
        [65, 7.5],
      ];
  const parts = [turned(0, profile, look.round, look.rim)];
  if (urn) {
    parts.push(
      path('M-14,-40 C-24,-40 -24,-28 -16,-26', 'none', `stroke="${look.base}" stroke-width="2.4"`),
    );
    parts.push(
      path('M14,-40 C24,-40 24,-28 16,-26', 'none', `stroke="${look.dark}" stroke-width="2.4"`),
    );
  }
  const top = profile.at(-1)![0];
  return { svg: parts.join(''), box: extent(-22, 22, -top - 2), mount: 'floor' };
};

/** A bowl, plain or on a foot; a fruit bowl holds fruit. */
export const bowl: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const footed = variant % 2 === 1;
  const deep = variant % 4 === 2;
  const profile: Profile = footed
    ? [
        [0, 6],
        [1, 6],
        [2, 3],
        [5, 3],
        [7, 8],
        [12, 15],
        [15, 17.5],
      ]
    : deep
      ? [
          [0, 6.5],
          [1, 7.5],
          [6, 12],
          [12, 15],
          [15, 15.5],
        ]
      : [
          [0, 7],
          [1, 8],
          [4, 13],
          [9, 17],
          [11, 17.8],
        ];
  const top = profile.at(-1)!;
  const parts = [turned(0, profile, look.round, look.rim, 0.32)];
  if (variant % 4 === 3) {
    for (const [x, c] of [
      [-7, '#b83a2c'],
      [5, '#d9a532'],
      [-1, '#7a9a3a'],
    ] as const) {
      parts.push(
        ellipse(x, -top[0] - 1.5, 5.2, 5, c),
        ellipse(x - 1.6, -top[0] - 3, 1.6, 1.2, '#ffffff', 'fill-opacity="0.35"'),
      );
    }
  }
  return { svg: parts.join(''), box: extent(-top[1] - 2, top[1] + 2, -top[0] - 8), mount: 'floor' };
};

/** A jug: a bellied body, a lip for pouring, a looped handle. */
export const jug: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const profile: Profile =
    variant % 2
      ? [
          [0, 6],
          [1, 6.5],
          [8, 8],
          [15, 6],
          [19, 5],
          [21, 5.6],
        ]
      : [
          [0, 5.5],
          [1, 6],
          [6, 8.5],
          [12, 8],
          [18, 6],
          [20, 6.2],
        ];
  const top = profile.at(-1)!;
  const hx = profile[2]![1];
  return {
    svg:
      path(
        `M${hx - 1},${-top[0] + 3} C${hx + 9},${-top[0] + 2} ${hx + 8},-7 ${hx - 1.5},-5`,
        'none',
        `stroke="${look.base}" stroke-width="2.2"`,
      ) +
      turned(0, profile, look.round, look.rim) +
      path(
        `M${-top[1] - 0.5},${-top[0] + 0.8} L${-top[1] - 4},${-top[0] - 1.6} L${-top[1] + 2},${-top[0] - 0.6} Z`,
        look.light,
      ),
    box: extent(-top[1] - 6, hx + 9, -top[0] - 3),
    mount: 'floor',
  };
};

/** A teapot: a round body, lid and knob, a curved spout and a handle. */
export const teapot: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const tall = variant % 2 === 1;
  const h = tall ? 17 : 13;
  return {
    svg:
      path(
        `M9,${-h * 0.7} C17,${-h * 0.75} 17,${-h * 0.2} 9,${-h * 0.25}`,
        'none',
        `stroke="${look.base}" stroke-width="2"`,
      ) +
      path(
        `M-8,${-h * 0.35} C-13,${-h * 0.4} -14,${-h * 0.8} -17,${-h * 0.95} L-15.5,${-h} C-12,${-h * 0.85} -11,${-h * 0.6} -8,${-h * 0.6} Z`,
        look.round,
      ) +
      turned(
        0,
        [
          [0, 5.5],
          [1, 7],
          [h * 0.4, 10],
          [h * 0.75, 8],
          [h, 5],
        ],
        look.round,
        look.rim,
      ) +
      turned(
        0,
        [
          [h, 5],
          [h + 1.2, 3.2],
          [h + 1.8, 1.2],
          [h + 2.8, 1.4],
        ],
        look.round,
        null,
      ),
    box: extent(-19, 18, -h - 4),
    mount: 'floor',
  };
};

/** A plate standing on a wire stand: rim, well, and a painted border. */
export const plate: Drawer = (canvas, finish, variant) => {
  const look = canvas.look(finish);
  const paint = ['#2c4f7c', '#7a2e2a', '#50623a'][variant % 3]!;
  const cy = -14;
  const parts = [
    line([-5, 0], [-2, cy + 6], '#3a3a3a', 0.5),
    line([5, 0], [2, cy + 6], '#3a3a3a', 0.5),
    ellipse(0, cy, 13, 13, look.round),
    ellipse(0, cy, 9, 9, look.rim),
    ellipse(0, cy, 11.2, 11.2, 'none', `stroke="${paint}" stroke-width="0.9"`),
    ellipse(0, cy, 5, 5, 'none', `stroke="${paint}" stroke-width="0.5" stroke-dasharray="1.2 1"`),
  ];
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI * 2 * i) / 8;
    parts.push(ellipse(Math.cos(a) * 11.2, cy + Math.sin(a) * 11.2, 1.1, 1.1, paint));
  }
  parts.push(line([-6, 0], [6, 0], '#3a3a3a', 0.6));
  return { svg: parts.join(''), box: extent(-14, 14, -28), mount: 'floor' };
};
