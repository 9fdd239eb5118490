/**
 * The one request layer (docs/api.md#calls-named-by-the-spec, #error-catalogue, docs/rules.md#constants-and-limits; docs/api.md#envelope-and-errors). Every /v2 and /api call goes through it.
 *  - headers: request-token, satoken and client: pc; Accept-Language from the UI locale
 *  - timeout 10 000 ms; bodies unwrapped (`code` 0 → `data`)
 *  - the error catalogue, once per burst for 401
 *  - per call: `skipErrorHandler` and `showType` (silent / warning / error / notification / redirect)
 * It knows nothing about React: the app plugs in how messages show and how to navigate (`configureRequest`).
 * Built on one axios instance (`api`, issue 34: the design card's "one axios request layer"): its request
 * interceptor adds the headers, its response interceptor unwraps the envelope and applies the error catalogue, its
 * adapter answers a GET from the boot script when it can (src/utils/boot.ts) and otherwise sends it (XHR in the
 * browser). Query strings keep their format (`queryString` as the instance's `paramsSerializer`: `a[]=1&a[]=2` for
 * arrays, ISO dates, JSON for objects; axios's own writes objects as `f[a]=1`), so the server sees the same calls.
 */
import axios, { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import type { ApiEnvelope } from '@/types/api';
import { REQUEST_TIMEOUT_MS } from '@/utils/constants';
import { getLocale, t } from '@/locales';
import { tokenStore } from '@/utils/tokenStore';
import { safeRedirect } from '@/utils/redirect';
import { takeBoot } from '@/utils/boot';
import { rememberSessionEnd } from '@/utils/sessionEnd';

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
    const ended = pendingUnauthorizedText;
    pendingUnauthorizedText = undefined;
    handleUnauthorized(ended);
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

/** A value as this layer has always written it (ISO dates, JSON for objects; the instance's `paramsSerializer`). */
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

let pendingUnauthorized = false;
let pendingUnauthorizedText: string | undefined;

/**
 * A 401: the tokens go, the message shows once per burst and the user goes to the login page. `ended` is the server's
 * own reason when it gave one (a disabled account, issue 31): the login page shows it instead of the toast.
 */
function handleUnauthorized(ended?: string) {
  tokenStore.clear();
  if (unauthorizedHandled) return;
  if (presenter === fallbackPresenter && typeof window !== 'undefined') {
    pendingUnauthorized = true;
    pendingUnauthorizedText = ended ?? pendingUnauthorizedText;
    return;
  }
  unauthorizedHandled = true;
  if (ended) rememberSessionEnd(ended);
  else presenter.show('error', t('request.unauthorized'));
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

/** The error catalogue of docs/api.md#error-catalogue as one pure mapping (tested as a table). */
export function describeHttpError(status: number, body: unknown): { text: string; kind: 'unauthorized' | 'message'; ended?: boolean } {
  const msg = body && typeof body === 'object' && 'msg' in body ? String((body as { msg?: unknown }).msg ?? '') : '';
  // A session ended by a disabled account: the server's message says so and whom to contact (issue 31).
  if (status === 401 && msg && (body as { reason?: unknown }).reason === 'accountDisabled') return { kind: 'unauthorized', text: msg, ended: true };
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

/** Per call options the interceptors and the adapter read from the axios config. */
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show nothing; the caller handles the error (RequestOptions). */
    skipErrorHandler?: boolean;
    /** How a business error is shown (RequestOptions). */
    showType?: ShowType;
    /** The boot script's answer may stand for this GET (src/utils/boot.ts). */
    boot?: boolean;
  }
}

/**
 * Out through axios's own adapter (XHR in the browser and under jsdom), with the config's `timeout` kept by an abort:
 * the same in every adapter and under msw, whose XHR stand-in never fires `ontimeout`. Past it, axios's timeout error.
 */
const network: AxiosAdapter = async (config) => {
  const timeout = config.timeout ?? 0;
  const send = axios.getAdapter(axios.defaults.adapter, config);
  if (!timeout) return send(config);
  const controller = new AbortController();
  const outer = config.signal as AbortSignal | undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  try {
    return await send({ ...config, timeout: 0, signal: controller.signal });
  } catch (e) {
    if (timedOut) throw new AxiosError(`timeout of ${timeout}ms exceeded`, AxiosError.ETIMEDOUT, config);
    throw e;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
};

/**
 * The adapter: a GET the boot script already sent while the app code downloaded is answered from there (an error
 * status is rejected as axios rejects any other, so the response interceptor handles both alike); everything else,
 * and a boot call whose network failed, goes out through `network`.
 */
const bootOrNetwork: AxiosAdapter = async (config) => {
  const boot = config.boot ? takeBoot(config.url ?? '', config.params, tokenStore.get().token, getLocale()) : undefined;
  const early = boot ? await boot : null;
  if (!early) return network(config);
  const response: AxiosResponse = { data: early.body, status: early.status, statusText: '', headers: {}, config };
  if (config.validateStatus && !config.validateStatus(early.status)) {
    throw new AxiosError(`Request failed with status code ${early.status}`, AxiosError.ERR_BAD_RESPONSE, config, undefined, response);
  }
  return response;
};

/** The one axios instance every /v2 and /api call goes through (tested: src/utils/requestLayer.test.ts). */
export const api = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  paramsSerializer: { serialize: (params) => queryString(params) },
  adapter: bootOrNetwork,
});

