import { bench } from '../photos/seating.js';
import { bowl, jug, plate, teapot } from '../photos/tableware.js';
import {
  basket,
  cushion,
  gardenUrn,
  planter,
  rug,
  throwBlanket,
  tray,
  wateringCan,
} from '../photos/textiles.js';
import { type Department, kind, v } from './types.js';

export const KITCHEN: Department = {
  name: 'Kitchen & dining',
  categories: [
    {
      name: 'Bowls',
      kinds: [
        kind('Serving bowls', 'serving bowl', bowl, {
          variants: [
            v(0, 'A wide, open bowl on a narrow foot ring.'),
            v(2, 'A deep, open bowl on a narrow foot ring.'),
          ],
          materials: ['stoneware', 'earthenware', 'ceramic', 'teak', 'copper'],
          price: [18, 160],
          size: { diameter: [24, 36], h: [9, 14] },
          features: ['handThrown', 'studioPottery', 'everydayUse', 'handCarved'],
          rooms: ['Kitchen', 'Dining room'],
        }),
        kind('Fruit bowls', 'fruit bowl', bowl, {
          variants: [
            v(3, 'A shallow bowl raised on a stem and foot: a centrepiece for the table.', [
              'withFruit',
            ]),
          ],
          materials: ['ceramic', 'glass', 'silverPlate', 'porcelain'],
          price: [20, 240],
          size: { diameter: [26, 36], h: [12, 18] },
          features: ['polished', 'handBlown', 'makersMark'],
          rooms: ['Kitchen', 'Dining room'],
        }),
      ],
    },
    {
      name: 'Jugs',
      kinds: [
        kind('Water jugs', 'water jug', jug, {
          variants: [v(0, 'A bellied jug with a pinched lip and a looped handle.')],
          materials: ['stoneware', 'earthenware', 'glass', 'pewter', 'copper'],
          price: [18, 160],
          size: { diameter: [12, 18], h: [18, 26] },
          features: ['handThrown', 'everydayUse', 'patina'],
          rooms: ['Kitchen', 'Dining room'],
        }),
        kind('Pitchers', 'pitcher', jug, {
          variants: [v(1, 'A tall pitcher with a pinched lip and a looped handle.')],
          materials: ['ceramic', 'porcelain', 'earthenware'],
          price: [15, 140],
          size: { diameter: [12, 16], h: [20, 28] },
          features: ['handPainted', 'everydayUse', 'makersMark'],
          rooms: ['Kitchen', 'Dining room'],
        }),
      ],
    },
    {
      name: 'Teapots',
      kinds: [
        kind('Teapots', 'teapot', teapot, {
          variants: [
            v(0, 'A round teapot with a curved spout and a lid with a knob.'),
            v(1, 'A tall teapot with a curved spout and a lid with a knob.'),
          ],
          materials: ['porcelain', 'stoneware', 'earthenware', 'silverPlate', 'castIron'],
          price: [20, 240],
          size: { diameter: [18, 26], h: [14, 22] },
          features: ['handThrown', 'everydayUse', 'makersMark', 'handPainted'],
          rooms: ['Kitchen'],
        }),
      ],
    },
    {
      name: 'Plates',
      kinds: [
        kind('Decorative plates', 'plate', plate, {
          variants: [
            v(0, 'A plate with a hand-painted blue border, shown on a wire stand.', [
              'handPainted',
            ]),
            v(1, 'A plate with a hand-painted red border, shown on a wire stand.', ['handPainted']),
            v(2, 'A plate with a hand-painted green border, shown on a wire stand.', [
              'handPainted',
            ]),
          ],
          materials: ['porcelain', 'earthenware'],
          price: [12, 120],
          size: { diameter: [20, 32], h: [2, 4] },
          features: ['makersMark', 'handPainted'],
          rooms: ['Kitchen', 'Dining room'],
        }),
      ],
    },
    {
      name: 'Trays',
      kinds: [
        kind('Serving trays', 'tray', tray, {
          variants: [v(0, 'A rectangular tray with a low gallery and hand holes.')],
          materials: ['teak', 'oak', 'brass', 'silverPlate'],
          price: [20, 180],
          size: { w: [40, 60], d: [28, 40], h: [4, 7] },
          features: ['polished', 'patina', 'handmade'],
          rooms: ['Kitchen', 'Living room'],
        }),
      ],
    },
  ],
};

