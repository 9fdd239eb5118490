/**
 * Catches render errors, and above all a route chunk that failed to load (ChunkLoadError, after the 120 s chunk
 * timeout of docs/rules.md#constants-and-limits): shows an error page with a reload button instead of a blank screen (docs/api.md#envelope-and-errors).
 */
import React from 'react';
import { Button, Result } from 'antd';
import { t } from '@/locales';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message);
}

interface State {
  error?: Error;
}

export default class ErrorBoundary extends React.Component<{ children: React.ReactNode }, State> {
  state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <Result
        status={chunk ? 'warning' : 'error'}
        title={chunk ? t('exception.chunk') : t('exception.title')}
        subTitle={chunk ? undefined : t('request.fallback')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('exception.reload')}
          </Button>
        }
      />
    );
  }
}
