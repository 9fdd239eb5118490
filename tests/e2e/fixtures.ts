/**
 * The browser tests' `test`: each parallel worker talks to a server of its own (playwright.config.ts starts one per
 * worker, on consecutive ports), since every test resets its server's data. Specs import `test` and `expect` from here.
 */
import { test as base, type TestInfo } from '@playwright/test';

/** The first server's port; worker n (its parallel index) has the port after it n times. */
export const E2E_PORT = Number(process.env.E2E_PORT || 8123);

/** The address of this worker's server. */
export function serverUrl(info: Pick<TestInfo, 'parallelIndex'>): string {
  return `http://127.0.0.1:${E2E_PORT + info.parallelIndex}`;
}

export const test = base.extend({
  baseURL: async ({}, use, info) => {
    await use(serverUrl(info));
  },
});

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page, Request, TestInfo } from '@playwright/test';
