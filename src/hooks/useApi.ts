/**
 * Data hooks with the house defaults of docs/rules.md#constants-and-limits: shared reads (lookups, option lists) on swr, the app's one client
 * cache (issue 34): an answer is reused for 60 s by every component that asks for it and refreshed on window focus at
 * most every 5 000 ms; debounce 800 ms for search-as-you-type, pages from 1 of 10, load-more 100 px before the end
 * (ahooks, which caches nothing there).
 */
import useSWR, { type SWRConfiguration } from 'swr';
import { useInfiniteScroll, usePagination, useRequest } from 'ahooks';
import type { Options, Service } from 'ahooks/lib/useRequest/src/types';
import { DEBOUNCE_MS, FOCUS_REFRESH_GAP_MS, LOAD_MORE_THRESHOLD_PX, PAGINATION, REQUEST_CACHE_MS } from '@/utils/constants';

export const API_DEFAULTS = {
  dedupingInterval: REQUEST_CACHE_MS,
  revalidateOnFocus: true,
  focusThrottleInterval: FOCUS_REFRESH_GAP_MS,
} as const satisfies SWRConfiguration;

/**
 * For counts that change with the user's own work (the dashboard's to-do figures): asked again on each visit, one
 * call for the widgets of one visit.
 */
export const OVERVIEW_REFRESH = { dedupingInterval: 2_000 } as const satisfies SWRConfiguration;

/**
 * A shared read: `service(...args)` through swr, keyed by the service function and its arguments (so two widgets
 * showing the same lookup make one call). `args` null: not yet (e.g. a modal that is closed).
 */
export function useApi<TData, TArgs extends unknown[] = []>(service: (...args: TArgs) => Promise<TData>, args: TArgs | null = [] as unknown as TArgs, options: SWRConfiguration<TData> = {}) {
  const key: readonly unknown[] | null = args ? [service, ...args] : null;
  const { data, error, isLoading, mutate } = useSWR<TData, unknown, readonly unknown[] | null>(key, (k: readonly unknown[]) => service(...(k.slice(1) as TArgs)), { ...API_DEFAULTS, ...options });
  return { data, error, loading: isLoading, refresh: mutate };
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
