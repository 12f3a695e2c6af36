import {
  alarmClock,
  floorMirror,
  framedPicture,
  longcaseClock,
  mantelClock,
  mirror,
  vanityMirror,
  wallClock,
} from '../photos/decor.js';
import { floorVase, vase } from '../photos/tableware.js';
import { type Department, kind, v } from './types.js';

const FRAMES = ['gilt', 'oak', 'walnut', 'ebonised'] as const;
const VASE_CLAYS = ['stoneware', 'ceramic', 'earthenware', 'porcelain'] as const;

export const DECOR: Department = {
  name: 'Decor',
  categories: [
    {
      name: 'Mirrors',
      kinds: [
        kind('Wall mirrors', 'wall mirror', mirror, {
          variants: [
            v(0, 'A round mirror in a broad moulded frame.'),
            v(1, 'A rectangular mirror in a plain moulded frame.', ['bevelled']),
          ],
          materials: ['gilt', 'oak', 'walnut', 'brass', 'mahogany'],
          price: [60, 650],
          size: { w: [45, 80], d: [3, 6], h: [45, 100] },
          features: ['bevelled', 'originalFinish', 'gilded', 'restored'],
          rooms: ['Hallway', 'Living room', 'Bathroom', 'Bedroom'],
        }),
        kind('Overmantel mirrors', 'overmantel mirror', mirror, {
          variants: [v(2, 'An arched mirror to hang over a mantelpiece.', ['bevelled'])],
          materials: ['gilt', 'mahogany', 'walnut'],
          price: [180, 1600],
          size: { w: [70, 120], d: [4, 8], h: [90, 140] },
          features: ['gilded', 'originalFinish', 'restored', 'largeSize'],
          rooms: ['Living room', 'Dining room'],
        }),
        kind('Sunburst mirrors', 'sunburst mirror', mirror, {
          variants: [v(3, 'A small round mirror ringed with long and short rays.')],
          materials: ['gilt', 'brass'],
          price: [120, 950],
          size: { diameter: [60, 90], h: [4, 6] },
          features: ['gilded', 'patina', 'originalFinish'],
          rooms: ['Living room', 'Hallway', 'Bedroom'],
          styles: [
            'Art Deco',
            'Mid-century',
            'Space age',
            'Postmodern',
            'Contemporary',
            'Handmade',
          ],
        }),
        kind('Floor mirrors', 'floor mirror', floorMirror, {
          variants: [v(0, 'A tall mirror to lean against the wall.', ['largeSize'])],
          materials: ['oak', 'walnut', 'brass', 'wroughtIron'],
          price: [120, 900],
          size: { w: [45, 70], d: [3, 5], h: [160, 190] },
          features: ['originalFinish', 'restored'],
          rooms: ['Bedroom', 'Hallway'],
        }),
        kind('Dressing table mirrors', 'dressing table mirror', vanityMirror, {
          variants: [v(0, 'An oval glass swinging between two posts on a small plinth.')],
          materials: ['mahogany', 'walnut', 'oak'],
          price: [70, 480],
          size: { w: [40, 55], d: [18, 24], h: [50, 65] },
          features: ['bevelled', 'restored', 'originalFinish'],
          rooms: ['Bedroom'],
        }),
      ],
    },
    {
      name: 'Clocks',
      kinds: [
        kind('Wall clocks', 'wall clock', wallClock, {
          variants: [v(0, 'A round case around a white dial with bold hour marks.')],
          materials: ['oak', 'walnut', 'teak', 'brass', 'steel'],
          price: [45, 480],
          size: { diameter: [28, 45], h: [5, 8] },
          features: ['workingOrder', 'battery', 'keyWound', 'originalFinish'],
          rooms: ['Kitchen', 'Hallway', 'Office'],
        }),
        kind('Mantel clocks', 'mantel clock', mantelClock, {
          variants: [v(0, 'An arched case on a stepped base, a white dial in a brass bezel.')],
          materials: ['walnut', 'oak', 'mahogany', 'rosewood'],
          price: [70, 850],
          size: { w: [35, 50], d: [10, 15], h: [20, 30] },
          features: ['workingOrder', 'keyWound', 'chiming', 'restored'],
          rooms: ['Living room', 'Study'],
        }),
        kind('Alarm clocks', 'alarm clock', alarmClock, {
          variants: [v(0, 'Twin bells and a hammer over a round dial, on two feet.', ['compact'])],
          materials: ['brass', 'chrome', 'steel', 'copper'],
          price: [20, 150],
          size: { diameter: [10, 16], h: [14, 20] },
          features: ['workingOrder', 'keyWound'],
          rooms: ['Bedroom'],
          styles: [
            'Art Deco',
            'Industrial',
            'Mid-century',
            'Space age',
            'Contemporary',
            'Edwardian',
          ],
        }),
        kind('Longcase clocks', 'longcase clock', longcaseClock, {
          variants: [
            v(0, 'A hood with an arched top over a long trunk door and a plinth.', ['largeSize']),
          ],
          materials: ['oak', 'mahogany', 'walnut'],
          price: [600, 4500],
          size: { w: [45, 55], d: [24, 30], h: [195, 225] },
          features: ['workingOrder', 'keyWound', 'chiming', 'restored'],
          rooms: ['Hallway', 'Living room'],
          styles: ['Victorian', 'Edwardian', 'Arts and Crafts', 'Art Deco'],
        }),
      ],
    },
    {
      name: 'Vases',
      kinds: [
        kind('Flower vases', 'vase', vase, {
          variants: [
            v(0, 'A full ovoid body rising to a short, flared neck.'),
            v(3, 'A shouldered body with a wide, flared mouth.'),
          ],
          materials: [...VASE_CLAYS, 'glass'],
          price: [18, 240],
          size: { diameter: [14, 24], h: [20, 34] },
          features: ['handThrown', 'crackleGlaze', 'studioPottery', 'signed', 'handBlown'],
          rooms: ['Living room', 'Dining room', 'Hallway'],
        }),
        kind('Bottle vases', 'bottle vase', vase, {
          variants: [v(1, 'A round body drawn up into a long, narrow neck.')],
          materials: ['glass', 'ceramic', 'stoneware'],
          price: [15, 180],
          size: { diameter: [10, 16], h: [24, 36] },
          features: ['handBlown', 'handThrown', 'signed'],
          rooms: ['Living room', 'Bedroom'],
        }),
        kind('Cylinder vases', 'cylinder vase', vase, {
          variants: [v(2, 'A straight cylinder with a rolled rim.')],
          materials: ['glass', 'porcelain', 'stoneware', 'ceramic'],
          price: [15, 150],
          size: { diameter: [10, 16], h: [22, 32] },
          features: ['handBlown', 'handThrown', 'makersMark'],
          rooms: ['Living room', 'Kitchen'],
        }),
        kind('Floor vases', 'floor vase', floorVase, {
          variants: [
            v(0, 'A tall, full-bellied vase for branches, standing on the floor.', ['largeSize']),
          ],
          materials: ['stoneware', 'ceramic', 'terracotta'],
          price: [60, 600],
          size: { diameter: [26, 36], h: [55, 75] },
          features: ['handThrown', 'crackleGlaze', 'studioPottery'],
          rooms: ['Living room', 'Hallway'],
        }),
        kind('Urns', 'urn', floorVase, {
          variants: [v(1, 'A classical urn with two handles on a short stem and foot.')],
          materials: ['bronze', 'pewter', 'brass', 'stone'],
          price: [80, 900],
          size: { diameter: [25, 40], h: [40, 60] },
          features: ['patina', 'polished'],
          rooms: ['Living room', 'Hallway', 'Garden'],
        }),
      ],
    },
    {
      name: 'Wall art',
      kinds: [
        kind('Oil paintings', 'landscape painting', framedPicture, {
          variants: [
            v(0, 'Rolling fields under a pale sky, a single tree on the rise.', ['oilOnCanvas']),
          ],
          materials: FRAMES,
          price: [120, 2400],
          size: { w: [50, 80], d: [3, 6], h: [40, 65] },
          features: ['signed', 'oilOnCanvas', 'gilded'],
          rooms: ['Living room', 'Dining room', 'Study'],
          framed: true,
          maker: 'painter',
        }),
        kind('Still lifes', 'still life', framedPicture, {
          variants: [
            v(2, 'A jug and two pieces of fruit on a table, against a dark ground.', [
              'oilOnCanvas',
            ]),
          ],
          materials: FRAMES,
          price: [120, 1800],
          size: { w: [40, 70], d: [3, 6], h: [35, 60] },
          features: ['signed', 'oilOnCanvas'],
          rooms: ['Dining room', 'Kitchen', 'Living room'],
          framed: true,
          maker: 'painter',
        }),
        kind('Abstract paintings', 'abstract painting', framedPicture, {
          variants: [v(3, 'Blocks of red, blue and ochre on a pale ground.')],
          materials: FRAMES,
          price: [90, 1500],
          size: { w: [40, 70], d: [3, 5], h: [50, 80] },
          features: ['signed', 'oilOnCanvas'],
          rooms: ['Living room', 'Office', 'Study'],
          styles: [
            'Bauhaus',
            'Mid-century',
            'Scandinavian',
            'Space age',
            'Postmodern',
            'Contemporary',
            'Minimalist',
          ],
          framed: true,
          maker: 'painter',
        }),
        kind('Prints', 'seascape print', framedPicture, {
          variants: [v(1, 'A sailing boat on a calm sea, in a cream mount.', ['underGlass'])],
          materials: FRAMES,
          price: [35, 320],
          size: { w: [30, 50], d: [2, 4], h: [40, 60] },
          features: ['limitedEdition', 'underGlass', 'signed'],
          rooms: ['Bathroom', 'Hallway', 'Bedroom', 'Study'],
          framed: true,
          maker: 'printmaker',
        }),
      ],
    },
  ],
};
