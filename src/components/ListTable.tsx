/**
 * ListTable: ProTable for every list screen (issue 10, docs/api.md#lists). Same props as ProTable; one difference:
 * the first page is requested during the first render, before ProTable's search form has initialised, so the list call
 * runs in parallel with the option calls of the filters and column renders instead of after them (ProTable itself
 * waits for its form to initialise, one render after the fields have asked for their options).
 * The prefetch uses what ProTable will ask for first: page 1 and the page size (`LIST_PAGE_SIZE` of
 * src/services/listCalls.ts unless `pagination` says otherwise, the size a route's `prefetch` asks for), the form's initial values
 * (`form.initialValues`, the columns' `initialValue`), `params`, the columns' default sort and filters. When the
 * first real request matches (compared as the list query), it gets the call already in flight; otherwise it makes
 * its own call (the browser test tests/e2e/waterfall.spec.ts fails on such a double call).
 * ProTable is mounted once its first page is in (a placeholder until then, at most FIRST_PAGE_WAIT_MS), with those
 * rows, so the first row shows in the render that mounts the table rather than after ProTable's own fetch rounds.
 * Use with `request={tableRequest(service)}` (src/services/list.ts), as with ProTable.
 */
import React, { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Skeleton } from 'antd';
import { ProTable, type ParamsType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { compactColumns, secondaryColumnsState } from '@/components/RowActions';
import { LIST_PAGE_SIZE } from '@/services/listCalls';

type RequestFn = NonNullable<ProTableProps<Record<string, unknown>, ParamsType>['request']>;
type Args = Parameters<RequestFn>;

function isDayjsLike(v: unknown): v is { format: (f: string) => string } {
  return !!v && typeof v === 'object' && typeof (v as { format?: unknown }).format === 'function';
}

function normValue(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return undefined;
  if (isDayjsLike(v)) return v.format('YYYY-MM-DD');
  if (Array.isArray(v)) return v.length ? v.map(normValue).map(String).join(',') : undefined;
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'object') return undefined;
  return String(v);
}

function norm(o: unknown): string {
  const flat = Object.entries((o ?? {}) as Record<string, unknown>)
    .map(([k, v]) => [k, normValue(v)] as const)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(flat);
}

/** The comparable form of ProTable's `(params, sort, filter)`. */
export function requestKey(params: unknown, sort: unknown, filter: unknown): string {
  return `${norm(params)}|${norm(sort)}|${norm(filter)}`;
}

function keyOfIndex(dataIndex: unknown): string | undefined {
  if (Array.isArray(dataIndex)) return dataIndex.join(',');
  return dataIndex === undefined || dataIndex === null ? undefined : String(dataIndex);
}

/** What ProTable asks for first, from its props (see ProTable's useFetchData and parseDefaultColumnConfig). */
export function firstRequestArgs(props: Pick<ProTableProps<never, ParamsType>, 'columns' | 'form' | 'params' | 'pagination' | 'search'>): Args {
  const pagination = typeof props.pagination === 'object' ? props.pagination : undefined;
  const pageSize = pagination?.pageSize ?? pagination?.defaultPageSize ?? LIST_PAGE_SIZE;
  const current = pagination?.current ?? pagination?.defaultCurrent ?? 1;
  const formValues: Record<string, unknown> = {};
  const sort: Record<string, unknown> = {};
  const filter: Record<string, unknown> = {};
  for (const col of (props.columns ?? []) as ProColumns[]) {
    const key = keyOfIndex(col.dataIndex) ?? (col.key === undefined ? undefined : String(col.key));
    if (!key) continue;
    if (props.search !== false && col.initialValue !== undefined && !col.hideInSearch && col.search !== false) formValues[key] = col.initialValue;
    if (col.sorter && col.defaultSortOrder) sort[key] = col.defaultSortOrder;
    if (col.filters && col.defaultFilteredValue !== undefined) filter[key] = col.defaultFilteredValue;
  }
  const initial = props.search !== false ? ((props.form?.initialValues as Record<string, unknown> | undefined) ?? {}) : {};
  const params = { current, pageSize, ...formValues, ...initial, ...(props.params ?? {}) };
  return [params, sort, filter] as unknown as Args;
}

/**
 * How long the table waits for its first page before it shows without rows (then it loads them as usual). The first
 * page is usually there already (sent with the HTML, src/utils/boot.ts, or answered within a round trip); waiting for
 * it lets ProTable mount once with its rows instead of mounting empty and rendering again for them.
 */
export const FIRST_PAGE_WAIT_MS = 400;

interface FirstPage<T> {
  data: T[];
  total: number;
}

/** First-page calls in flight, by page URL, table and query (see the first render below). */
const PENDING = new Map<string, { at: number; promise: ReturnType<RequestFn> }>();
const PENDING_MS = 5000;

export interface ListLayoutProps {
  /** Secondary columns (`key` or `dataIndex`): hidden until the user shows them with the column setting (issue 31). */
  secondary?: readonly string[];
  /** Keeps the user's column setting under this key (lists that persist their settings). */
  persistenceKey?: string;
}

