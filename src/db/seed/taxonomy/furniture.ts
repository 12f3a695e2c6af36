import { armchair, bench, chair, deskChair, footstool, stool } from '../photos/seating.js';
import { bookcase, cabinet, chestOfDrawers, sideboard } from '../photos/storage.js';
import { coffeeTable, desk, diningTable, sideTable } from '../photos/tables.js';
import { type Department, kind, v } from './types.js';

const HARDWOODS = ['teak', 'oak', 'walnut', 'elm', 'cherry', 'mahogany'] as const;
const ROUND_SIDE_TABLE = { diameter: [40, 56], h: [50, 62] } as const;

export const FURNITURE: Department = {
  name: 'Furniture',
  categories: [
    {
      name: 'Chairs',
      kinds: [
        kind('Dining chairs', 'dining chair', chair, {
          variants: [
            v(0, 'A ladder-back chair with a drop-in upholstered seat.', ['ladderBack']),
            v(1, 'A spindle-back chair with a solid saddle seat.', ['spindleBack']),
            v(2, 'A curved back rest over a padded seat, on slightly splayed legs.', [
              'curvedBack',
            ]),
          ],
          materials: ['teak', 'oak', 'beech', 'elm', 'walnut', 'cherry', 'paintedWood'],
          price: [60, 450],
          size: { w: [42, 48], d: [44, 50], h: [78, 94] },
          features: ['restored', 'originalFinish', 'solidWood', 'stackable', 'reupholstered'],
          rooms: ['Dining room', 'Kitchen'],
        }),
        kind('Armchairs', 'armchair', armchair, {
          variants: [
            v(0, 'A deep, square armchair with a loose seat cushion, on tapered legs.', [
              'taperedLegs',
            ]),
            v(1, 'A high-backed reading chair with broad arms and a loose cushion.'),
            v(2, 'A low lounge chair with short arms and a loose cushion.'),
          ],
          materials: ['velvet', 'linen', 'leather', 'boucle', 'wool'],
          price: [250, 1800],
          size: { w: [76, 88], d: [70, 84], h: [84, 104] },
          features: ['reupholstered', 'originalFinish', 'restored', 'largeSize'],
          rooms: ['Living room', 'Bedroom', 'Study'],
        }),
        kind('Rocking chairs', 'rocking chair', chair, {
          variants: [
            v(3, 'A spindle-back rocking chair on long bentwood rockers.', [
              'rockers',
              'spindleBack',
            ]),
          ],
          materials: ['oak', 'beech', 'elm', 'pine', 'cherry'],
          price: [120, 700],
          size: { w: [50, 58], d: [70, 86], h: [96, 108] },
          features: ['restored', 'originalFinish', 'solidWood', 'patina'],
          rooms: ['Living room', 'Nursery', 'Bedroom'],
        }),
        kind('Desk chairs', 'desk chair', deskChair, {
          variants: [
            v(0, 'A swivel desk chair on a polished five-star base with castors.', ['swivel']),
            v(1, 'A swivel desk chair on a black five-star base with castors.', ['swivel']),
          ],
          materials: ['leather', 'wool', 'linen', 'velvet'],
          price: [90, 650],
          size: { w: [52, 62], d: [52, 60], h: [80, 98] },
          features: ['reupholstered', 'adjustable', 'originalFinish'],
          rooms: ['Study', 'Office'],
          styles: [
            'Industrial',
            'Mid-century',
            'Scandinavian',
            'Space age',
            'Postmodern',
            'Contemporary',
            'Minimalist',
          ],
        }),
      ],
    },
    {
      name: 'Tables',
      kinds: [
        kind('Dining tables', 'dining table', diningTable, {
          variants: [
            v(0, 'A plank top over a deep apron, on four tapered legs.', ['taperedLegs']),
            v(1, 'A thick top on a trestle base joined by a long stretcher.', ['trestleBase']),
          ],
          materials: ['oak', 'teak', 'walnut', 'pine', 'elm', 'mahogany', 'cherry'],
          price: [300, 2800],
          size: { w: [150, 220], d: [80, 100], h: [74, 78] },
          features: ['extendable', 'solidWood', 'restored', 'reclaimed', 'originalFinish'],
          rooms: ['Dining room', 'Kitchen'],
        }),
        kind('Side tables', 'side table', sideTable, {
          variants: [
            v(
              0,
              'A round top on a turned pedestal base.',
              ['pedestalBase'],
              undefined,
              ROUND_SIDE_TABLE,
            ),
            v(
              1,
              'A round top on a tripod base of three slender legs.',
              ['tripodBase'],
              undefined,
              ROUND_SIDE_TABLE,
            ),
            v(2, 'A square top on tapered legs, with a lower shelf.', [
              'lowerShelf',
              'taperedLegs',
            ]),
          ],
          materials: [...HARDWOODS, 'bamboo'],
          price: [60, 450],
          size: { w: [40, 55], d: [40, 55], h: [50, 62] },
          features: ['restored', 'originalFinish', 'solidWood', 'compact'],
          rooms: ['Living room', 'Bedroom'],
        }),
        kind('Coffee tables', 'coffee table', coffeeTable, {
          variants: [
            v(0, 'A long, low table on tapered legs, with a lower shelf.', [
              'lowerShelf',
              'taperedLegs',
            ]),
            v(1, 'A slab top on black steel hairpin legs.', ['hairpinLegs']),
          ],
          materials: ['teak', 'oak', 'walnut', 'elm', 'rosewood', 'marble'],
          price: [150, 1200],
          size: { w: [100, 130], d: [50, 70], h: [38, 46] },
          features: ['originalFinish', 'restored', 'veneered', 'solidWood'],
          rooms: ['Living room'],
        }),
        kind('Desks', 'desk', desk, {
          variants: [
            v(0, 'A pedestal of three drawers on the right and a frieze drawer, dark handles.', [
              'dovetailed',
            ]),
            v(1, 'A pedestal of three drawers on the right and a frieze drawer, brass handles.', [
              'dovetailed',
              'brassHandles',
            ]),
          ],
          materials: ['oak', 'teak', 'walnut', 'mahogany', 'pine'],
          price: [250, 1900],
          size: { w: [110, 140], d: [55, 70], h: [74, 78] },
          features: ['lockable', 'restored', 'originalFinish', 'inlaid'],
          rooms: ['Study', 'Office', 'Bedroom'],
        }),
      ],
    },
    {
      name: 'Storage',
      kinds: [
        kind('Cabinets', 'cabinet', cabinet, {
          variants: [
            v(0, 'A pair of panelled doors over tapered legs.', ['taperedLegs']),
            v(1, 'A tall cabinet with glazed doors on a plinth.', ['glazedDoors', 'plinth']),
          ],
          materials: ['teak', 'oak', 'walnut', 'mahogany', 'pine', 'paintedWood'],
          price: [250, 2200],
          size: { w: [75, 100], d: [38, 48], h: [100, 160] },
          features: ['lockable', 'restored', 'originalFinish', 'originalPaint'],
          rooms: ['Living room', 'Dining room', 'Hallway'],
        }),
        kind('Chests of drawers', 'chest of drawers', chestOfDrawers, {
          variants: [
            v(0, 'Three long drawers over two short ones, with bar handles, on a plinth.', [
              'dovetailed',
              'plinth',
            ]),
            v(1, 'Three graduated drawers with round brass handles, on tapered legs.', [
              'brassHandles',
              'taperedLegs',
            ]),
            v(2, 'Three long drawers over two short ones, with dark bar handles.', ['dovetailed']),
          ],
          materials: ['oak', 'teak', 'pine', 'mahogany', 'walnut', 'cherry', 'paintedWood'],
          price: [200, 1800],
          size: { w: [80, 110], d: [42, 52], h: [80, 110] },
          features: ['restored', 'originalFinish', 'solidWood', 'veneered'],
          rooms: ['Bedroom', 'Hallway', 'Living room'],
        }),
        kind('Bookcases', 'bookcase', bookcase, {
          variants: [
            v(0, 'Five open shelves, tall and straight-sided.'),
            v(1, 'A low bookcase of three open shelves.', ['compact']),
          ],
          materials: ['oak', 'pine', 'teak', 'walnut', 'mahogany'],
          price: [150, 1300],
          size: { w: [80, 110], d: [28, 36], h: [110, 190] },
          features: ['solidWood', 'restored', 'originalFinish'],
          rooms: ['Living room', 'Study', 'Office'],
        }),
        kind('Sideboards', 'sideboard', sideboard, {
          variants: [
            v(0, 'Two doors either side of six drawers, on tapered legs.', [
              'taperedLegs',
              'dovetailed',
            ]),
            v(1, 'Two doors either side of six drawers, on a plinth.', ['plinth', 'dovetailed']),
          ],
          materials: ['teak', 'oak', 'walnut', 'rosewood', 'elm'],
          price: [400, 3200],
          size: { w: [160, 210], d: [42, 50], h: [72, 82] },
          features: ['veneered', 'originalFinish', 'restored', 'largeSize'],
          rooms: ['Dining room', 'Living room'],
        }),
      ],
    },
    {
      name: 'Stools & benches',
      kinds: [
        kind('Bar stools', 'bar stool', stool, {
          variants: [
            v(0, 'A tall stool on four splayed legs, with a ring footrest.', ['footRest']),
          ],
          materials: ['oak', 'beech', 'ash', 'steel', 'elm'],
          price: [45, 260],
          size: { diameter: [34, 40], h: [70, 78] },
          features: ['solidWood', 'restored', 'stackable'],
          rooms: ['Kitchen'],
        }),
        kind('Milking stools', 'milking stool', stool, {
          variants: [
            v(1, 'A round seat on a tripod base of splayed legs.', ['tripodBase']),
            v(5, 'A low round seat on a tripod base of splayed legs.', ['tripodBase', 'compact']),
          ],
          materials: ['elm', 'oak', 'pine', 'ash'],
          price: [35, 180],
          size: { diameter: [28, 36], h: [28, 46] },
          features: ['patina', 'handmade', 'solidWood', 'distressed'],
          rooms: ['Kitchen', 'Hallway', 'Nursery'],
        }),
        kind('Footstools', 'footstool', footstool, {
          variants: [
            v(0, 'An upholstered footstool with a buttoned top, on short legs.', ['buttoned']),
            v(1, 'A plain upholstered footstool on short dark legs.'),
          ],
          materials: ['velvet', 'leather', 'linen', 'wool'],
          price: [60, 420],
          size: { w: [50, 70], d: [36, 48], h: [34, 42] },
          features: ['reupholstered', 'compact'],
          rooms: ['Living room', 'Bedroom'],
        }),
        kind('Benches', 'bench', bench, {
          variants: [v(0, 'A long plank seat on splayed legs with a low stretcher.')],
          materials: ['oak', 'pine', 'elm', 'teak'],
          price: [90, 650],
          size: { w: [110, 160], d: [30, 40], h: [44, 48] },
          features: ['solidWood', 'reclaimed', 'patina', 'handmade'],
          rooms: ['Hallway', 'Dining room', 'Kitchen'],
        }),
      ],
    },
  ],
};
