/** /w/:code — a campus's public web page (no login, no layout; src/components/WebPageView.tsx). */
import React from 'react';
import { useParams } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import PublicFrame from '@/components/PublicFrame';
import WebPageView from '@/components/WebPageView';
import { fetchPublicPage } from '@/services/campus';

export default function PublicWebPagePage() {
  const { t } = useIntl();
  const { code = '' } = useParams<{ code: string }>();
  const { data, loading, error } = useRequest(() => fetchPublicPage(code), { refreshDeps: [code] });
  return (
    <PublicFrame as="main" background="#f5f7f7" width={720} loading={loading} error={error} errorStatus="404" errorTitle={t('web.unavailable')}>
      {!loading && data && <WebPageView page={data} code={code} />}
    </PublicFrame>
  );
}
