/**
 * The one request layer (SPEC §7, §8, §9; PRODUCT.md §3.1). Every /v2 and /api call goes through it.
 *  - headers: request-token, satoken and client: pc; Accept-Language from the UI locale
 *  - timeout 10 000 ms; bodies unwrapped (`code` 0 → `data`)
 *  - the error catalogue, once per burst for 401
 *  - per call: `skipErrorHandler` and `showType` (silent / warning / error / notification / redirect)
 * It knows nothing about React: the app plugs in how messages show and how to navigate (`configureRequest`).
 */
import axios, { AxiosError, type AxiosRequestConfig, type Method } from 'axios';
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

/** The axios instance (exported for tests of its defaults). */
export const client = axios.create({
  baseURL: process.env.API_BASE || '',
  timeout: REQUEST_TIMEOUT_MS,
});

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
  const config: AxiosRequestConfig = {
    method,
    url,
    params: options.params,
    data: options.data,
    timeout: options.timeout,
    signal: options.signal,
    headers: {
      'request-token': token.token ?? '',
      satoken: token.satoken ?? '',
      client: 'pc',
      'Accept-Language': getLocale(),
      ...options.headers,
    },
  };
  let body: ApiEnvelope<T>;
  // A GET the boot script already sent while the app code downloaded (src/utils/boot.ts): its answer, handled below
  // like any other (an error status goes through the same catalogue); a network failure sends the call again.
  const boot = String(method).toUpperCase() === 'GET' && !options.signal && !options.headers ? takeBoot(url, options.params, token.token, getLocale()) : undefined;
  try {
    const early = boot ? await boot : null;
    if (early && (early.status < 200 || early.status >= 300)) throw Object.assign(new Error(`HTTP ${early.status}`), { response: { status: early.status, data: early.body } });
    if (early) body = early.body as ApiEnvelope<T>;
    else {
      const res = await client.request<ApiEnvelope<T>>(config);
      body = res.data;
    }
  } catch (e) {
    const err = e as AxiosError<unknown>;
    if (axios.isCancel(err)) throw err;
    const status = err.response?.status ?? 0;
    const resBody = err.response?.data;
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