export const TEXTILES: Department = {
  name: 'Textiles',
  categories: [
    {
      name: 'Rugs',
      kinds: [
        kind('Medallion rugs', 'medallion rug', rug, {
          variants: [v(0, 'A central medallion inside a broad border.', ['fringed'])],
          materials: ['wool', 'silk'],
          price: [180, 2800],
          size: { w: [120, 200], l: [170, 300] },
          features: ['handWoven', 'fringed'],
          rooms: ['Living room', 'Bedroom', 'Dining room'],
          origins: ['Persian', 'Turkish', 'Indian'],
          maker: 'weaver',
        }),
        kind('Kilims', 'kilim', rug, {
          variants: [v(1, 'Bands of stripes and a row of diamonds, flat-woven.', ['fringed'])],
          materials: ['wool', 'cotton'],
          price: [120, 1600],
          size: { w: [100, 180], l: [150, 280] },
          features: ['handWoven', 'fringed'],
          rooms: ['Living room', 'Hallway', 'Bedroom'],
          origins: ['Turkish', 'Persian', 'Moroccan'],
          maker: 'weaver',
        }),
        kind('Berber rugs', 'berber rug', rug, {
          variants: [v(2, 'A deep pile crossed by a lattice of fine lines.', ['fringed'])],
          materials: ['wool', 'jute'],
          price: [150, 1800],
          size: { w: [120, 200], l: [170, 290] },
          features: ['handWoven', 'fringed'],
          rooms: ['Living room', 'Bedroom'],
          origins: ['Moroccan'],
          maker: 'weaver',
        }),
      ],
    },
    {
      name: 'Cushions',
      kinds: [
        kind('Cushions', 'cushion', cushion, {
          variants: [
            v(0, 'A square cushion, woven in stripes, with a feather pad.'),
            v(1, 'A square cushion with a feather pad.'),
          ],
          materials: ['velvet', 'linen', 'cotton', 'wool', 'silk'],
          price: [25, 140],
          size: { w: [40, 55], d: [12, 18], h: [40, 55] },
          features: ['handWoven', 'handmade'],
          rooms: ['Living room', 'Bedroom'],
        }),
      ],
    },
    {
      name: 'Throws',
      kinds: [
        kind('Throws', 'throw', throwBlanket, {
          variants: [
            v(0, 'A soft throw, folded, fringed at both ends.', ['fringed']),
            v(1, 'A striped throw, folded, fringed at both ends.', ['fringed']),
          ],
          materials: ['wool', 'cotton', 'linen'],
          price: [35, 260],
          size: { w: [120, 150], l: [160, 200] },
          features: ['handWoven', 'handmade'],
          rooms: ['Living room', 'Bedroom'],
        }),
      ],
    },
    {
      name: 'Baskets',
      kinds: [
        kind('Baskets', 'basket', basket, {
          variants: [v(0, 'A round basket with a bent handle over the top.')],
          materials: ['wicker', 'rattan', 'seagrass'],
          price: [18, 120],
          size: { diameter: [30, 42], h: [18, 40] },
          features: ['handWoven', 'lined'],
          rooms: ['Kitchen', 'Hallway', 'Bathroom'],
        }),
        kind('Log baskets', 'log basket', basket, {
          variants: [v(1, 'A deep, straight-sided basket for logs or blankets.', ['largeSize'])],
          materials: ['wicker', 'seagrass'],
          price: [30, 160],
          size: { diameter: [38, 50], h: [36, 48] },
          features: ['handWoven', 'lined'],
          rooms: ['Living room'],
        }),
      ],
    },
  ],
};

export const GARDEN: Department = {
  name: 'Garden',
  categories: [
    {
      name: 'Planters',
      kinds: [
        kind('Planters', 'planter', planter, {
          variants: [v(0, 'A tapering pot with a rolled rim, shown planted.', ['frostProof'])],
          materials: ['terracotta', 'stone', 'stoneware', 'zinc'],
          price: [20, 280],
          size: { diameter: [25, 50], h: [22, 45] },
          features: ['frostProof', 'weathered', 'handThrown'],
          rooms: ['Garden', 'Living room'],
        }),
      ],
    },
    {
      name: 'Watering cans',
      kinds: [
        kind('Watering cans', 'watering can', wateringCan, {
          variants: [v(0, 'A long spout with its rose, and a handle over the top.')],
          materials: ['zinc', 'copper', 'brass'],
          price: [20, 120],
          size: { w: [45, 60], d: [16, 22], h: [30, 40] },
          features: ['patina', 'weathered'],
          rooms: ['Garden'],
        }),
      ],
    },
    {
      name: 'Garden benches',
      kinds: [
        kind('Garden benches', 'garden bench', bench, {
          variants: [v(1, 'A slatted back and seat on sturdy legs.', ['slattedBack'])],
          materials: ['teak', 'oak', 'pine', 'paintedWood'],
          price: [150, 1200],
          size: { w: [120, 160], d: [50, 62], h: [80, 92] },
          features: ['weathered', 'solidWood', 'restored'],
          rooms: ['Garden'],
        }),
      ],
    },
    {
      name: 'Garden urns',
      kinds: [
        kind('Garden urns', 'garden urn', gardenUrn, {
          variants: [v(0, 'A wide, shallow urn on a stem and a square foot.')],
          materials: ['stone', 'castIron', 'terracotta'],
          price: [90, 1200],
          size: { diameter: [40, 60], h: [45, 70] },
          features: ['weathered', 'frostProof', 'patina'],
          rooms: ['Garden'],
        }),
      ],
    },
  ],
};
