/** vitest setup: jest-dom matchers, the one set of msw handlers (mock/handlers.ts), a database and a fresh seed per test file. */
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { handlersFor, resetDb } from '../mock/handlers';
import { loadMessages } from '../src/locales';
import { closeDatabase, engine, setOpener } from '../server/db';
import { openTestDatabase } from './database';

// This file's own database, from the template built once (tests/globalDatabase.ts).
setOpener(() => openTestDatabase(inject('dbTemplate')));

// The test flag: the test reset call exists only for test runners (mock/handlers.ts `handlersFor`).
export const server = setupServer(...handlersFor({ test: true }));

beforeAll(async () => {
  await Promise.all([loadMessages('en-US'), loadMessages('zh-CN'), engine()]);
  resetDb();
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
  const origGetComputedStyle = window.getComputedStyle;
  window.getComputedStyle = (elt: Element, pseudo?: string | null) => origGetComputedStyle(elt, pseudo ? undefined : pseudo);
}
