// @vitest-environment node
/**
 * The server's handler index (mock/dispatch.ts) never leaves out a handler msw would match: for every route's
 * path, variants of it msw also matches or not (other case, trailing slash, a prefix, odd parameters) and random
 * paths and methods, every handler whose own `test()` is true is among the candidates, in the same order, so
 * `getResponse` picks the same one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRequestUrl, type RequestHandler } from 'msw';
import { handlersFor } from './handlers';
import { handlerIndex } from './dispatch';

const handlers = handlersFor({ test: true });
const index = handlerIndex(handlers);
const ORIGIN = 'http://127.0.0.1:8001';

/**
 * The handlers msw matches for a request, in order. msw's own path matching (`matchRequestUrl`) first, for all
 * methods at once, then each handler's own `test()` (method and path) on those.
 */
function pathMatches(url: string): RequestHandler[] {
  return handlers.filter((h) => {
    const path = (h.info as { path?: unknown }).path;
    return (typeof path === 'string' || path instanceof RegExp) && matchRequestUrl(new URL(url), path).matches;
  });
}

async function matching(list: readonly RequestHandler[], method: string, url: string): Promise<RequestHandler[]> {
  const out: RequestHandler[] = [];
  for (const h of list) {
    if (await h.test({ request: new Request(url, { method }) })) out.push(h);
  }
  return out;
}

/** Every handler msw matches is a candidate (so the first match, the one that answers, is the same). */
async function expectSameMatches(url: string, methods: readonly string[]) {
  const byPath = pathMatches(url);
  for (const method of methods) {
    const all = await matching(byPath, method, url);
    const candidates = index.candidates(method, url);
    expect(candidates.filter((h) => all.includes(h)), `${method} ${url}`).toEqual(all);
  }
}

const patterns = handlers
  .map((h) => h.info as { method?: unknown; path?: unknown })
  .filter((i): i is { method: string; path: string } => typeof i.method === 'string' && typeof i.path === 'string');
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'];

function concrete(path: string, param: string): string {
  return path.replace(/^\*/, '').replace(/:[A-Za-z0-9_]+/g, param);
}

describe('the handler index of the mock server', () => {
  it('leaves out handlers: a list call is decided among a few, not all', () => {
    expect(handlers.length).toBeGreaterThan(200);
    expect(index.candidates('GET', `${ORIGIN}/v2/student?page=1`).length).toBeLessThan(12);
    expect(index.candidates('POST', `${ORIGIN}/v2/student`).length).toBeLessThan(12);
  });

  it('keeps every handler msw matches, for every route and variants of its path', async () => {
    const paths = [...new Set(patterns.map((p) => p.path))];
    for (const path of paths) {
      const p = concrete(path, '12');
      const variants = [p, `${p.toUpperCase()}/`, `/base${p}?page=1`, `${p}/more`, `${p}//`, concrete(path, 'a%20b')];
      for (const v of variants) await expectSameMatches(`${ORIGIN}${v}`, METHODS);
    }
  }, 120_000);

  it('keeps every handler msw matches for random paths and methods', async () => {
    const words = [...new Set(patterns.flatMap((p) => p.path.replace(/^\*/, '').split('/')).filter(Boolean))];
    const segment = fc.oneof(fc.constantFrom(...words), fc.constantFrom('1', '', 'V2', 'x.y', '%2F', ':id'), fc.stringMatching(/^[a-z_]{1,6}$/));
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 0, maxLength: 5 }), fc.boolean(), async (parts, slash) => {
        await expectSameMatches(`${ORIGIN}/${parts.join('/')}${slash ? '/' : ''}`, METHODS);
      }),
      { numRuns: 300 },
    );
  });
});
