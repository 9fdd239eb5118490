/**
 * `redirect` parameters accept only same-origin in-app paths (docs/screens.md#every-screen): "/x/y?z" yes;
 * "//evil.com", "https://evil.com", "/\\evil.com", "javascript:..." no.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target || typeof target !== 'string') return false;
  if (!target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  if (/[\u0000-\u001f\\]/.test(target)) return false;
  try {
    const base = 'http://same.origin.invalid';
    const u = new URL(target, base);
    return u.origin === base;
  } catch {
    return false;
  }
}

export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!isSafeRedirect(target)) return fallback;
  const path = target.split('?')[0];
  if (path === '/user/login') return fallback;
  return target;
}
