import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contrastRatio, relativeLuminance, whiteTextContrast, whiteTextPassesAA } from './contrast';

const hex = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`);

describe('contrast', () => {
  it('known values: black on white is 21, same colours 1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 6);
    // WebAIM reference: #767676 on white is 4.54:1 (AA), #777777 4.47:1 (fails)
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(whiteTextPassesAA('#767676')).toBe(true);
    expect(whiteTextPassesAA('#777777')).toBe(false);
  });

  it('the default #05C7BE (docs/rules.md#constants-and-limits) fails with white text; a dark teal passes', () => {
    expect(whiteTextPassesAA('#05C7BE')).toBe(false);
    expect(whiteTextPassesAA('#00766F')).toBe(true);
    expect(whiteTextContrast('#000000')).toBe(21);
  });

  it('refuses malformed colours', () => {
    expect(whiteTextPassesAA('red')).toBe(false);
    expect(whiteTextPassesAA('#12345')).toBe(false);
  });

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b);
        expect(r).toBeCloseTo(contrastRatio(b, a), 10);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(21.0000001);
      }),
    );
  });

  it('darker colours never have less contrast with white', () => {
    fc.assert(
      fc.property(hex, (a) => {
        const n = a.slice(1);
        const darker = `#${[0, 2, 4].map((i) => Math.floor(parseInt(n.slice(i, i + 2), 16) / 2).toString(16).padStart(2, '0')).join('')}`;
        expect(contrastRatio('#FFFFFF', darker)).toBeGreaterThanOrEqual(contrastRatio('#FFFFFF', a) - 1e-9);
      }),
    );
  });
});
