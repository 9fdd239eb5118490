/**
 * The one request layer (SPEC §7, §8, §9; PRODUCT.md §3.1). Every /v2 and /api call goes through it.
 *  - headers: request-token, satoken and client: pc; Accept-Language from the UI locale
 *  - timeout 10 000 ms; bodies unwrapped (`code` 0 → `data`)
 *  - the error catalogue, once per burst for 401
 *  - per call: `skipErrorHandler` and `showType` (silent / warning / error / notification / redirect)
 * It knows nothing about React: the app plugs in how messages show and how to navigate (`configureRequest`).
 * Built on the browser's fetch (no HTTP library in the bundle, issue 10); query strings are written as axios wrote
 * them before (`a[]=1&a[]=2` for arrays, ISO dates, JSON for objects), so the server sees the same calls.
 */
import type { ApiEnvelope } from '@/types/api';
import { REQUEST_TIMEOUT_MS } from '@/utils/constants';
import { getLocale, t } from '@/locales';
import { tokenStore } from '@/utils/tokenStore';
import { safeRedirect } from '@/utils/redirect';
import { takeBoot } from '@/utils/boot';

export type ShowType = 'silent' | 'warning' | 'error' | 'notification' | 'redirect';

export interface RequestOptions {
  params?: object;
  data?: unknown;
  headers?: Record<string, string>;
  /** Do not show anything; the caller handles the error. */
  skipErrorHandler?: boolean;
  /** How a business error (HTTP 200 with code ≠ 0, or success=false) is shown. Default: error. */
  showType?: ShowType;
  timeout?: number;
  signal?: AbortSignal;
}

export class RequestError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  readonly body: unknown;
  constructor(message: string, status: number, code?: number, body?: unknown) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export interface RequestPresenter {
  show(type: 'error' | 'warning', text: string): void;
  notify(text: string): void;
  /** Navigate inside the app (router history). */
  navigate(path: string): void;
  /** The current in-app path with query, used as the login redirect. */
  currentPath(): string;
}

const fallbackPresenter: RequestPresenter = {
  show: (_type, text) => console.error(text),
  notify: (text) => console.error(text),
  navigate: (path) => window.location.assign(path),
  currentPath: () => window.location.pathname + window.location.search,
};

let presenter: RequestPresenter = fallbackPresenter;
let unauthorizedHandled = false;

export function configureRequest(p: RequestPresenter) {
  presenter = p;
  // A 401 that arrived before the app had mounted (the session calls start early, src/app.tsx) is reported now.
  if (pendingUnauthorized) {
    pendingUnauthorized = false;
    unauthorizedHandled = false;
    handleUnauthorized();
  }
}

/** Called after a successful login so that a later 401 is reported again. */
export function resetUnauthorized() {
  unauthorizedHandled = false;
}

export const LOGIN_PATH = '/user/login';

