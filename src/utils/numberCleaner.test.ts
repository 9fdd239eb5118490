// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanNumberInput, parseCleaned } from '@/utils/numberCleaner';

describe('cleanNumberInput (2 decimals)', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['0', '0'],
    ['7', '7'],
    ['007', '7'],
    ['000', '0'],
    ['0000.5', '0.5'],
    ['00.5', '0.5'],
    ['0.5', '0.5'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['..', '0.'],
    ['12.', '12.'],
    ['1.2.3', '1.23'],
    ['1..2', '1.2'],
    ['1.234', '1.23'],
    ['1.999', '1.99'],
    ['10', '10'],
    ['100.00', '100.00'],
    ['0.00', '0.00'],
    ['0.001', '0.00'],
    ['abc', ''],
    ['a1b2c3', '123'],
    ['-5', '5'],
    ['+3.5', '3.5'],
    ['1,234.56', '1234.56'],
    ['1 000', '1000'],
    ['¥12.50', '12.50'],
    ['1e5', '15'],
    ['١٢٣', ''],
    ['１２', ''],
    ['0x1F', '1'],
    ['.0.5', '0.05'],
    ['00', '0'],
    ['0012.340', '12.34'],
    ['3.', '3.'],
    ['12345678901234567890', '12345678901234567890'],
  ];

  it.each(cases)('%j → %j', (raw, expected) => {
    expect(cleanNumberInput(raw)).toBe(expected);
    expect(cleanNumberInput(raw, false)).toBe(expected);
  });
});

describe('cleanNumberInput (1 decimal)', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['0', '0'],
    ['007', '7'],
    ['00.5', '0.5'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['1.2.3', '1.2'],
    ['1.25', '1.2'],
    ['1.99', '1.9'],
    ['2.', '2.'],
    ['0.05', '0.0'],
    ['1.5h', '1.5'],
    ['1,5', '15'],
    ['abc', ''],
    ['-1.5', '1.5'],
    ['00012', '12'],
    ['10.0', '10.0'],
    ['..3', '0.3'],
    ['3 hours', '3'],
    ['0.', '0.'],
    ['000.', '0.'],
    ['12.3.4.5', '12.3'],
    ['0.9', '0.9'],
    ['100', '100'],
    ['9.99', '9.9'],
  ];

  it.each(cases)('%j → %j', (raw, expected) => {
    expect(cleanNumberInput(raw, true)).toBe(expected);
  });
});

describe('cleanNumberInput properties', () => {
  // Strings made mostly of digits, dots and zeros so the interesting branches are hit often.
  const inputArb = fc.oneof(
    fc.string(),
    fc
      .array(fc.constantFrom('0', '0', '1', '5', '9', '.', '.', 'a', '-', ' ', ','), { maxLength: 20 })
      .map((chars) => chars.join('')),
  );

  for (const oneDecimal of [false, true]) {
    const maxDecimals = oneDecimal ? 1 : 2;

    it(`keeps only digits and at most one dot (oneDecimal=${oneDecimal})`, () => {
      fc.assert(
        fc.property(inputArb, (raw) => {
          const out = cleanNumberInput(raw, oneDecimal);
          expect(out).toMatch(/^[0-9]*\.?[0-9]*$/);
          expect(out.split('.').length).toBeLessThanOrEqual(2);
        }),
      );
    });

    it(`keeps at most ${maxDecimals} decimals`, () => {
      fc.assert(
        fc.property(inputArb, (raw) => {
          const out = cleanNumberInput(raw, oneDecimal);
          const dec = out.includes('.') ? out.split('.')[1] : '';
          expect(dec.length).toBeLessThanOrEqual(maxDecimals);
        }),
      );
    });

    it(`never has a leading zero before another digit nor a leading dot (oneDecimal=${oneDecimal})`, () => {
      fc.assert(
        fc.property(inputArb, (raw) => {
          const out = cleanNumberInput(raw, oneDecimal);
          expect(out).not.toMatch(/^0\d/);
          expect(out.startsWith('.')).toBe(false);
        }),
      );
    });

    it(`is idempotent (oneDecimal=${oneDecimal})`, () => {
      fc.assert(
        fc.property(inputArb, (raw) => {
          const once = cleanNumberInput(raw, oneDecimal);
          expect(cleanNumberInput(once, oneDecimal)).toBe(once);
        }),
      );
    });

    it(`keeps the digits in order and drops nothing but what the rules remove (oneDecimal=${oneDecimal})`, () => {
      fc.assert(
        fc.property(inputArb, (raw) => {
          const out = cleanNumberInput(raw, oneDecimal);
          const digitsIn = raw.replace(/[^0-9]/g, '').replace(/^0+/, '');
          const digitsOut = out.replace(/[^0-9]/g, '').replace(/^0+/, '');
          // The output digits (ignoring leading zeros) are a prefix of the input digits: only decimals are cut.
          expect(digitsIn.startsWith(digitsOut)).toBe(true);
        }),
      );
    });

    it(`leaves a well-formed value unchanged (oneDecimal=${oneDecimal})`, () => {
      const wellFormed = fc
        .tuple(fc.nat({ max: 1_000_000 }), fc.option(fc.stringMatching(new RegExp(`^[0-9]{0,${maxDecimals}}$`))))
        .map(([int, dec]) => (dec === null ? String(int) : `${int}.${dec}`));
      fc.assert(
        fc.property(wellFormed, (value) => {
          expect(cleanNumberInput(value, oneDecimal)).toBe(value);
        }),
      );
    });

    it(`parses every non-empty output to a non-negative number (oneDecimal=${oneDecimal})`, () => {
      fc.assert(
        fc.property(inputArb, (raw) => {
          const out = cleanNumberInput(raw, oneDecimal);
          const n = parseCleaned(out);
          if (out === '') expect(n).toBeUndefined();
          else expect(n).toBeGreaterThanOrEqual(0);
        }),
      );
    });
  }
});

describe('parseCleaned', () => {
  it.each<[string, number | undefined]>([
    ['', undefined],
    ['.', undefined],
    ['0', 0],
    ['0.', 0],
    ['0.5', 0.5],
    ['12.', 12],
    ['12.34', 12.34],
    ['.5', 0.5],
    ['007', 7],
    ['abc', undefined],
    ['1.2.3', undefined],
    ['-1', undefined],
    [' 1', undefined],
    ['1e3', undefined],
  ])('%j → %j', (s, expected) => {
    expect(parseCleaned(s)).toBe(expected);
  });

  it('reads back what the cleaner produces', () => {
    expect(parseCleaned(cleanNumberInput('¥1,234.567'))).toBe(1234.56);
    expect(parseCleaned(cleanNumberInput('1.25 h', true))).toBe(1.2);
  });
});
