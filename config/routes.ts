/**
 * Routes by Umi's conventions (issue 34): `src/pages` mirrors the docs/screens.md#routes-and-shell paths, one folder per path with its
 * `index.tsx` (`$code` is a parameter: `/f/:code`). `src/layouts/index.tsx` is the common layout around every route,
 * `src/pages/404/index.tsx` also answers unknown paths (Umi turns `/404` into `*`), and `src/pages/index.tsx` sends
 * `/` on to `/dashboard`. What a path cannot say (access key, title, menu group) is in the route table
 * (src/config/routeTable.ts), keyed by path; src/config/routeTable.test.ts holds the two equal.
 *
 * This file is also a small Umi plugin: it only takes the pages that docs/screens.md#routes-and-shell shows without the common layout (the
 * login, the public pages, and `/` which just redirects) out of the layout, which a folder cannot say either.
 */
import type { IApi } from 'umi';
import { PUBLIC_PREFIXES } from '../src/utils/publicPaths';

/** Files in `src/pages` that are no routes: page parts (`components/` folders), tests, models. */
export const CONVENTION_EXCLUDE = [/(^|\/)components\//, /\.test\.tsx?$/, /(^|\/)models\//, /\.d\.ts$/];

/** LOGIN_PATH of src/utils/request.ts. */
const LOGIN_PATH = '/user/login';

/** A page shown without the common layout (docs/screens.md#routes-and-shell: the login; the public pages; the root, which redirects). */
export function outsideLayout(absPath: string): boolean {
  return absPath === '/' || absPath === LOGIN_PATH || PUBLIC_PREFIXES.some((p) => absPath.startsWith(p));
}

export default (api: IApi) => {
  // Its own key: the file's name would be `routes`, Umi's config key.
  api.describe({ key: 'routesOutsideLayout' });
  api.modifyRoutes((routes) => {
    for (const route of Object.values(routes)) {
      if (route.parentId === '@@/global-layout' && route.absPath && outsideLayout(route.absPath)) {
        route.parentId = undefined;
        route.path = route.absPath;
      }
    }
    return routes;
  });
};
