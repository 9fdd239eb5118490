/**
 * Number input cleaner (docs/rules.md#money-and-numbers, docs/rules.md#money-and-numbers). Used on every numeric input while the user types:
 * money keeps 2 decimals, hours keep 1 (`oneDecimal`).
 *
 * Rules, applied in this order:
 * 1. every character that is not an ASCII digit or a dot is removed;
 * 2. only the first dot is kept, later dots are removed ("1.2.3" → "1.23");
 * 3. a leading dot gets a 0 in front (".5" → "0.5");
 * 4. leading zeros are removed, but a single 0 before the dot or alone stays ("007" → "7", "00.5" → "0.5", "000" → "0");
 * 5. at most 2 decimals are kept (1 with `oneDecimal`); extra decimals are cut, not rounded.
 *
 * A trailing dot ("12.") is kept so the user can go on typing decimals. The result is idempotent:
 * cleaning a cleaned value returns it unchanged.
 */
export function cleanNumberInput(raw: string, oneDecimal = false): string {
  const maxDecimals = oneDecimal ? 1 : 2;
  let s = String(raw ?? '').replace(/[^0-9.]/g, '');

  const dot = s.indexOf('.');
  let intPart = dot === -1 ? s : s.slice(0, dot);
  let decPart = dot === -1 ? '' : s.slice(dot + 1).replace(/\./g, '');

  if (dot !== -1 && intPart === '') intPart = '0';
  intPart = intPart.replace(/^0+(?=\d)/, '');
  decPart = decPart.slice(0, maxDecimals);

  s = dot === -1 ? intPart : `${intPart}.${decPart}`;
  return s;
}

/**
 * The number of a cleaned input, or `undefined` when there is none yet ("" or a lone "."). A trailing dot
 * is accepted ("12." → 12). Strings that are not a plain decimal number also give `undefined`.
 */
export function parseCleaned(s: string): number | undefined {
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}
