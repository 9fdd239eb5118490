/**
 * `React.lazy` for code that is part of the same chunk (`import(/* webpackMode: "eager" *\/ ...)`, issue 10): the
 * import starts when this module runs, so by the first render the component is there and renders at once, instead
 * of suspending for one round (a fallback committed, then a second render; nested lazy levels add up). Until the
 * import has resolved it behaves like `React.lazy` (suspends to the nearest Suspense boundary).
 */
import React from 'react';

export function eagerLazy<P extends object = Record<string, never>>(factory: () => Promise<{ default: React.ComponentType<P> }>): React.ComponentType<P> {
  let loaded: React.ComponentType<P> | undefined;
  const promise = factory().then((m) => {
    loaded = m.default;
    return m;
  });
  const Lazy = React.lazy(() => promise) as unknown as React.ComponentType<P>;
  function Eager(props: P) {
    return React.createElement(loaded ?? Lazy, props);
  }
  return Eager;
}
