/**
 * Which handlers can answer a request, without asking each of them (mock/server.ts).
 *
 * msw's `getResponse(handlers, request)` asks every handler in turn, and each one parses the URL, the cookies
 * (tough-cookie) and its own path (path-to-regexp) before it even compares the method: with ~280 handlers that was
 * most of the server's CPU time for a page load, on a machine where the server shares two cores with the browser.
 * `candidates(method, url)` keeps, in their order, only the handlers that could match, so msw decides among a handful
 * with exactly its own rules: the answer is the same (mock/dispatch.test.ts checks it for every route and random paths).
 *
 * The filter is conservative. A handler is left out only when its path is a plain msw pattern, `*` followed by
 * `/segment` parts that are either a `:param` or letters, digits, `_ . ~ -`, and the request's path cannot match it
 * the way msw matches (path-to-regexp, case-insensitive, one optional trailing slash, `*` = anything before), or when
 * its method is another one. Any other pattern (a RegExp, a wildcard inside, optional parts) is always kept.
 */
import type { RequestHandler } from 'msw';

type Segment = { param: boolean; text: string };
type Entry = { handler: RequestHandler; method: string | RegExp | undefined; segments: Segment[] | undefined };

const SIMPLE = /^\*((?:\/(?::[A-Za-z0-9_]+|[A-Za-z0-9_.~-]+))+)$/;

function segmentsOf(path: unknown): Segment[] | undefined {
  if (typeof path !== 'string') return undefined;
  const m = SIMPLE.exec(path);
  if (!m) return undefined;
  return m[1]
    .slice(1)
    .split('/')
    .map((s) => (s.startsWith(':') ? { param: true, text: '' } : { param: false, text: s.toLowerCase() }));
}

function methodMatches(method: string | RegExp | undefined, actual: string): boolean {
  if (method === undefined) return true;
  if (method instanceof RegExp) return method.test(actual);
  return method.toLowerCase() === actual.toLowerCase();
}

function pathMatches(segments: Segment[] | undefined, pathname: string): boolean {
  if (!segments) return true;
  const clean = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const parts = clean.split('/');
  // parts[0] is '' (before the leading slash); the pattern's parts must be the last ones, after that.
  if (parts.length - 1 < segments.length) return false;
  const offset = parts.length - segments.length;
  for (let i = 0; i < segments.length; i++) {
    const part = parts[offset + i];
    const seg = segments[i];
    if (seg.param ? part === '' : part.toLowerCase() !== seg.text) return false;
  }
  return true;
}

/** An index over `handlers`: `candidates(method, url)` returns the ones that may answer, in the same order. */
export function handlerIndex(handlers: readonly RequestHandler[]) {
  const entries: Entry[] = handlers.map((handler) => {
    const info = handler.info as { method?: unknown; path?: unknown };
    const method = typeof info.method === 'string' || info.method instanceof RegExp ? info.method : undefined;
    return { handler, method, segments: segmentsOf(info.path) };
  });
  return {
    candidates(method: string, url: string): RequestHandler[] {
      const pathname = new URL(url).pathname;
      return entries.filter((e) => methodMatches(e.method, method) && pathMatches(e.segments, pathname)).map((e) => e.handler);
    },
  };
}
