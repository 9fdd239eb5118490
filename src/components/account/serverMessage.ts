import { RequestError } from '@/utils/request';

/**
 * What the server said about a refused call: its own message also for a 403 or 404 (which the request layer's
 * catalogue replaces by a generic text), for screens that show the refusal themselves (`skipErrorHandler`).
 */
export function serverMessage(e: unknown, fallback: string): string {
  if (!(e instanceof RequestError)) return fallback;
  const body = e.body;
  const msg = body && typeof body === 'object' && 'msg' in body ? String((body as { msg?: unknown }).msg ?? '') : '';
  return msg || e.message || fallback;
}
