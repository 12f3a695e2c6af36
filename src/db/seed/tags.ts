import { FEATURES } from './taxonomy/features.js';
import { DEPARTMENTS } from './taxonomy/index.js';
import { COLOURS, MATERIALS, type MaterialKey, ORIGINS, ROOMS, STYLES } from './vocabulary.js';

/** The materials most pieces are made of, first. */
const COMMON: readonly MaterialKey[] = [
  'teak',
  'oak',
  'walnut',
  'brass',
  'ceramic',
  'glass',
  'stoneware',
  'velvet',
  'linen',
  'wool',
  'leather',
  'pine',
  'marble',
  'rattan',
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Every tag a seeded item can carry, the most useful first, so that a catalogue
 * with few tags (40 by default) has the ones shoppers filter by: groups taken in
 * turn, materials and styles more often than rooms and decades.
 */
export function tagVocabulary(): string[] {
  const kinds = DEPARTMENTS.flatMap((d) => d.categories.flatMap((c) => c.kinds));
  const materials = [...new Set([...COMMON, ...(Object.keys(MATERIALS) as MaterialKey[])])].map(
    (key) => MATERIALS[key],
  );
  const colours = [
    ...new Set(
      [...Object.values(COLOURS), ...materials.flatMap((m) => m.colours ?? [])].map((c) =>
        capitalised(c.name),
      ),
    ),
  ];
  const origins = [...new Set([...ORIGINS, ...kinds.flatMap((k) => k.origins ?? [])])];
  // The decades the styles span, nearest the 1960s first.
  const decades = [
    ...new Set(
      STYLES.filter((s) => s.era !== 'Contemporary').flatMap((s) => {
        const first = Math.floor(s.years[0] / 10) * 10;
        return Array.from({ length: (s.years[1] - first) / 10 + 1 }, (_, i) => first + i * 10);
      }),
    ),
  ]
    // No "1900s": it reads as a century (item-plan.ts gives such years as they are).
    .filter((decade) => decade % 100 !== 0)
    .sort((a, b) => Math.abs(a - 1965) - Math.abs(b - 1965))
    .map((decade) => `${decade}s`);
  const groups: Array<{ names: string[]; perRound: number }> = [
    { names: materials.map((m) => capitalised(m.name)), perRound: 3 },
    { names: STYLES.map((s) => s.name), perRound: 2 },
    { names: origins, perRound: 1 },
    { names: Object.values(FEATURES).map((f) => f.tag), perRound: 2 },
    { names: colours, perRound: 1 },
    { names: [...ROOMS], perRound: 1 },
    { names: decades, perRound: 1 },
  ];
  const out = new Set<string>();
  const next = groups.map(() => 0);
  for (let progress = true; progress; ) {
    progress = false;
    groups.forEach((group, g) => {
      for (let i = 0; i < group.perRound && next[g]! < group.names.length; i++) {
        out.add(group.names[next[g]!++]!);
        progress = true;
      }
    });
  }
  return [...out];
}
