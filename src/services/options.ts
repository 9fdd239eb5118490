/**
 * Option lists (selects and list filters: campuses, classes, teachers, templates ...) in swr's cache, the app's one
 * client cache (issue 34; docs/rules.md#constants-and-limits request cache 60 s): fetched once and shared by every screen for 60 s. A call in
 * flight is shared too, so the search form, the table cells and a modal asking for the same list make one call.
 * An entry is not used when it is older than 60 s, when any write went through the request layer since (a new
 * campus appears at once), when the session token or the language changed (all part of its swr key), and a
 * failed call leaves nothing behind.
 * Service functions of option lists use `optionsGet` instead of `http.get`; screens call those services, as a
 * ProField `request` or through `useApi` (src/hooks/useApi.ts: swr with the docs/rules.md#constants-and-limits refresh on focus).
 */
import { mutate, unstable_serialize } from 'swr';
import { cache } from 'swr/_internal';
import { http, writeGeneration } from '@/utils/request';
import { tokenStore } from '@/utils/tokenStore';
import { getLocale } from '@/locales';
import { REQUEST_CACHE_MS } from '@/utils/constants';

const PREFIX = 'options';
/** When each list in the cache was fetched (by the list object itself: nothing is kept for a list swr dropped). */
const fetchedAt = new WeakMap<object, number>();
/** Calls in flight, until their answer is in the cache. */
const inflight = new Map<string, Promise<unknown>>();

/** The swr key of an option list: URL, parameters (empty ones left out), session, language and writes so far. */
export function optionsKey(url: string, params?: object): string {
  const flat = Object.fromEntries(Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return unstable_serialize([PREFIX, url, flat, tokenStore.get().token ?? '', getLocale(), writeGeneration()]);
}

/** GET of an option list through swr's cache. */
export function optionsGet<T>(url: string, params?: object): Promise<T> {
  const key = optionsKey(url, params);
  const data: unknown = cache.get(key)?.data;
  if (data !== null && typeof data === 'object' && Date.now() - (fetchedAt.get(data) ?? -Infinity) < REQUEST_CACHE_MS) {
    return Promise.resolve(data as T);
  }
  const pending = inflight.get(key);
  if (pending) return pending as Promise<T>;
  const promise = http
    .get<T>(url, params)
    .then(async (value) => {
      if (value !== null && typeof value === 'object') {
        fetchedAt.set(value, Date.now());
        await mutate(key, value, { revalidate: false });
      }
      return value;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

/** Forgets every cached option list (tests; a hard refresh of a screen). */
export function clearOptionsCache() {
  inflight.clear();
  const start = unstable_serialize([PREFIX]);
  for (const key of [...cache.keys()]) if (key.startsWith(start)) cache.delete(key);
}
