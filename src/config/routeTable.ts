/**
 * The one route table, keyed by the docs/screens.md#routes-and-shell paths. The routes themselves come from the pages folder by Umi's
 * conventions (`src/pages<path>/index.tsx`, config/routes.ts); this table keeps what a folder cannot say: the title,
 * the access key (the layout's 403 check), the menu group (the menu the mock server delivers per role,
 * mock/domains/session.ts) and the list marks. routeTable.test.ts holds its paths equal to docs/screens.md#routes-and-shell and the pages.
 * Each domain declares its routes in src/config/routes/<domain>.ts; this file only joins them.
 * Pure data: no React, no Umi imports (it is read by Node when Umi loads its config).
 */
import type { RouteMeta } from './routes/types';
import { foundationRoutes } from './routes/foundation';
import { schoolRoutes } from './routes/school';
import { scheduleRoutes } from './routes/schedule';
import { customerRoutes } from './routes/customer';
import { financeRoutes } from './routes/finance';
import { campusRoutes } from './routes/campus';
import { analysisRoutes } from './routes/analysis';
import { teachingRoutes } from './routes/teaching';
import { platformRoutes } from './routes/platform';

export type { RouteMeta, MenuGroupKey } from './routes/types';
export { MENU_GROUPS } from './routes/types';

export const ROUTES: RouteMeta[] = [...foundationRoutes, ...schoolRoutes, ...scheduleRoutes, ...customerRoutes, ...financeRoutes, ...campusRoutes, ...analysisRoutes, ...teachingRoutes, ...platformRoutes];

export function findRoute(path: string): RouteMeta | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  return ROUTES.find((r) => r.path.toLowerCase() === clean.toLowerCase());
}

/** The folder of a path's page, relative to src/pages (Umi's conventions: `:code` is written `$code`). */
export function pageDir(path: string): string {
  return path.replace(/^\//, '').replace(/:(\w+)/g, '$$$1');
}
