/**
 * Fitting a text into a box (posters, docs/rules.md#posters): the largest font size from `maxSize` down to `minSize`
 * at which the wrapped lines fit the box's width and height; at `minSize` lines that still do not fit are cut and
 * the last one ends with an ellipsis. Text never overflows its box. `measure(text, size)` is the width of a text at a
 * font size (the canvas's `measureText` in the browser; any monotonic function in tests).
 * Wrapping: at spaces for words and anywhere between CJK characters; never inside a word (issue 31: a partner's
 * long English name was split mid-word): a word wider than the box makes the text smaller, and at `minSize` a line
 * still too wide is cut with an ellipsis.
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

/**
 * Wraps the paragraphs of a text at a size. A word wider than the width stays whole on its own line (wider than the
 * box: `fitText` then tries a smaller size) unless `breakWords` (split by characters).
 */
export function wrap(text: string, width: number, size: number, measure: Measure, breakWords = false): string[] {
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
      if (!breakWords || measure(tok.trimEnd(), size) <= width) {
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

/** A line cut to the width with an ellipsis at its end. */
function ellipsize(line: string, size: number, width: number, measure: Measure): string {
  let last = line;
  while (last && measure(`${last}…`, size) > width) last = last.slice(0, -1);
  return `${last.trimEnd()}…`;
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
  const all = wrap(clean, box.width, size, measure);
  // Lines too wide (a long word) are cut with an ellipsis, and so is the last line shown.
  const lines = all.slice(0, maxLines).map((l) => (measure(l, size) <= box.width ? l : ellipsize(l, size, box.width, measure)));
  if (lines.length && !lines[lines.length - 1].endsWith('…')) lines[lines.length - 1] = ellipsize(lines[lines.length - 1], size, box.width, measure);
  // An ellipsis alone wider than the box: drop the line.
  return { size, lines: lines.filter((l) => measure(l, size) <= box.width), lineHeight: size * lh, truncated: true };
}
