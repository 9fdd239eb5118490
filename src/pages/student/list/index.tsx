/** /student/list: the student tabs (docs/screens.md#students); the active tab is in the URL (`?tab=`). */
import React, { Suspense } from 'react';
import { Card, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { STUDENT_TABS } from './components/tabs';

export default function StudentListPage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const [params, setParams] = useSearchParams();
  const tabs = STUDENT_TABS.filter((tab) => !tab.access || access[tab.access]);
  const active = tabs.find((tab) => tab.key === params.get('tab'))?.key ?? tabs[0]?.key;
  return (
    <div style={{ padding: 24 }}>
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={active}
          destroyOnHidden
          onChange={(key) => setParams({ tab: key })}
          items={tabs.map((tab) => ({
            key: tab.key,
            label: t(tab.labelKey),
            children: (
              <Suspense fallback={<Skeleton active />}>
                <tab.component />
              </Suspense>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