export default function ListTable<T extends Record<string, any>, U extends ParamsType = ParamsType, V = 'text'>(props: ProTableProps<T, U, V> & ListLayoutProps) {
  const latest = useRef(props.request);
  latest.current = props.request;
  const first = useRef<{ key: string; pending: string; promise: ReturnType<RequestFn> } | null | undefined>(undefined);
  // During the first render, before ProTable's search form exists. A render that suspends is thrown away and run
  // again with fresh hooks: the call in flight is found again by its key instead of being sent twice.
  if (first.current === undefined) {
    first.current = null;
    if (props.request && !props.manualRequest && !props.dataSource && typeof window !== 'undefined') {
      const args = firstRequestArgs(props as unknown as Parameters<typeof firstRequestArgs>[0]);
      const key = requestKey(...args);
      const cols = ((props.columns ?? []) as ProColumns[]).map((c) => keyOfIndex(c.dataIndex) ?? '').join(',');
      const pendingKey = `${window.location.pathname}${window.location.search}|${String(props.rowKey)}|${cols}|${key}`;
      let hit = PENDING.get(pendingKey);
      if (!hit || Date.now() - hit.at > PENDING_MS) {
        const promise = (props.request as unknown as RequestFn)(...args);
        // Not awaited when ProTable asks for something else; it handles its own call's errors.
        promise.catch(() => undefined);
        hit = { at: Date.now(), promise };
        PENDING.set(pendingKey, hit);
      }
      first.current = { key, pending: pendingKey, promise: hit.promise };
    }
  }
  // Until the first page is in (at most FIRST_PAGE_WAIT_MS), a placeholder; then ProTable mounts with those rows and
  // their total (`seed`), which stand until its own first request (the same call) has answered.
  const [hold, setHold] = useState(() => !!first.current);
  const [seed, setSeed] = useState<FirstPage<T> | null>(null);
  // Subscribed in the commit that shows the placeholder, and rendered with flushSync: when the page is already in
  // (the usual case, see above), the rows render in the same task as the page around them, before the browser lays
  // out and paints the placeholder (one layout of the page instead of two).
  useLayoutEffect(() => {
    const pending = first.current;
    if (!pending) return undefined;
    let done = false;
    const release = (page: FirstPage<T> | null) => {
      if (done) return;
      done = true;
      flushSync(() => {
        if (page) setSeed(page);
        setHold(false);
      });
    };
    const timer = window.setTimeout(() => release(null), FIRST_PAGE_WAIT_MS);
    (pending.promise as Promise<{ data?: T[]; total?: number; success?: boolean }>).then(
      (res) => release(res && res.success !== false && Array.isArray(res.data) ? { data: res.data, total: Number(res.total ?? res.data.length) } : null),
      () => release(null),
    );
    return () => {
      done = true;
      window.clearTimeout(timer);
    };
  }, []);
  const request = useCallback((params: U & { pageSize?: number; current?: number; keyword?: string }, sort: Args[1], filter: Args[2]) => {
    const pending = first.current;
    first.current = null;
    if (pending) PENDING.delete(pending.pending);
    const call = (pending && pending.key === requestKey(params, sort, filter) ? pending.promise : latest.current!(params, sort, filter)) as ReturnType<NonNullable<ProTableProps<T, U, V>['request']>>;
    // ProTable has its own page info from here on: the seed's total gives way.
    const drop = () => setSeed(null);
    call.then(drop, drop);
    return call;
  }, []);
  // Every list keeps its actions reachable (issue 9) and its key figures in view (issue 31): the Actions column is one
  // compact column pinned right (primary action + "More", src/components/RowActions.tsx), the list's secondary columns
  // are hidden by the column setting, and the table scrolls horizontally unless the screen says otherwise.
  const { secondary, persistenceKey, ...tableProps } = props;
  const columns = React.useMemo(() => (props.columns ? compactColumns(props.columns) : props.columns), [props.columns]);
  const columnsState = React.useMemo(
    () => props.columnsState ?? (secondary?.length ? secondaryColumnsState(props.columns ?? [], secondary, persistenceKey) : undefined),
    // The default state is read once by ProTable: the list's declaration, not each render's columns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.columnsState],
  );
  if (hold) {
    return (
      <div className="list-table-first-page" aria-busy="true" style={{ minHeight: 360, padding: 24 }}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  // The lists' page size unless the screen sets its own (ProTable's own default is 20).
  const ownPagination = props.pagination ?? { defaultPageSize: LIST_PAGE_SIZE };
  const pagination = seed && ownPagination !== false ? { ...ownPagination, total: seed.total } : ownPagination;
  return (
    <ProTable<T, U, V>
      {...tableProps}
      columns={columns}
      columnsState={columnsState}
      scroll={props.scroll ?? { x: 'max-content' }}
      request={props.request ? request : undefined}
      defaultData={seed?.data ?? props.defaultData}
      pagination={pagination}
    />
  );
}
