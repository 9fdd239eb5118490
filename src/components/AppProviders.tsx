/** Root providers: antd theme (docs/rules.md#constants-and-limits) and locale, App context, and the request layer's presenter. */
import React, { useEffect } from 'react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import updateLocale from 'dayjs/plugin/updateLocale';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { configureRequest } from '@/utils/request';
import { appTheme, PRIMARY_COLOR } from '@/utils/theme';
import ErrorBoundary from './ErrorBoundary';
import { useCompanyColor } from '@/hooks/useCompanyColor';
import { cspNonce } from '@/utils/cspNonce';
import { StyleProvider } from '@ant-design/cssinjs';
import { STYLE_CONTAINER, styleCache } from '@/utils/styleCache';

// Weeks run Monday to Sunday in both languages, like the timetable and its week label (ISO weeks): the English
// date pickers would otherwise start their rows on Sunday.
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });

/** The page's CSP nonce for antd's CSS-in-JS <style> elements (src/utils/cspNonce.ts); none in `npm start`. */
const CSP = cspNonce ? { nonce: cspNonce } : undefined;

function RequestBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    configureRequest({
      show: (type, text) => {
        void message[type]({ content: text, key: text });
      },
      notify: (text) => notification.error({ message: text }),
      navigate: (path) => history.push(path),
      currentPath: () => history.location.pathname + history.location.search,
    });
  }, [message, notification]);
  return null;
}

/** Honour the system's "reduce motion" setting (accessibility; browser tests use it too). */
function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

export default function AppProviders({ children }: { children: React.ReactNode }) {
  const { locale } = useIntl();
  const [reduceMotion] = React.useState(prefersReducedMotion);
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  // Brand fills, darker shades for text and links (WCAG AA); a company colour would go through the same function.
  // The company's colour (/campus/theme-color) when it has one.
  const companyColor = useCompanyColor();
  const theme = React.useMemo(() => appTheme(companyColor ?? PRIMARY_COLOR, !reduceMotion), [companyColor, reduceMotion]);
  // The style cache and where run-time styles go: src/utils/styleCache.ts (precompiled first-screen styles).
  return (
    <StyleProvider cache={styleCache} container={STYLE_CONTAINER}>
      <ConfigProvider csp={CSP} locale={locale === 'zh-CN' ? zhCN : enUS} theme={theme}>
        <App>
          <RequestBridge />
          <ErrorBoundary>{children}</ErrorBoundary>
        </App>
      </ConfigProvider>
    </StyleProvider>
  );
}
