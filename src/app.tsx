/**
 * Umi runtime entry (ant-design-pro style): initial state, root providers, route-change hooks.
 * Kept small: the login route must not pull layout, table or chart code (size budget, README).
 */
import React from 'react';
import { history } from 'umi';
import type { InitialState } from '@/types/session';
import { loadSession } from '@/services/bootstrap';
import { tokenStore } from '@/utils/tokenStore';
import { LOGIN_PATH, loginUrlWithRedirect } from '@/utils/request';
import { unregisterServiceWorkers } from '@/utils/serviceWorker';
import AppProviders from '@/components/AppProviders';
import { isPublicPath } from '@/utils/publicPaths';
import { getLocale, loadMessages } from '@/locales';

function currentPath() {
  return history.location.pathname + history.location.search;
}

/**
 * Fast first screen (issue 10): the session calls start as soon as the app code runs, in parallel with the language
 * chunk and the first render, when a token is stored and the page needs a session. getInitialState takes that call
 * once (a later refresh, e.g. after a store switch, loads again).
 */
let earlySession: Promise<InitialState> | undefined;
if (typeof window !== 'undefined') {
  const base = (process.env.ROUTER_BASE || '/').replace(/\/$/, '');
  const pathname = window.location.pathname.startsWith(`${base}/`) ? window.location.pathname.slice(base.length) : window.location.pathname;
  if (pathname !== LOGIN_PATH && !isPublicPath(pathname) && tokenStore.has()) {
    earlySession = loadSession();
    earlySession.catch(() => undefined);
  }
}

/** Without user info or permissions every page but login goes to login (SPEC §2). */
export async function getInitialState(): Promise<InitialState> {
  const early = earlySession;
  earlySession = undefined;
  const { pathname } = history.location;
  if (pathname === LOGIN_PATH || isPublicPath(pathname)) return {};
  if (!tokenStore.has() && !early) {
    history.replace(loginUrlWithRedirect(currentPath()));
    return {};
  }
  try {
    return await (early ?? loadSession());
  } catch {
    history.replace(loginUrlWithRedirect(currentPath()));
    return {};
  }
}

/** Umi's route components (React.lazy), kept to start the current route's ones before the first render. */
let routeComponents: Record<string, unknown> = {};
let routeTable: Record<string, { path?: string; parentId?: string }> = {};
export function patchRoutes(opts: { routes: typeof routeTable; routeComponents: typeof routeComponents }) {
  routeTable = opts.routes;
  routeComponents = opts.routeComponents;
}

/**
 * Fast first screen (issue 10): the current route's layout and page modules (their chunks are already on the way,
 * started by Umi's preload helper with the HTML) are resolved before the first render, so that React renders
 * layout and page in one pass instead of suspending once per lazy level. Uses React.lazy's initializer, as Umi's
 * own route prefetch does; a route it does not find (or a React without it) just suspends as before.
 */
function startRouteComponents(): Promise<unknown>[] {
  const pathname = history.location.pathname.replace(/\/+$/, '') || '/';
  const leaf = Object.entries(routeTable).find(([, r]) => r.path && !r.path.includes(':') && !r.path.includes('*') && r.path.toLowerCase() === pathname.toLowerCase());
  const waits: Promise<unknown>[] = [];
  for (let id = leaf?.[0]; id; id = routeTable[id]?.parentId) {
    const lazy = routeComponents[id] as { _init?: (p: unknown) => unknown; _payload?: unknown } | undefined;
    if (!lazy || typeof lazy._init !== 'function') continue;
    try {
      lazy._init(lazy._payload);
    } catch (pending) {
      if (pending && typeof (pending as Promise<unknown>).then === 'function') waits.push(Promise.resolve(pending as Promise<unknown>).catch(() => undefined));
    }
  }
  return waits;
}

/** Render once the messages of the UI language (and the current route's code, see above) are loaded. */
export function render(oldRender: () => void) {
  Promise.all([loadMessages(getLocale()).catch(() => undefined), ...startRouteComponents()])
    .catch(() => undefined)
    .finally(oldRender);
}

export function rootContainer(container: React.ReactNode) {
  return <AppProviders>{container}</AppProviders>;
}

if (typeof window !== 'undefined') {
  void unregisterServiceWorkers(window);
}
