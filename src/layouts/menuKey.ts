/**
 * Which side-menu entry a page highlights (exactly one, or none): the page's own entry; else the entry with the same
 * title (a sub-page of it); else the entry sharing the longest path prefix of at least two segments
 * (/schedule/free/add → /schedule/free/list). Pages outside the menu's areas (/user/setting) highlight none. Pure.
 */
import type { RouteMeta } from '@/config/routes/types';

const segments = (p: string) => p.toLowerCase().split('/').filter(Boolean);

export function menuKeyFor(pathname: string, routes: RouteMeta[]): string | undefined {
  const clean = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const route = routes.find((r) => r.path.toLowerCase() === clean);
  const inMenu = routes.filter((r) => r.menu);
  if (route?.menu) return route.path;
  if (route) {
    const same = inMenu.find((r) => r.title === route.title);
    if (same) return same.path;
  }
  const mine = segments(clean);
  let best: { path: string; common: number } | undefined;
  for (const r of inMenu) {
    const theirs = segments(r.path);
    let common = 0;
    while (common < mine.length && common < theirs.length && mine[common] === theirs[common]) common++;
    if (common >= 2 && (!best || common > best.common)) best = { path: r.path, common };
  }
  return best?.path;
}
