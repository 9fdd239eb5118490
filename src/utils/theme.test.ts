import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accessibleShades, contrast, PRIMARY_COLOR } from './theme';

describe('accessible shades of the brand colour', () => {
  it('keeps #05C7BE as the fill and gives text shades that pass WCAG AA', () => {
    const s = accessibleShades(PRIMARY_COLOR);
    expect(s.primary).toBe('#05C7BE');
    expect(contrast(PRIMARY_COLOR, '#FFFFFF')).toBeLessThan(2.2);
    for (const c of [s.text, s.hover, s.active]) {
      expect(contrast(c, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c, '#F5F5F5')).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(s.onPrimary, PRIMARY_COLOR)).toBeGreaterThanOrEqual(4.5);
  });

  it('any brand colour gets passing shades', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const c = `#${n.toString(16).padStart(6, '0')}`;
        const s = accessibleShades(c);
        return contrast(s.text, '#FFFFFF') >= 4.5 && contrast(s.onPrimary, c) >= 4.5;
      }),
    );
  });

  it('answers a colour it has computed from memory (the layout asks on every render), with the same shades', () => {
    const first = accessibleShades('#7A3EF0');
    expect(accessibleShades('#7A3EF0')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(accessibleShades('#7a3ef1')).not.toBe(first);
    expect(first.primary).toBe('#7A3EF0');
  });
});
