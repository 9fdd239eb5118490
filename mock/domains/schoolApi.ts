/** All msw handlers of the school domain (setup, students, cards, ledger), joined for mock/domains/index.ts. */
import type { HttpHandler } from 'msw';

export const schoolHandlers: HttpHandler[] = [];
