/**
 * Fitting a text into a box (posters, PRODUCT.md §5.12): the largest font size from `maxSize` down to `minSize`
 * at which the wrapped lines fit the box's width and height; at `minSize` lines that still do not fit are cut and
 * the last one ends with an ellipsis. Text never overflows its box. `measure(text, size)` is the width of a text at a
 * font size (the canvas's `measureText` in the browser; any monotonic function in tests).
 * Wrapping: at spaces for words, anywhere between CJK characters, and inside a word that is wider than the box.
 */
export interface FitBox {
  width: number;
  height: number;
}

export interface FitOptions {
  maxSize: number;
  minSize: number;
  /** Line height as a multiple of the font size (default 1.3). */
  lineHeight?: number;
  /** Most lines (default: as many as the height allows). */
  maxLines?: number;
}

export interface FitResult {
  size: number;
  lines: string[];
  lineHeight: number;
  /** True when the text had to be cut at the minimum size. */
  truncated: boolean;
}

export type Measure = (text: string, size: number) => number;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Break opportunities: tokens that may start a new line (words with their following space, single CJK characters). */
function tokens(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (CJK.test(ch)) {
      if (cur) out.push(cur);
      out.push(ch);
      cur = '';
    } else if (ch === ' ') {
      out.push(cur + ch);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** Wraps one paragraph at a size; a token wider than the width is split by characters. */
export function wrap(text: string, width: number, size: number, measure: Measure): string[] {
  const lines: string[] = [];
  const paragraphs = text.split('\n');
  for (const para of paragraphs) {
    let line = '';
    for (const tok of tokens(para)) {
      const next = line + tok;
      if (measure(next.trimEnd(), size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line.trimEnd());
      line = '';
      if (measure(tok.trimEnd(), size) <= width) {
        line = tok;
        continue;
      }
      for (const ch of tok) {
        if (measure(line + ch, size) <= width || line === '') {
          line += ch;
        } else {
          lines.push(line.trimEnd());
          line = ch;
        }
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

export function fitText(text: string, box: FitBox, opts: FitOptions, measure: Measure): FitResult {
  const lh = opts.lineHeight ?? 1.3;
  const clean = text.replace(/\r/g, '').trim();
  for (let size = Math.floor(opts.maxSize); size >= opts.minSize; size -= 1) {
    const lines = wrap(clean, box.width, size, measure);
    const maxLines = Math.min(opts.maxLines ?? Infinity, Math.floor(box.height / (size * lh)));
    if (lines.length <= maxLines && lines.every((l) => measure(l, size) <= box.width)) return { size, lines, lineHeight: size * lh, truncated: false };
  }
  const size = opts.minSize;
  const maxLines = Math.max(0, Math.min(opts.maxLines ?? Infinity, Math.floor(box.height / (size * lh))));
  const lines = wrap(clean, box.width, size, measure).slice(0, maxLines);
  if (lines.length) {
    let last = lines[lines.length - 1];
    while (last && measure(`${last}…`, size) > box.width) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last}…`;
    // An ellipsis alone wider than the box: drop the line.
    if (measure(lines[lines.length - 1], size) > box.width) lines.pop();
  }
  return { size, lines, lineHeight: size * lh, truncated: true };
}
