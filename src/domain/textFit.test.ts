import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitText, wrap, type Measure } from './textFit';

/** A fake font: CJK characters are 1 em wide, others 0.55 em. */
const measure: Measure = (text, size) => [...text].reduce((w, ch) => w + (/[\u2e80-\u9fff]/.test(ch) ? 1 : 0.55) * size, 0);

describe('fitting text into a box (docs/rules.md#posters)', () => {
  it('keeps the largest size that fits; shrinks a longer text', () => {
    expect(fitText('星光舞蹈', { width: 400, height: 60 }, { maxSize: 40, minSize: 12 }, measure)).toMatchObject({ size: 40, lines: ['星光舞蹈'], truncated: false });
    const long = fitText('星光舞蹈暑期集训营火热报名中，名额有限，先到先得', { width: 200, height: 60 }, { maxSize: 40, minSize: 10 }, measure);
    expect(long.size).toBeLessThan(40);
    expect(long.truncated).toBe(false);
    expect(long.lines.join('')).toBe('星光舞蹈暑期集训营火热报名中，名额有限，先到先得');
  });

  it('wraps words at spaces and never splits a word (issue 31): a long word makes the text smaller instead', () => {
    expect(wrap('Summer dance camp', 50, 10, measure)).toEqual(['Summer', 'dance', 'camp']);
    expect(wrap('Supercalifragilistic', 40, 10, measure)).toEqual(['Supercalifragilistic']);
    expect(wrap('Supercalifragilistic', 40, 10, measure, true).every((l) => measure(l, 10) <= 40)).toBe(true);
    // A partner's long English name in the co-branded poster's partner box (110 × 60, 22 px down to 10 px).
    const name = 'Greenfield International Bilingual Academy';
    const r = fitText(name, { width: 110, height: 60 }, { maxSize: 22, minSize: 10 }, measure);
    expect(r.truncated).toBe(false);
    expect(r.lines.join(' ')).toBe(name);
    expect(r.lines.flatMap((l) => l.split(' ')).every((w) => name.split(' ').includes(w))).toBe(true);
  });

  it('cuts a word too wide even at the minimum size with an ellipsis, never onto the next line', () => {
    const r = fitText('Pneumonoultramicroscopicsilicovolcanoconiosis', { width: 60, height: 60 }, { maxSize: 20, minSize: 10 }, measure);
    expect(r.truncated).toBe(true);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0].endsWith('…')).toBe(true);
  });

  it('property: latin words are never split across lines', () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,14}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.integer({ min: 40, max: 300 }), fc.integer({ min: 20, max: 200 }), (words, width, height) => {
        const text = words.join(' ');
        const r = fitText(text, { width, height }, { maxSize: 30, minSize: 8 }, measure);
        const whole = new Set(words);
        for (const line of r.lines) for (const w of line.split(' ')) expect(whole.has(w) || w.endsWith('…')).toBe(true);
      }),
    );
  });

  it('cuts with an ellipsis when even the minimum size does not fit', () => {
    const r = fitText('很长'.repeat(200), { width: 100, height: 30 }, { maxSize: 20, minSize: 12 }, measure);
    expect(r.truncated).toBe(true);
    expect(r.lines[r.lines.length - 1].endsWith('…')).toBe(true);
  });

  it('property: lines never exceed the box, in width or in height', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.integer({ min: 20, max: 600 }),
        fc.integer({ min: 10, max: 400 }),
        fc.integer({ min: 8, max: 48 }),
        (text, width, height, maxSize) => {
          const r = fitText(text, { width, height }, { maxSize, minSize: 8 }, measure);
          expect(r.lines.every((l) => measure(l, r.size) <= width + 1e-9)).toBe(true);
          expect(r.lines.length * r.lineHeight).toBeLessThanOrEqual(height + 1e-9);
          expect(r.size).toBeGreaterThanOrEqual(8);
          expect(r.size).toBeLessThanOrEqual(maxSize);
        },
      ),
    );
  });
});
