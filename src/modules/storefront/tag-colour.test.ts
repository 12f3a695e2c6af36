import { describe, expect, it } from 'vitest';
import { TAG_PALETTE, tagColour } from './tag-colour.js';

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

const PINNED = ['#6d28d9', '#6d28d9', '#2f7d6d'];

describe('tag colours', () => {
  it('are the same for the same slug, every time', () => {
    expect(tagColour('teak')).toBe(tagColour('teak'));
    // Pinned: a change of hash or palette would recolour every tag in every shop.
    expect([tagColour('teak'), tagColour('oak'), tagColour('mid-century')]).toEqual(PINNED);
  });

  it('spread over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => tagColour(`tag-${i}`)));
    expect(used.size).toBe(TAG_PALETTE.length);
  });

  it.each([...TAG_PALETTE])('%s keeps white text readable (contrast at least 4.5:1)', (colour) => {
    expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });
});
