/**
 * WCAG 2.x contrast (pure): relative luminance and contrast ratio of #rrggbb colours, and the rule of
 * /campus/theme-color: a company colour is accepted only when white text on it reaches AA (4.5:1 for normal text).
 */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const AA_NORMAL_TEXT = 4.5;

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (0 = black, 1 = white) of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOR.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(n.slice(i, i + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, from 1 (same) to 21 (black on white); symmetric. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** Contrast of white text on the colour, rounded down to 2 decimals (what the user is told). */
export function whiteTextContrast(color: string): number {
  return Math.floor(contrastRatio('#FFFFFF', color) * 100) / 100;
}

/** True when white text on the colour passes WCAG AA for normal text. */
export function whiteTextPassesAA(color: string): boolean {
  return HEX_COLOR.test(color) && contrastRatio('#FFFFFF', color) >= AA_NORMAL_TEXT;
}