let sent = 0;
/** How many calls went through the instance's interceptors (tests: nothing goes around it). */
export const sentThroughApi = () => sent;

// Headers: the stored tokens, the pc client, the UI language; a caller's own header of the same name is kept.
api.interceptors.request.use((config) => {
  sent += 1;
  const token = tokenStore.get();
  config.headers.set('request-token', token.token ?? '', false);
  config.headers.set('satoken', token.satoken ?? '', false);
  config.headers.set('client', 'pc', false);
  config.headers.set('Accept-Language', getLocale(), false);
  return config;
});

api.interceptors.response.use(
  // Unwrapping: `code` 0 → `data`; a business error (code ≠ 0 or success=false) shows by its showType and rejects.
  (response) => {
    const body = response.data as ApiEnvelope<unknown> | string;
    if (body && typeof body === 'object' && (('code' in body && body.code !== 0) || body.success === false)) {
      const text = body.msg || t('request.fallback');
      if (!response.config.skipErrorHandler) showBusiness(response.config.showType ?? 'error', text);
      throw new RequestError(text, response.status, body.code, body);
    }
    return { ...response, data: body && typeof body === 'object' && 'data' in body ? body.data : body };
  },
  // The error catalogue (docs/api.md#error-catalogue): an HTTP status outside 2xx, a network failure or the timeout (status 0).
  (error: unknown) => {
    const config = axios.isAxiosError(error) ? error.config : undefined;
    // A call its caller aborted is not an error to show: it rejects with the signal's reason (an AbortError).
    if (axios.isCancel(error)) {
      const signal = config?.signal as AbortSignal | undefined;
      throw signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    }
    const status = axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0;
    const resBody: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
    const { kind, text, ended } = describeHttpError(status, resBody);
    if (kind === 'unauthorized') {
      handleUnauthorized(ended ? text : undefined);
    } else if (!config?.skipErrorHandler) {
      presenter.show('error', text);
    }
    const code = resBody && typeof resBody === 'object' && 'code' in resBody ? Number((resBody as { code: unknown }).code) : undefined;
    throw new RequestError(text, status, code, resBody);
  },
);

async function requestOnce<T>(method: Method, url: string, options: RequestOptions): Promise<T> {
  const upper = String(method).toUpperCase();
  const res = await api.request<unknown>({
    method: upper,
    url,
    params: options.params,
    data: upper === 'GET' ? undefined : options.data,
    headers: options.headers,
    timeout: options.timeout,
    signal: options.signal,
    skipErrorHandler: options.skipErrorHandler,
    showType: options.showType,
    boot: upper === 'GET' && !options.signal && !options.headers,
  });
  return res.data as T;
}

export const http = {
  get: <T>(url: string, params?: object, options?: RequestOptions) => request<T>('GET', url, { ...options, params }),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('POST', url, { ...options, data }),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', url, { ...options, data }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
};
