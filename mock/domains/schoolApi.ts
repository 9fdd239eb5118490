/** All msw handlers of the school domain (setup, students, cards, ledger), joined for mock/domains/index.ts. */
import type { HttpHandler } from 'msw';
import { schoolSetupHandlers } from './schoolSetup';
import { schoolCardHandlers } from './schoolCards';

export const schoolHandlers: HttpHandler[] = [...schoolSetupHandlers, ...schoolCardHandlers];
