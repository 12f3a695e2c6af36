import {
  candelabra,
  candlestick,
  chamberstick,
  hangingLantern,
  lantern,
} from '../photos/candles.js';
import {
  chandelier,
  deskLamp,
  floorLamp,
  lampshade,
  pendantLamp,
  tableLamp,
} from '../photos/lighting.js';
import { stylesSince } from '../vocabulary.js';
import { type Department, kind, v } from './types.js';

/** Electric light: nothing Georgian or Regency. */
const ELECTRIC = stylesSince(1901);

const CANDLE_METALS = ['brass', 'pewter', 'silverPlate', 'bronze', 'copper'] as const;

export const LIGHTING: Department = {
  name: 'Lighting',
  categories: [
    {
      name: 'Lamps',
      kinds: [
        kind('Table lamps', 'table lamp', tableLamp, {
          variants: [
            v(0, 'A ginger-jar base under a straight drum shade.', ['drumShade']),
            v(2, 'A gourd-shaped base under a straight drum shade.', ['drumShade']),
            v(4, 'A slender column base under a straight drum shade.', ['drumShade']),
          ],
          materials: ['ceramic', 'stoneware', 'brass', 'glass', 'porcelain'],
          price: [60, 480],
          size: { diameter: [30, 42], h: [48, 66] },
          features: ['rewired', 'dimmable', 'handThrown', 'makersMark'],
          rooms: ['Living room', 'Bedroom', 'Study'],
          styles: ELECTRIC,
        }),
        kind('Desk lamps', 'desk lamp', deskLamp, {
          variants: [
            v(0, 'An articulated arm on a weighted base, with a conical shade.', ['adjustable']),
          ],
          materials: ['steel', 'chrome', 'brass'],
          price: [70, 550],
          size: { w: [18, 24], d: [18, 24], h: [50, 70] },
          features: ['rewired', 'patina', 'makersMark'],
          rooms: ['Study', 'Office'],
          styles: [
            'Industrial',
            'Bauhaus',
            'Mid-century',
            'Scandinavian',
            'Space age',
            'Contemporary',
            'Minimalist',
          ],
        }),
        kind('Floor lamps', 'floor lamp', floorLamp, {
          variants: [
            v(
              0,
              'A slim stem on a round weighted base, with a tapered empire shade.',
              ['empireShade'],
              ['brass', 'chrome', 'bronze'],
            ),
            v(
              1,
              'A tripod base of splayed legs under a straight drum shade.',
              ['tripodBase', 'drumShade'],
              ['teak', 'oak', 'walnut'],
            ),
          ],
          materials: ['brass', 'chrome', 'bronze', 'teak', 'oak', 'walnut'],
          price: [120, 950],
          size: { diameter: [40, 60], h: [150, 175] },
          features: ['rewired', 'dimmable', 'originalFinish'],
          rooms: ['Living room', 'Bedroom'],
          styles: ELECTRIC,
        }),
        kind('Bedside lamps', 'bedside lamp', tableLamp, {
          variants: [
            v(1, 'A slim column base under a tapered empire shade.', ['empireShade']),
            v(3, 'A ginger-jar base under a tapered empire shade.', ['empireShade']),
            v(5, 'A gourd-shaped base under a tapered empire shade.', ['empireShade']),
          ],
          materials: ['ceramic', 'brass', 'porcelain', 'stoneware'],
          price: [45, 320],
          size: { diameter: [24, 32], h: [36, 48] },
          features: ['rewired', 'dimmable', 'compact'],
          rooms: ['Bedroom'],
          styles: ELECTRIC,
        }),
      ],
    },
    {
      name: 'Ceiling lights',
      kinds: [
        kind('Pendant lamps', 'pendant lamp', pendantLamp, {
          variants: [v(0, 'A deep dome shade, white inside, on a fabric cord.')],
          materials: ['steel', 'copper', 'brass', 'chrome'],
          price: [60, 480],
          size: { diameter: [30, 50], h: [22, 34] },
          features: ['rewired', 'patina', 'dimmable'],
          rooms: ['Kitchen', 'Dining room', 'Hallway'],
          styles: ELECTRIC,
        }),
        kind('Glass pendants', 'globe pendant', pendantLamp, {
          variants: [v(1, 'A glass globe on a brass gallery and a fabric cord.')],
          materials: ['opaline', 'glass'],
          price: [70, 520],
          size: { diameter: [25, 40], h: [30, 45] },
          features: ['rewired', 'handBlown', 'dimmable'],
          rooms: ['Hallway', 'Bathroom', 'Kitchen'],
          styles: ELECTRIC,
        }),
        kind('Chandeliers', 'chandelier', chandelier, {
          variants: [
            v(0, 'Five scrolled arms around a turned stem, with candle bulbs.'),
            v(1, 'Three scrolled arms around a turned stem, with candle bulbs.', ['compact']),
          ],
          materials: ['brass', 'bronze', 'wroughtIron'],
          price: [180, 2400],
          size: { diameter: [50, 80], h: [45, 70] },
          features: ['rewired', 'patina', 'polished'],
          rooms: ['Dining room', 'Living room', 'Bedroom'],
          styles: ELECTRIC,
        }),
        kind('Hanging lanterns', 'hanging lantern', hangingLantern, {
          variants: [v(0, 'A glazed lantern with a pyramid top, hung from its ring.')],
          materials: ['brass', 'copper', 'wroughtIron'],
          price: [90, 650],
          size: { w: [20, 30], d: [20, 30], h: [40, 60] },
          features: ['rewired', 'patina'],
          rooms: ['Hallway', 'Garden'],
        }),
      ],
    },
    {
      name: 'Candle holders',
      kinds: [
        kind('Candlesticks', 'candlestick', candlestick, {
          variants: [
            v(0, 'A tall turned stem with knops, on a wide round foot.'),
            v(1, 'A short turned stem on a wide round foot.', ['compact']),
          ],
          materials: CANDLE_METALS,
          price: [18, 160],
          size: { diameter: [10, 15], h: [18, 30] },
          features: ['polished', 'patina', 'makersMark'],
          rooms: ['Dining room', 'Living room'],
        }),
        kind('Candelabra', 'candelabrum', candelabra, {
          variants: [v(0, 'Two scrolled arms and a central socket on a turned stem.')],
          materials: ['brass', 'silverPlate', 'pewter', 'wroughtIron'],
          price: [45, 480],
          size: { w: [28, 36], d: [12, 16], h: [36, 46] },
          features: ['polished', 'patina', 'makersMark'],
          rooms: ['Dining room'],
        }),
        kind('Chambersticks', 'chamberstick', chamberstick, {
          variants: [
            v(0, 'A saucer with a socket and a ring handle, for carrying a candle to bed.'),
          ],
          materials: ['brass', 'pewter', 'copper'],
          price: [20, 140],
          size: { diameter: [14, 18], h: [6, 9] },
          features: ['polished', 'patina'],
          rooms: ['Bedroom', 'Hallway'],
        }),
        kind('Lanterns', 'lantern', lantern, {
          variants: [
            v(0, 'A glazed lantern with a pyramid top and a carrying ring.'),
            v(1, 'A glazed lantern with a glazing bar, a pyramid top and a carrying ring.'),
          ],
          materials: ['wroughtIron', 'brass', 'copper', 'zinc'],
          price: [30, 220],
          size: { w: [14, 22], d: [14, 22], h: [30, 45] },
          features: ['patina', 'weathered'],
          rooms: ['Garden', 'Hallway', 'Living room'],
        }),
      ],
    },
    {
      name: 'Lampshades',
      kinds: [
        kind('Drum shades', 'drum lampshade', lampshade, {
          variants: [v(0, 'A straight-sided drum, lined in white.')],
          materials: ['linen', 'silk', 'cotton'],
          price: [25, 150],
          size: { diameter: [30, 50], h: [22, 34] },
          features: ['handmade'],
          rooms: ['Living room', 'Bedroom'],
          styles: ELECTRIC,
        }),
        kind('Empire shades', 'empire lampshade', lampshade, {
          variants: [v(4, 'A tapered shade, lined in white.')],
          materials: ['linen', 'silk', 'cotton'],
          price: [25, 150],
          size: { diameter: [30, 45], h: [22, 30] },
          features: ['handmade'],
          rooms: ['Living room', 'Bedroom'],
          styles: ELECTRIC,
        }),
        kind('Pleated shades', 'pleated lampshade', lampshade, {
          variants: [v(3, 'A drum pleated by hand, lined in white.', ['pleated'])],
          materials: ['linen', 'silk', 'cotton'],
          price: [35, 180],
          size: { diameter: [30, 45], h: [22, 30] },
          features: ['handmade'],
          rooms: ['Living room', 'Bedroom'],
          styles: ELECTRIC,
        }),
        kind('Woven shades', 'woven lampshade', lampshade, {
          variants: [v(0, 'A hand-woven drum.', ['handWoven'])],
          materials: ['rattan', 'seagrass', 'jute'],
          price: [30, 160],
          size: { diameter: [30, 50], h: [22, 34] },
          features: ['handmade'],
          rooms: ['Living room', 'Bedroom', 'Nursery'],
          styles: ELECTRIC,
        }),
      ],
    },
  ],
};
