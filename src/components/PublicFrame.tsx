/**
 * The frame of the public pages (no login, no layout: /f/:code, /w/:code): the language switch above one card, which
 * shows the page loading, why it cannot be shown (`error`), or the page itself (`children`, once loaded).
 */
import React from 'react';
import { Card, Result, Spin, type ResultProps } from 'antd';
import LangSwitch from '@/components/LangSwitch';

export interface PublicFrameProps {
  /** The outer element: `main` where the page is the document's main content. */
  as?: 'div' | 'main';
  background: string;
  width: number;
  loading: boolean;
  error?: Error;
  /** The result shown on `error`: its icon and title (the error's message below). */
  errorStatus: ResultProps['status'];
  errorTitle: string;
  children?: React.ReactNode;
}

export default function PublicFrame({ as: Outer = 'div', background, width, loading, error, errorStatus, errorTitle, children }: PublicFrameProps) {
  return (
    <Outer style={{ minHeight: '100vh', background, padding: '32px 16px' }}>
      <div style={{ maxWidth: width, margin: '0 auto' }}>
        <div style={{ textAlign: 'right', marginBottom: 8 }}>
          <LangSwitch />
        </div>
        <Card>
          {loading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
          {!loading && error && <Result status={errorStatus} title={errorTitle} subTitle={error.message} />}
          {children}
        </Card>
      </div>
    </Outer>
  );
}
