/**
 * Data hooks with the house defaults of SPEC §9, on ahooks: request cache 60 s (with a `cacheKey`), refresh on
 * window focus at most every 5 000 ms, debounce 800 ms for search-as-you-type, pages from 1 of 10, load-more
 * 100 px before the end.
 */
import { useInfiniteScroll, usePagination, useRequest } from 'ahooks';
import type { Options, Service } from 'ahooks/lib/useRequest/src/types';
import { DEBOUNCE_MS, FOCUS_REFRESH_GAP_MS, LOAD_MORE_THRESHOLD_PX, PAGINATION, REQUEST_CACHE_MS } from '@/utils/constants';

export const API_DEFAULTS = {
  cacheTime: REQUEST_CACHE_MS,
  staleTime: 0,
  focusTimespan: FOCUS_REFRESH_GAP_MS,
} as const;

/** useRequest with the cache and focus-refresh defaults. */
export function useApi<TData, TParams extends unknown[]>(service: Service<TData, TParams>, options: Options<TData, TParams> = {}) {
  return useRequest(service, { ...API_DEFAULTS, ...options });
}

/** A search call debounced by 800 ms (manual: call `run(keyword)`). */
export function useDebouncedSearch<TData, TParams extends unknown[]>(service: Service<TData, TParams>, options: Options<TData, TParams> = {}) {
  return useRequest(service, { manual: true, debounceWait: DEBOUNCE_MS, ...options });
}

/** Paged list: first page 1, page size 10. */
export function usePagedApi<TData extends { total: number; list: unknown[] }>(
  service: (p: { current: number; pageSize: number }) => Promise<TData>,
) {
  return usePagination(service, { defaultCurrent: PAGINATION.current, defaultPageSize: PAGINATION.pageSize });
}

/** Load more when the user scrolls within 100 px of the end of `target`. */
export function useLoadMore<TData extends { list: unknown[] }>(
  service: (last?: TData) => Promise<TData>,
  target: () => Element | null,
  isNoMore: (d?: TData) => boolean,
) {
  return useInfiniteScroll(service, { target, isNoMore, threshold: LOAD_MORE_THRESHOLD_PX });
}
