/**
 * Amounts in words, for contracts (issue 31): the Chinese uppercase amount of invoices and contracts
 * (壹仟贰佰捌拾元整: 大写金额 with 拾/佰/仟, 万/亿 sections, 元/角/分, 整 when there are no fen) and English words
 * ("One thousand two hundred eighty yuan"). Amounts are rounded to cents; up to 999 999 999 999.99.
 */

export type WordsLang = 'zh-CN' | 'en-US';

const ZH_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const ZH_UNITS = ['', '拾', '佰', '仟'];
const ZH_SECTIONS = ['', '万', '亿'];

/** One four-digit section (0 < n < 10000), with 零 for inner zeros ("壹仟零伍"). */
function zhSection(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i -= 1) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
    } else {
      if (zero) out += '零';
      zero = false;
      out += ZH_DIGITS[d] + ZH_UNITS[i];
    }
  }
  return out;
}

function zhInteger(n: number): string {
  const parts: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 10000)) parts.push(rest % 10000);
  let out = '';
  let gap = false;
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const sec = parts[i];
    if (sec === 0) {
      if (out) gap = true;
      continue;
    }
    if (out && (gap || sec < 1000)) out += '零';
    gap = false;
    out += zhSection(sec) + ZH_SECTIONS[i];
  }
  return out;
}

const MAX_CENTS = 99_999_999_999_999;

function centsOf(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const cents = Math.round(Math.abs(amount) * 100);
  if (cents > MAX_CENTS) throw new RangeError(`Amount too large: ${amount}`);
  return cents;
}

/** 壹仟贰佰捌拾元整 for 1280; 壹仟贰佰捌拾元零伍分 for 1280.05; 伍角整 for 0.5; 零元整 for 0; 负… below 0. */
export function amountInWordsZh(amount: number): string {
  const cents = centsOf(amount);
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor((cents % 100) / 10);
  const fen = cents % 10;
  let out = yuan > 0 ? `${zhInteger(yuan)}元` : '';
  if (jiao === 0 && fen === 0) out = `${out || '零元'}整`;
  else {
    if (jiao > 0) out += `${ZH_DIGITS[jiao]}角`;
    else if (yuan > 0) out += '零';
    out += fen > 0 ? `${ZH_DIGITS[fen]}分` : '整';
  }
  return cents > 0 && amount < 0 ? `负${out}` : out;
}

const EN_SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion'];

/** 0 < n < 1000 → "two hundred eighty-one". */
function enChunk(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(`${EN_SMALL[hundreds]} hundred`);
  if (rest >= 20) words.push(EN_TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${EN_SMALL[rest % 10]}` : ''));
  else if (rest > 0) words.push(EN_SMALL[rest]);
  return words.join(' ');
}

/** A whole number in English words (lower case): "one thousand two hundred eighty". */
export function numberInWordsEn(n: number): string {
  if (n === 0) return 'zero';
  const words: string[] = [];
  for (let i = 0, rest = n; rest > 0; i += 1, rest = Math.floor(rest / 1000)) {
    const chunk = rest % 1000;
    if (chunk) words.unshift(EN_SCALES[i] ? `${enChunk(chunk)} ${EN_SCALES[i]}` : enChunk(chunk));
  }
  return words.join(' ');
}

/** "One thousand two hundred eighty yuan"; "… yuan and five cents"; "Minus …" below 0. */
export function amountInWordsEn(amount: number): string {
  const cents = centsOf(amount);
  const yuan = Math.floor(cents / 100);
  const rest = cents % 100;
  let out = `${numberInWordsEn(yuan)} yuan`;
  if (rest) out += ` and ${numberInWordsEn(rest)} ${rest === 1 ? 'cent' : 'cents'}`;
  if (cents > 0 && amount < 0) out = `minus ${out}`;
  return out.charAt(0).toUpperCase() + out.slice(1);
}

export function amountInWords(amount: number, lang: WordsLang): string {
  return lang === 'zh-CN' ? amountInWordsZh(amount) : amountInWordsEn(amount);
}
