/** /w/:code — a campus's public web page (no login, no layout; src/components/WebPageView.tsx). */
import React from 'react';
import { Card, Result, Spin } from 'antd';
import { useParams } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import LangSwitch from '@/components/LangSwitch';
import WebPageView from '@/components/WebPageView';
import { fetchPublicPage } from '@/services/campus';

export default function PublicWebPagePage() {
  const { t } = useIntl();
  const { code = '' } = useParams<{ code: string }>();
  const { data, loading, error } = useRequest(() => fetchPublicPage(code), { refreshDeps: [code] });
  return (
    <main style={{ minHeight: '100vh', background: '#f5f7f7', padding: '32px 16px' }}>
      <div style={{ maxWidth: 720, margin: '0 auto' }}>
        <div style={{ textAlign: 'right', marginBottom: 8 }}>
          <LangSwitch />
        </div>
        <Card>
          {loading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
          {!loading && error && <Result status="404" title={t('web.unavailable')} subTitle={error.message} />}
          {!loading && data && <WebPageView page={data} code={code} />}
        </Card>
      </div>
    </main>
  );
}