export function loginUrlWithRedirect(current: string): string {
  const path = current.split('?')[0];
  if (path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(safeRedirect(current, '/dashboard'))}`;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'get' | 'post' | 'put' | 'delete' | 'patch';

const API_BASE = process.env.API_BASE || '';

/** A value as the query serialiser of axios (used before) wrote it. */
function queryValue(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** `params` as a query string (without `?`): null and undefined left out, arrays as `key[]` pairs. */
export function queryString(params: object | undefined): string {
  const pairs = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) pairs.append(`${key}[]`, queryValue(item));
    } else pairs.append(key, queryValue(value));
  }
  return pairs.toString();
}

function withQuery(url: string, params: object | undefined): string {
  const query = queryString(params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** An HTTP answer outside 2xx (`status` and parsed body), or a network failure or timeout (status 0). */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The body as JSON when it is JSON, else its text. */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One fetch with the layer's timeout (then status 0); a caller's own abort rejects with fetch's AbortError, unshown. */
async function send(method: string, url: string, options: RequestOptions, headers: Record<string, string>): Promise<unknown> {
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const outer = options.signal;
  const forward = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', forward, { once: true });
  }
  const data = options.data;
  let body: BodyInit | undefined;
  if (data !== undefined && method !== 'GET') {
    if (typeof FormData !== 'undefined' && data instanceof FormData) body = data;
    else if (typeof data === 'string') body = data;
    else {
      body = JSON.stringify(data);
      headers = { 'Content-Type': 'application/json', ...headers };
    }
  }
  try {
    const res = await fetch(API_BASE + withQuery(url, options.params), { method, headers: { Accept: 'application/json, text/plain, */*', ...headers }, body, signal: controller.signal });
    const parsed = await readBody(res);
    if (res.status < 200 || res.status >= 300) throw new HttpFailure(res.status, parsed);
    return parsed;
  } catch (e) {
    if (e instanceof HttpFailure) throw e;
    if (outer?.aborted && !timedOut) throw e;
    throw new HttpFailure(0, undefined);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

let pendingUnauthorized = false;

function handleUnauthorized() {
  tokenStore.clear();
  if (unauthorizedHandled) return;
  if (presenter === fallbackPresenter && typeof window !== 'undefined') {
    pendingUnauthorized = true;
    return;
  }
  unauthorizedHandled = true;
  presenter.show('error', t('request.unauthorized'));
  presenter.navigate(loginUrlWithRedirect(presenter.currentPath()));
}

function showBusiness(showType: ShowType, text: string) {
  switch (showType) {
    case 'silent':
      return;
    case 'warning':
      presenter.show('warning', text);
      return;
    case 'notification':
      presenter.notify(text);
      return;
    case 'redirect':
      presenter.navigate(`/exception?msg=${encodeURIComponent(text)}`);
      return;
    default:
      presenter.show('error', text);
  }
}

/** The error catalogue of SPEC §8 as one pure mapping (tested as a table). */
export function describeHttpError(status: number, body: unknown): { text: string; kind: 'unauthorized' | 'message' } {
  const msg = body && typeof body === 'object' && 'msg' in body ? String((body as { msg?: unknown }).msg ?? '') : '';
  if (status === 401) return { kind: 'unauthorized', text: t('request.unauthorized') };
  if (status === 400) return { kind: 'message', text: msg || t('request.fallback') };
  if (status === 403) return { kind: 'message', text: t('request.forbidden') };
  if (status === 500) return { kind: 'message', text: msg || t('request.serverLost') };
  return { kind: 'message', text: t('request.serverLost') };
}

/** Counts writes (sent and settled): caches of read answers (src/services/options.ts) are stale once it moves. */
let writes = 0;
export const writeGeneration = () => writes;

export async function request<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  if (String(method).toUpperCase() !== 'GET') {
    writes += 1;
    try {
      return await requestOnce<T>(method, url, options);
    } finally {
      writes += 1;
    }
  }
  return requestOnce<T>(method, url, options);
}

async function requestOnce<T>(method: Method, url: string, options: RequestOptions): Promise<T> {
  const token = tokenStore.get();
  const headers = {
    'request-token': token.token ?? '',
    satoken: token.satoken ?? '',
    client: 'pc',
    'Accept-Language': getLocale(),
    ...options.headers,
  };
  let body: ApiEnvelope<T>;
  // A GET the boot script already sent while the app code downloaded (src/utils/boot.ts): its answer, handled below
  // like any other (an error status goes through the same catalogue); a network failure sends the call again.
  const boot = String(method).toUpperCase() === 'GET' && !options.signal && !options.headers ? takeBoot(url, options.params, token.token, getLocale()) : undefined;
  try {
    const early = boot ? await boot : null;
    if (early && (early.status < 200 || early.status >= 300)) throw new HttpFailure(early.status, early.body);
    if (early) body = early.body as ApiEnvelope<T>;
    else body = (await send(String(method).toUpperCase(), url, options, headers)) as ApiEnvelope<T>;
  } catch (e) {
    // A call its caller aborted is not an error to show.
    if (!(e instanceof HttpFailure)) throw e;
    const status = e.status;
    const resBody = e.body;
    const { kind, text } = describeHttpError(status, resBody);
    if (kind === 'unauthorized') {
      handleUnauthorized();
    } else if (!options.skipErrorHandler) {
      presenter.show('error', text);
    }
    const code = resBody && typeof resBody === 'object' && 'code' in resBody ? Number((resBody as { code: unknown }).code) : undefined;
    throw new RequestError(text, status, code, resBody);
  }
  if (body && typeof body === 'object' && (('code' in body && body.code !== 0) || body.success === false)) {
    const text = body.msg || t('request.fallback');
    if (!options.skipErrorHandler) showBusiness(options.showType ?? 'error', text);
    throw new RequestError(text, 200, body.code, body);
  }
  return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
}

export const http = {
  get: <T>(url: string, params?: object, options?: RequestOptions) => request<T>('GET', url, { ...options, params }),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('POST', url, { ...options, data }),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', url, { ...options, data }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
};
