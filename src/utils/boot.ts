/**
 * Answers fetched by the boot script (issue 10, `config/preloadLocale.ts`): an external script in the HTML head that,
 * when a session token is stored, sends the session calls (and the current route's first list call, declared by
 * `prefetch` in the route table) while the app code is still downloading. It leaves them in `window.__BOOT__`;
 * the request layer (src/utils/request.ts) takes a GET's answer from here instead of sending it again, once, and only
 * when everything that shapes the answer is the same: path and query, token, language, and not older than 15 s.
 * Nothing here is faked: the answer is the server's, handled by the request layer like any other.
 */

export interface BootAnswer {
  status: number;
  body: unknown;
}

interface BootState {
  at: number;
  token: string;
  lang: string;
  /** Request URL (path and query, as sent) → its answer; null when the network failed. */
  calls: Record<string, Promise<BootAnswer | null>>;
}

declare global {
  interface Window {
    __BOOT__?: BootState;
  }
}

export const BOOT_MAX_AGE_MS = 15_000;

let taken = 0;

/** Path and query with the query's pairs sorted: `/v2/x?b=2&a=1` and `/v2/x?a=1&b=2` are one call. */
export function bootKey(url: string, params?: object): string | undefined {
  const [path, query = ''] = url.split('?');
  const pairs: [string, string][] = [];
  new URLSearchParams(query).forEach((v, k) => pairs.push([k, v]));
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    // Only plain values: arrays and objects are written in their own way (queryString in src/utils/request.ts).
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined;
    pairs.push([k, String(v)]);
  }
  pairs.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return pairs.length ? `${path}?${new URLSearchParams(pairs).toString()}` : path;
}

/**
 * The boot script's answer to this GET, taken once; undefined when there is none that fits (then the caller sends
 * its own call).
 */
export function takeBoot(url: string, params: object | undefined, token: string | null, lang: string): Promise<BootAnswer | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const boot = window.__BOOT__;
  if (!boot || !token || boot.token !== token || boot.lang !== lang || Date.now() - boot.at > BOOT_MAX_AGE_MS) return undefined;
  const key = bootKey(url, params);
  if (!key) return undefined;
  for (const sent of Object.keys(boot.calls)) {
    if (bootKey(sent) !== key) continue;
    const answer = boot.calls[sent];
    delete boot.calls[sent];
    taken += 1;
    return answer;
  }
  return undefined;
}

/** How many GETs were answered from the boot script so far (ListTable: was its first call one of them?). */
export const bootTaken = () => taken;
