import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountInWords, amountInWordsEn, amountInWordsZh } from './amountWords';

/** Reads a Chinese uppercase amount back (the test's own parser: 万/亿 sections, 元/角/分). */
function parseZh(words: string): number {
  const negative = words.startsWith('负');
  const s = words.replace(/^负/, '').replace(/整$/, '');
  const digit = (ch: string) => '零壹贰叁肆伍陆柒捌玖'.indexOf(ch);
  const [intPart, decPart] = s.includes('元') ? s.split('元') : ['', s];
  let total = 0;
  let section = 0;
  let num = 0;
  for (const ch of intPart) {
    if (digit(ch) >= 0) num = digit(ch);
    else if (ch === '拾') (section += num * 10), (num = 0);
    else if (ch === '佰') (section += num * 100), (num = 0);
    else if (ch === '仟') (section += num * 1000), (num = 0);
    else if (ch === '万') (total += (section + num) * 10_000), (section = 0), (num = 0);
    else if (ch === '亿') (total = (total + section + num) * 100_000_000), (section = 0), (num = 0);
    else throw new Error(`unexpected ${ch} in ${words}`);
  }
  total += section + num;
  let cents = total * 100;
  const jiao = /(.)角/.exec(decPart);
  const fen = /(.)分/.exec(decPart);
  if (jiao) cents += digit(jiao[1]) * 10;
  if (fen) cents += digit(fen[1]);
  return ((negative ? -1 : 1) * cents) / 100;
}

/** Reads English amount words back (the test's own parser). */
function parseEn(words: string): number {
  const small = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
  const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
  const scales: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
  const num = (text: string) => {
    let total = 0;
    let cur = 0;
    for (const w of text.trim().split(/\s+/).flatMap((x) => x.split('-'))) {
      if (small.includes(w)) cur += small.indexOf(w);
      else if (tens.includes(w)) cur += tens.indexOf(w) * 10;
      else if (w === 'hundred') cur *= 100;
      else if (scales[w]) (total += cur * scales[w]), (cur = 0);
      else throw new Error(`unexpected ${w}`);
    }
    return total + cur;
  };
  const lower = words.toLowerCase();
  const negative = lower.startsWith('minus ');
  const m = /^(?:minus )?(.*) yuan(?: and (.*) cents?)?$/.exec(lower);
  if (!m) throw new Error(`unparsed ${words}`);
  const cents = num(m[1]) * 100 + (m[2] ? num(m[2]) : 0);
  return ((negative ? -1 : 1) * cents) / 100;
}

describe('amount in words (contracts, issue 31)', () => {
  it('writes Chinese uppercase amounts', () => {
    expect(amountInWordsZh(1280)).toBe('壹仟贰佰捌拾元整');
    expect(amountInWordsZh(2880)).toBe('贰仟捌佰捌拾元整');
    expect(amountInWordsZh(1005.5)).toBe('壹仟零伍元伍角整');
    expect(amountInWordsZh(1280.05)).toBe('壹仟贰佰捌拾元零伍分');
    expect(amountInWordsZh(10)).toBe('壹拾元整');
    expect(amountInWordsZh(100_000)).toBe('壹拾万元整');
    expect(amountInWordsZh(1_000_100)).toBe('壹佰万零壹佰元整');
    expect(amountInWordsZh(100_000_005)).toBe('壹亿零伍元整');
    expect(amountInWordsZh(0)).toBe('零元整');
    expect(amountInWordsZh(0.05)).toBe('伍分');
    expect(amountInWordsZh(-12)).toBe('负壹拾贰元整');
  });

  it('writes English words', () => {
    expect(amountInWordsEn(1280)).toBe('One thousand two hundred eighty yuan');
    expect(amountInWordsEn(2880.5)).toBe('Two thousand eight hundred eighty yuan and fifty cents');
    expect(amountInWordsEn(0.01)).toBe('Zero yuan and one cent');
    expect(amountInWordsEn(1_000_021)).toBe('One million twenty-one yuan');
    expect(amountInWords(1280, 'zh-CN')).toBe('壹仟贰佰捌拾元整');
    expect(amountInWords(1280, 'en-US')).toBe(amountInWordsEn(1280));
  });

  it('rounds to cents and refuses what is not an amount', () => {
    expect(amountInWordsZh(12.345)).toBe(amountInWordsZh(12.35));
    expect(() => amountInWordsZh(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWordsEn(1e13)).toThrow(RangeError);
  });

  it('property: both languages read back to the same amount (round trip), Chinese uses no Arabic digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }), (cents) => {
        const amount = cents / 100;
        const zh = amountInWordsZh(amount);
        expect(zh).not.toMatch(/[0-9]/);
        expect(zh).not.toMatch(/零零/);
        expect(parseZh(zh)).toBe(amount === 0 ? 0 : amount);
        expect(parseEn(amountInWordsEn(amount))).toBe(amount === 0 ? 0 : amount);
      }),
      { numRuns: 2000 },
    );
  });
});
