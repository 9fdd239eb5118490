/**
 * The one options cache (issue 10, SPEC §9 request cache 60 s): option lists for selects and list filters
 * (campuses, classes, teachers, templates ...) are fetched once and shared by every screen for 60 s. A call in
 * flight is shared too, so the search form, the table cells and a modal asking for the same list make one call.
 * An entry is dropped when it is older than 60 s, when any write went through the request layer since (a new
 * campus appears at once), when the session token or the language changed, and when the call failed.
 * Service functions of option lists use `optionsGet` instead of `http.get`; screens just call those services.
 */
import { http, writeGeneration } from '@/utils/request';
import { tokenStore } from '@/utils/tokenStore';
import { getLocale } from '@/locales';
import { REQUEST_CACHE_MS } from '@/utils/constants';

interface Entry {
  at: number;
  generation: number;
  session: string;
  promise: Promise<unknown>;
}

const cache = new Map<string, Entry>();

function keyOf(url: string, params?: object): string {
  const flat = Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${url}?${JSON.stringify(flat)}`;
}

/** GET of an option list through the session cache. */
export function optionsGet<T>(url: string, params?: object): Promise<T> {
  const key = keyOf(url, params);
  const session = `${tokenStore.get().token ?? ''}|${getLocale()}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === writeGeneration() && hit.session === session && now - hit.at < REQUEST_CACHE_MS) {
    return hit.promise as Promise<T>;
  }
  const promise = http.get<T>(url, params);
  cache.set(key, { at: now, generation: writeGeneration(), session, promise });
  promise.catch(() => {
    if (cache.get(key)?.promise === promise) cache.delete(key);
  });
  return promise;
}

/** Forgets every cached option list (tests; a hard refresh of a screen). */
export function clearOptionsCache() {
  cache.clear();
}
