/**
 * The one phone rule (issue 31), used by the zod schemas of every body (src/types/schema.ts `mobile()`, `phone()`)
 * and by every form field (src/utils/fields.ts):
 *  - a mobile is 11 digits starting with 1 (mainland China);
 *  - a phone (a campus's, a service line) is digits with an optional leading +, and spaces, hyphens or parentheses
 *    between them: "010-6543 2100", "+86 (10) 6543-2100", "400-800-1234"; 5 to 20 digits in all.
 */
export const MOBILE_RE = /^1\d{10}$/;
const PHONE_RE = /^\+?[\d\s()-]+$/;

export const isMobile = (s: string): boolean => MOBILE_RE.test(s);

export function isPhone(s: string): boolean {
  const v = s.trim();
  if (!PHONE_RE.test(v) || !/\d/.test(v.slice(-1))) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20;
}
