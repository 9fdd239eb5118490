/**
 * antd's CSS-in-JS cache, and the precompiled styles of the first screens (issue 10).
 *
 * antd and pro-components write their CSS at run time: the first render of each component type builds its style
 * object, serialises it and inserts a <style>. On a cold start that is about a sixth of the main thread's work before
 * the first row of /student/list shows. @ant-design/cssinjs can skip it: when the page has a stylesheet with the
 * styles and a map of their cache paths (`.data-ant-cssinjs-cache-path{content:"path:hash;…"}`), a component whose
 * path is in the map uses the stylesheet's CSS and builds nothing (cssinjs `existPath`, "CSS file" mode).
 *
 * - The stylesheet is `config/styles/first-screens.css`, made by `npm run styles` (scripts/styles.mjs): it opens the
 *   login page, signs in, opens the dashboard and the student list in the production build, and saves what
 *   `window.__campusStyles()` returns (every style those screens generated, in cssinjs's own order, with its map).
 * - The build links it in the HTML head under a content hash (config/firstStyles.ts); `npm start` does not.
 * - A path is theme, version and component: another theme colour, reduced motion, or an antd upgrade simply misses
 *   and builds its CSS at run time as before. tests/unit/firstStyles.test.tsx fails when the file was made for other
 *   versions or another default theme (then run `npm run styles`).
 * - Styles built at run time go into <body> (`STYLE_CONTAINER`; cssinjs puts them at its start, before the app's
 *   root), so they come after the head's stylesheet in the document, as they would come after the first screens'
 *   styles without it.
 */
import { createCache, extractStyle } from '@ant-design/cssinjs';

export const styleCache = createCache();

/** Where run-time styles go: after the head's precompiled stylesheet. */
export const STYLE_CONTAINER: HTMLElement | undefined = typeof document === 'undefined' ? undefined : document.body;

/** localStorage flag set by `npm run styles` before it opens the app. */
export const CAPTURE_FLAG = '__captureStyles';

type Entity = ReturnType<typeof createCache>;

declare global {
  interface Window {
    /** The CSS of every style generated since the page opened, with its cache-path map (capture mode only). */
    __campusStyles?: () => string;
  }
}

/**
 * Capture mode: cssinjs drops a style from its cache when the last component using it unmounts (a skeleton, a
 * spinner), so the styles are recorded as they are added and extracted from that record.
 */
export function recordStyles(cache: Entity): () => string {
  const seen = new Map<string, unknown>();
  const map = cache.cache;
  const set = map.set.bind(map);
  map.set = (key: string, value: unknown) => {
    seen.set(key, value);
    return set(key, value as never);
  };
  return () => extractStyle({ cache: seen, extracted: new Set<string>() } as unknown as Entity, { plain: true });
}

function captureRequested(): boolean {
  try {
    return window.localStorage.getItem(CAPTURE_FLAG) === '1';
  } catch {
    return false;
  }
}

if (typeof window !== 'undefined' && captureRequested()) window.__campusStyles = recordStyles(styleCache);
