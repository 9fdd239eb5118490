/**
 * List calls, each described once (issue 34): its URL and what its first page asks for. The service function sends
 * it (`http.get(call.url, query)`), the list screen's first query has the same page size (`LIST_PAGE_SIZE`, the
 * default of ListTable and of the list query), and a route that opens on it names it as its `prefetch` (the boot
 * script sends `firstPage` with the HTML, config/preloadLocale.ts). Pure data: read by Node with the route table.
 */
import { PAGINATION } from '../utils/constants';

/** Rows of a list's first page (docs/rules.md#constants-and-limits: pages from 1 of 10). */
export const LIST_PAGE_SIZE: number = PAGINATION.pageSize;

export interface ListCall {
  /** The list's URL (a `/v2` GET answering `{ list, total }`). */
  url: string;
  /** The first page as a screen opened without a query asks for it: path and query. */
  firstPage: string;
}

export function listCall(url: string): ListCall {
  return { url, firstPage: `${url}?page=${PAGINATION.current}&pageSize=${LIST_PAGE_SIZE}` };
}

/** Students (/student/list). */
export const STUDENT_LIST = listCall('/v2/student');
