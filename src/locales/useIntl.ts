import { useSyncExternalStore } from 'react';
import { formatMessage, getLocale, onLocaleChange, switchLocale, t } from './index';

/** React binding of the locale layer: re-renders on language switch. */
export function useIntl() {
  const locale = useSyncExternalStore(onLocaleChange, getLocale, getLocale);
  return { locale, t, formatMessage, setLocale: switchLocale };
}
