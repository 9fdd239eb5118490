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
import { primeLayoutPages } from '@/components/PagePrimer';
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

/** Without user info or permissions every page but login goes to login (docs/screens.md#routes-and-shell). */
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

/** Render once the messages of the UI language are loaded. */
export function render(oldRender: () => void) {
  loadMessages(getLocale())
    .catch(() => undefined)
    .finally(oldRender);
}

/** The page's code starts loading with the layout's, so that the layout renders once on a cold start (PagePrimer). */
export function patchClientRoutes({ routes }: { routes: Parameters<typeof primeLayoutPages>[0] }) {
  primeLayoutPages(routes);
}

export function rootContainer(container: React.ReactNode) {
  return <AppProviders>{container}</AppProviders>;
}

if (typeof window !== 'undefined') {
  void unregisterServiceWorkers(window);
}
