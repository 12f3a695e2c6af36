import type { MaterialClass } from '../vocabulary.js';

/** Something about a piece worth a tag, with the sentence of its description that says so. */
export interface Feature {
  tag: string;
  sentence: string;
  /** Only pieces of these materials can have it (only clay is hand-thrown); any when absent. */
  for?: readonly MaterialClass[];
}

const f = (tag: string, sentence: string, only?: readonly MaterialClass[]): Feature => ({
  tag,
  sentence,
  ...(only ? { for: only } : {}),
});
const WOODEN: MaterialClass[] = ['wood', 'painted', 'gilt'];
const CLAY: MaterialClass[] = ['clay'];

export const FEATURES = {
  restored: f('Restored', 'Restored by hand, carefully and sympathetically.'),
  originalFinish: f('Original finish', 'The original finish is kept, with a warm patina.', [
    'wood',
    'gilt',
    'metal',
  ]),
  originalPaint: f('Original paint', 'In its original paint, worn softly at the edges.', [
    'painted',
  ]),
  reupholstered: f('Reupholstered', 'Newly reupholstered on a sound, tight frame.'),
  rewired: f('Rewired', 'Rewired with a new fabric cord and plug, and tested safe.'),
  dimmable: f('Dimmable', 'Takes a dimmable bulb.'),
  workingOrder: f('Working order', 'In working order: the movement runs and keeps good time.'),
  keyWound: f('Key-wound', 'Key-wound; the key comes with it.'),
  chiming: f('Chiming', 'Chiming: it strikes the hours on a gong.'),
  battery: f('Battery movement', 'Fitted with a quiet battery movement.'),
  handThrown: f(
    'Hand-thrown',
    'Hand-thrown on the wheel; the maker’s ridges show under the glaze.',
    CLAY,
  ),
  handBlown: f('Hand-blown', 'Hand-blown, with a polished pontil mark underneath.', ['glass']),
  handWoven: f('Hand-woven', 'Hand-woven; the edges are tight and even.', ['fabric', 'fibre']),
  handCarved: f('Hand-carved', 'Hand-carved; the tool marks are part of its charm.', WOODEN),
  handPainted: f('Hand-painted', 'Hand-painted, each brushstroke visible.', CLAY),
  handmade: f('Handmade', 'Handmade in a small workshop.'),
  signed: f('Signed', 'Signed by the maker.'),
  makersMark: f('Maker’s mark', 'Stamped underneath with the maker’s mark.'),
  dovetailed: f('Dovetailed', 'The drawers are dovetailed and run smoothly.', WOODEN),
  inlaid: f('Inlaid', 'Inlaid with a fine line of contrasting wood.', ['wood']),
  solidWood: f('Solid wood', 'Solid wood throughout, no veneer.', ['wood']),
  veneered: f('Book-matched veneer', 'Book-matched veneer across the front.', ['wood']),
  extendable: f('Extendable', 'Extendable with one leaf to seat eight.', WOODEN),
  stackable: f('Stackable', 'Stackable with others of its kind.'),
  adjustable: f('Adjustable', 'Adjustable: the arm and the shade turn to any angle.'),
  swivel: f('Swivel', 'Swivels, rises and rolls smoothly on its castors.'),
  lockable: f('Lockable', 'Lockable, and the key is included.'),
  patina: f('Patina', 'A lovely patina from decades of use.', ['wood', 'metal', 'stone']),
  polished: f('Polished', 'Cleaned and polished to a soft shine.', [
    'metal',
    'stone',
    'glass',
    'clay',
    'wood',
  ]),
  distressed: f('Distressed', 'Distressed: worn paint and the honest knocks of a working life.', [
    'painted',
    'wood',
  ]),
  reclaimed: f('Reclaimed', 'Made from reclaimed timber.', ['wood']),
  crackleGlaze: f('Crackle glaze', 'A fine crackle glaze runs all over it.', CLAY),
  studioPottery: f('Studio pottery', 'From a small studio pottery.', CLAY),
  gilded: f('Gilded', 'Gilded, lightly rubbed to the gesso in places.', ['gilt']),
  bevelled: f('Bevelled glass', 'Bevelled glass, clear, with little foxing.'),
  fringed: f('Fringed', 'Fringed with knotted ends.'),
  lined: f('Lined', 'Lined in cotton, with sturdy handles.', ['fibre']),
  frostProof: f('Frost-proof', 'Frost-proof, with a drainage hole.', ['clay', 'stone', 'metal']),
  weathered: f('Weathered', 'Weathered outdoors to a soft grey.', [
    'wood',
    'painted',
    'stone',
    'metal',
  ]),
  oilOnCanvas: f('Oil on canvas', 'Oil on canvas, in its original frame.'),
  limitedEdition: f('Limited edition', 'Numbered, from a limited edition.'),
  underGlass: f('Under glass', 'Framed under glass, ready to hang.'),
  everydayUse: f('Everyday use', 'Sound enough for everyday use.', [
    'clay',
    'glass',
    'wood',
    'metal',
  ]),
  largeSize: f('Large', 'Large and generously proportioned.'),
  compact: f('Compact', 'Compact enough for a small flat.'),
  // Details the photos show.
  ladderBack: f('Ladder back', 'A ladder back of three rails over a drop-in seat.'),
  spindleBack: f('Spindle back', 'A spindle back under a shaped top rail.'),
  curvedBack: f('Curved back', 'A curved back rest and a padded seat.'),
  rockers: f('Rocking', 'Rocking gently on bentwood rockers.'),
  taperedLegs: f('Tapered legs', 'Raised on tapered legs.'),
  turnedLegs: f('Turned legs', 'Raised on turned legs.'),
  hairpinLegs: f('Hairpin legs', 'On black steel hairpin legs.'),
  trestleBase: f('Trestle base', 'On a sturdy trestle base with a stretcher.'),
  pedestalBase: f('Pedestal base', 'On a turned pedestal base.'),
  tripodBase: f('Tripod base', 'On a tripod base of three splayed legs.'),
  glazedDoors: f('Glazed doors', 'Glazed doors with the original glass.'),
  brassHandles: f('Brass handles', 'The original brass handles.'),
  buttoned: f('Buttoned', 'A buttoned top.'),
  lowerShelf: f('Lower shelf', 'A lower shelf for books and magazines.'),
  footRest: f('Footrest', 'A ring footrest between the legs.'),
  slattedBack: f('Slatted back', 'A slatted back and seat.'),
  plinth: f('Plinth', 'Stands on a plinth.'),
  empireShade: f('Empire shade', 'Comes with a tapered empire shade.'),
  drumShade: f('Drum shade', 'Comes with a straight drum shade.'),
  pleated: f('Pleated', 'Pleated by hand.'),
  opalGlass: f('Opal glass', 'An opal glass globe that glows evenly.'),
  withFruit: f('Centrepiece', 'A centrepiece for the table (fruit not included).'),
} as const satisfies Record<string, Feature>;
export type FeatureKey = keyof typeof FEATURES;
