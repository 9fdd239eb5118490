/**
 * The company's primary colour (/campus/theme-color) for the whole console: set from the signed-in user's company
 * (BasicLayout) or right after a save, read by the root providers (antd ConfigProvider). Remembered locally so a
 * reload paints the right colour at once; none = the docs/rules.md#constants-and-limits default.
 */
import { HEX_COLOR } from './contrast';

const KEY = 'themeColor';
const listeners = new Set<() => void>();

function read(): string | undefined {
  try {
    const v = window.localStorage.getItem(KEY) ?? undefined;
    return v && HEX_COLOR.test(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

let current: string | undefined = typeof window === 'undefined' ? undefined : read();

export function getCompanyColor(): string | undefined {
  return current;
}

export function setCompanyColor(color: string | undefined) {
  const next = color && HEX_COLOR.test(color) ? color.toUpperCase() : undefined;
  if (next === current) return;
  current = next;
  try {
    if (next) window.localStorage.setItem(KEY, next);
    else window.localStorage.removeItem(KEY);
  } catch {
    /* private mode: the colour still applies for this page */
  }
  listeners.forEach((l) => l());
}

export function subscribeCompanyColor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
