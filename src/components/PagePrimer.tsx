/**
 * Starts loading the current page's code as soon as the common layout's does (issue 10).
 *
 * Umi renders each route through its own `React.lazy`: the layout's at the first render, the page's only once the layout
 * has rendered down to its `<Outlet />`. On a cold start both chunks are already in (Umi's preload), but a lazy component
 * always suspends once: the layout's render then meets the page's loading screen within React's fallback throttle
 * (500 ms after the layout's own loading screen) and React renders the whole layout a second time once the page has
 * resolved. Rendering the page's route element here, beside the layout's loading screen, starts its `React.lazy` in
 * the first render instead, so the layout renders once, with the page. Nothing of it is shown: `SuspendForever` keeps
 * this boundary on its (empty) fallback, and the primer removes itself in the same commit.
 */
import React, { Suspense, useLayoutEffect, useState } from 'react';
import { useOutlet } from 'umi';

/** Never resolves: the boundary around it stays on its fallback, so nothing rendered beside it is committed. */
const SuspendForever = React.lazy(() => new Promise<{ default: React.ComponentType }>(() => undefined));

/** Only the layout's first mount in a page load needs it (later the pages load on navigation, as usual). */
let primed = false;

export default function PagePrimer() {
  const outlet = useOutlet();
  const [done, setDone] = useState(primed);
  useLayoutEffect(() => {
    primed = true;
    setDone(true);
  }, []);
  if (done || !outlet) return null;
  return (
    <Suspense fallback={null}>
      {outlet}
      <SuspendForever />
    </Suspense>
  );
}

interface ClientRouteLike {
  id?: string;
  element?: React.ReactNode;
  children?: ClientRouteLike[];
}

/** Umi's runtime `patchClientRoutes`: the primer beside the common layout's route element. */
export function primeLayoutPages(routes: ClientRouteLike[], layoutId = '@@/global-layout'): void {
  for (const route of routes) {
    if (route.id !== layoutId) continue;
    route.element = (
      <>
        <PagePrimer />
        {route.element}
      </>
    );
  }
}
