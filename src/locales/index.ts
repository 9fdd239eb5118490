/**
 * The locale layer (docs/screens.md#every-screen): every visible string goes through `t(id)`; messages are complete in en-US and
 * zh-CN (a test checks key parity). Works outside React too (the request layer uses it).
 * Each domain adds `parts/<domain>.en-US.ts` and `parts/<domain>.zh-CN.ts`, joined in ./en-US.ts and ./zh-CN.ts.
 */
import { applyPlurals } from '@/utils/plural';

export type LocaleName = 'en-US' | 'zh-CN';
export const LOCALES: LocaleName[] = ['en-US', 'zh-CN'];

/**
 * Messages are loaded per language on demand (one chunk each), so a page downloads only the language it shows.
 * `loadMessages` must have resolved before the first render (src/app.tsx `render`; tests/setup.ts preloads both).
 */
export const messages: Record<LocaleName, Record<string, string>> = { 'en-US': {}, 'zh-CN': {} };
const loaded = new Set<LocaleName>();

const loaders: Record<LocaleName, () => Promise<{ default: Record<string, string> }>> = {
  'en-US': () => import(/* webpackChunkName: "locale-en-US" */ './en-US'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ './zh-CN'),
};

export async function loadMessages(locale: LocaleName): Promise<void> {
  if (loaded.has(locale)) return;
  const mod = await loaders[locale]();
  messages[locale] = mod.default;
  loaded.add(locale);
}

const STORAGE_KEY = 'locale';
type Listener = (l: LocaleName) => void;
const listeners = new Set<Listener>();

function detect(): LocaleName {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'en-US' || stored === 'zh-CN') return stored;
    return (navigator.language || '').toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
  } catch {
    return 'en-US';
  }
}

let current: LocaleName | undefined;

export function getLocale(): LocaleName {
  if (!current) {
    current = detect();
    // The page's language for assistive technology (WCAG 3.1.1), from the first read on.
    if (typeof document !== 'undefined') document.documentElement.lang = current;
  }
  return current;
}

/** Switches the language once its messages are loaded. */
export async function switchLocale(locale: LocaleName): Promise<void> {
  await loadMessages(locale);
  setLocale(locale);
}

/** Sets the language; its messages must already be loaded (see switchLocale). */
export function setLocale(locale: LocaleName) {
  current = locale;
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
    document.documentElement.lang = locale;
  } catch {
    /* storage unavailable */
  }
  listeners.forEach((l) => l(locale));
}

export function onLocaleChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export type MessageValues = Record<string, string | number | undefined | null>;

/** ICU-style plurals (`{n, plural, one {# lead} other {# leads}}`) in the current language: src/utils/plural.ts. */
function plurals(text: string, values: MessageValues): string {
  return applyPlurals(text, values, getLocale());
}

/** Translate `id`, filling `{name}` placeholders. Unknown ids fall back to `defaultMessage`, then the id. */
export function t(id: string, values?: MessageValues, defaultMessage?: string): string {
  const table = messages[getLocale()];
  let text = table[id] ?? messages['en-US'][id] ?? defaultMessage ?? id;
  if (values && text.includes(', plural,')) text = plurals(text, values);
  if (values) {
    text = text.replace(/\{(\w+)\}/g, (m, k: string) => (values[k] === undefined || values[k] === null ? m : String(values[k])));
  }
  return text;
}

/** react-intl style, for code that prefers `{ id, defaultMessage }` descriptors. */
export function formatMessage(desc: { id: string; defaultMessage?: string }, values?: MessageValues): string {
  return t(desc.id, values, desc.defaultMessage);
}
