/**
 * ICU-style plurals, shared by the locale layer (src/locales) and the mock server's messages (mock/messages.ts):
 * `{n, plural, =0 {no leads} one {# lead} other {# leads}}` picks the branch for the number (exact `=N` first, then
 * the language's plural category, then `other`); `#` is the number.
 */
const PLURAL_RE = /\{(\w+), plural,((?:\s*(?:=\d+|\w+)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const BRANCH_RE = /(=\d+|\w+)\s*\{((?:[^{}]|\{\w+\})*)\}/g;

export function applyPlurals(text: string, values: Record<string, unknown>, locale: string): string {
  if (!text.includes(', plural,')) return text;
  return text.replace(PLURAL_RE, (whole, key: string, body: string) => {
    const n = Number(values[key]);
    if (values[key] === undefined || values[key] === null || !Number.isFinite(n)) return whole;
    const branches: Record<string, string> = {};
    for (const m of body.matchAll(BRANCH_RE)) branches[m[1]] = m[2];
    const category = new Intl.PluralRules(locale).select(n);
    return (branches[`=${n}`] ?? branches[category] ?? branches.other ?? '').replace(/#/g, String(n));
  });
}
