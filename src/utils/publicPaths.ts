/** Pages anyone may open without logging in (e.g. a lead-collection form's public link: /f/<code>). */
export const PUBLIC_PREFIXES = ['/f/', '/w/'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));
}
