/** vitest setup: jest-dom matchers, the one set of msw handlers (mock/handlers.ts), a database and a fresh seed per test file (opened at its first use). */
import '@testing-library/jest-dom/vitest';
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, inject, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { handlersFor } from '../mock/handlers';
import { loadMessages } from '../src/locales';
import { closeDatabase, engine, opened, setOpener } from '../server/db';
import { openTestDatabase } from './database';
import { mirrorVisibilityRules } from './utils/styleFilter';

// antd's run-time styles go to an element outside the document; the document keeps only what decides visibility
// (tests/utils/styleFilter.ts: jsdom matched every antd rule for every style read).
const { styleHolder } = vi.hoisted(() => ({ styleHolder: typeof document === 'undefined' ? undefined : document.createElement('div') }));
vi.mock('@/utils/styleCache', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/utils/styleCache')>()), STYLE_CONTAINER: styleHolder }));

// This file's own database, from the template built once (tests/globalDatabase.ts).
// Seeded when it opens, like a server's first start (mock/db.ts), unless a test reset opened it (the reset seeds it).
setOpener(async () => {
  const e = await openTestDatabase(inject('dbTemplate'));
  await opened(e);
  return e;
});

// The test flag: the test reset call exists only for test runners (mock/handlers.ts `handlersFor`).
export const server = setupServer(...handlersFor({ test: true }));

/**
 * Whether this file talks to the backend (any import of mock/, the render helpers, services or requests): it gets its
 * database opened and seeded before its tests, as before a server answers. A file of pure rules never opens one (a
 * database and its seed cost a few seconds per file); if it does call, its first call opens it.
 */
function usesBackend(): boolean {
  const file = expect.getState().testPath;
  if (!file) return true;
  try {
    return /mock\/|tests\/utils|services|render|fetch\(|request|testing-library\/react/.test(fs.readFileSync(file, 'utf8'));
  } catch {
    return true;
  }
}

beforeAll(async () => {
  await Promise.all([loadMessages('en-US'), loadMessages('zh-CN'), usesBackend() ? engine() : undefined]);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  if (typeof window !== 'undefined') window.localStorage.clear();
});
afterAll(async () => {
  server.close();
  await closeDatabase();
});

if (typeof window !== 'undefined') {
  // antd needs these in jsdom.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class RO {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: RO });
  }
  window.HTMLElement.prototype.scrollIntoView = window.HTMLElement.prototype.scrollIntoView || (() => undefined);
  const visibilitySheet = document.createElement('style');
  document.head.appendChild(visibilitySheet);
  const visibility = mirrorVisibilityRules(styleHolder!, visibilitySheet);
  const origGetComputedStyle = window.getComputedStyle;
  window.getComputedStyle = (elt: Element, pseudo?: string | null) => {
    visibility.flush();
    return origGetComputedStyle(elt, pseudo ? undefined : pseudo);
  };
}
