/** docs/rules.md#constants-and-limits: primary colour, light theme, side layout, fluid content width. */
export const PRIMARY_COLOR = '#05C7BE';

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const hex2 = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');

/** The colour scaled towards black until it reaches `ratio` against `against` (the darkest shade that still does). */
export function darkenTo(color: string, against: string, ratio: number): string {
  const n = color.replace('#', '');
  const rgb = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16));
  for (let k = 1; k >= 0; k -= 0.01) {
    const c = `#${rgb.map((v) => hex2(v * k)).join('')}`;
    if (contrast(c, against) >= ratio) return c.toUpperCase();
  }
  return '#000000';
}

/**
 * Accessible shades of a brand colour (WCAG AA, issue 9): the brand stays the fill colour (`primary`); text and links
 * use darker shades that reach 4.5:1 even on the light grey of table headers (#F5F5F5); text on a brand fill is
 * white when that passes, otherwise a dark shade of the brand.
 */
export function accessibleShades(primary: string): Shades {
  // The layout asks on every render; the search for each shade is a loop of contrast computations.
  const known = SHADES.get(primary);
  if (known) return known;
  const text = darkenTo(primary, '#F5F5F5', 4.6);
  const hover = darkenTo(primary, '#F5F5F5', 6);
  const active = darkenTo(primary, '#F5F5F5', 8);
  const onPrimary = contrast('#FFFFFF', primary) >= 4.5 ? '#FFFFFF' : darkenTo(primary, primary, 6);
  const shades = Object.freeze({ primary, text, hover, active, onPrimary });
  if (SHADES.size > 32) SHADES.clear();
  SHADES.set(primary, shades);
  return shades;
}

interface Shades {
  readonly primary: string;
  readonly text: string;
  readonly hover: string;
  readonly active: string;
  readonly onPrimary: string;
}

const SHADES = new Map<string, Shades>();

/** antd theme tokens for a brand colour: fills keep the brand, text and links its accessible shades. */
export function accessibleTheme(primary: string) {
  const s = accessibleShades(primary);
  return {
    token: {
      colorPrimary: s.primary,
      colorLink: s.text,
      colorLinkHover: s.hover,
      colorLinkActive: s.active,
      colorPrimaryText: s.text,
      colorPrimaryTextHover: s.hover,
      colorPrimaryTextActive: s.active,
      // Secondary and tertiary text: antd's 45% black is 3.4:1 on white; 60% black (#666) is 5.7:1.
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    },
    components: {
      Button: { primaryColor: s.onPrimary, defaultHoverColor: s.text, defaultActiveColor: s.active, defaultHoverBorderColor: s.primary },
      Tabs: { itemSelectedColor: s.text, itemHoverColor: s.hover, itemActiveColor: s.active, inkBarColor: s.primary },
      Menu: { itemSelectedColor: s.text, horizontalItemSelectedColor: s.text },
      Pagination: { itemActiveColor: s.text },
      Radio: { buttonSolidCheckedColor: s.onPrimary },
      Segmented: { itemSelectedColor: s.text },
    },
  };
}

/**
 * The app's antd theme (AppProviders): the accessible theme of the brand colour, motion on unless the system asks for
 * less. The precompiled first-screen styles (src/utils/styleCache.ts) are made for `appTheme(PRIMARY_COLOR, true)`.
 */
export function appTheme(primary: string, motion: boolean) {
  const theme = accessibleTheme(primary);
  return { ...theme, token: { ...theme.token, motion } };
}
