/** API envelope and list conventions (docs/api.md#envelope-and-errors, #lists). Shared by the client and the mock backend. */

export interface ApiEnvelope<T> {
  code: number;
  data?: T;
  msg?: string;
  /** Generic-layer convention (docs/api.md#error-catalogue): a body with success=false is a business error. */
  success?: boolean;
}

export type SortOrder = 'ascend' | 'descend';

/** Query of every list call (docs/api.md#lists). Filters travel as extra string keys. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  keyword?: string;
  sortField?: string;
  sortOrder?: SortOrder;
  startDate?: string;
  endDate?: string;
  [filter: string]: string | number | boolean | undefined;
}

export interface ListResult<T> {
  list: T[];
  total: number;
  /** Sums of the fields asked with `sum=a,b`, over the whole filtered set (not only the page). */
  sum?: Record<string, number>;
}

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;
