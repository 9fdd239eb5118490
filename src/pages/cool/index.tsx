/** /cool: platform settings at a glance (service contact, fee, defaults for new companies) and the users' feedback. */
import React from 'react';
import { Button, Card, Descriptions, Skeleton, Typography } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { fetchFeedback, fetchPlatformSettings } from '@/services/platform';
import type { PlatformOverview } from '@/types/platform';
import ListTable from '@/components/ListTable';

type Feedback = PlatformOverview['newestFeedback'][number];

export default function CoolPage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const { data } = useRequest(fetchPlatformSettings);
  const columns: ProColumns<Feedback>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('pfCool.feedbackAt'), dataIndex: 'at', search: false, sorter: true, width: 170 },
    { title: t('pfOperate.company'), dataIndex: 'companyName', search: false },
    { title: t('pfOperate.user'), dataIndex: 'userName', search: false },
    { title: t('pfCool.feedbackContent'), dataIndex: 'content', search: false },
  ];
  return (
    <div style={{ padding: 24 }}>
      <Card
        title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('pfCool.settings')}</Typography.Title>}
        extra={
          <Link to="/cool/system">
            <Button>{access.platformAdmin ? t('pfCool.editSettings') : t('pfCool.viewSettings')}</Button>
          </Link>
        }
        style={{ marginBottom: 24 }}
      >
        {data ? (
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('pfCool.serviceName')}>{data.serviceContact.name}</Descriptions.Item>
            <Descriptions.Item label={t('pfCool.servicePhone')}>{data.serviceContact.phone}</Descriptions.Item>
            <Descriptions.Item label={t('pfCool.serviceWechat')}>{data.serviceContact.wechat}</Descriptions.Item>
            <Descriptions.Item label={t('pfCool.fee')}>{`${data.settings.feePercent}%`}</Descriptions.Item>
            <Descriptions.Item label={t('pfCool.trialDays')}>{data.settings.trialDays}</Descriptions.Item>
            <Descriptions.Item label={t('pfCool.defaultCampuses')}>{data.settings.defaultCampuses}</Descriptions.Item>
            <Descriptions.Item label={t('pfCool.cap')}>{t('pfCool.capValue', { hours: data.settings.defaultCapHours, months: data.settings.defaultCapMonths })}</Descriptions.Item>
            <Descriptions.Item label={t('pfCool.welcomeNote')}>{data.settings.welcomeNote}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )}
      </Card>
      <ListTable<Feedback>
        rowKey="id"
        headerTitle={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('pfAdmin.feedback')}</Typography.Title>}
        columns={columns}
        request={tableRequest(fetchFeedback)}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
      />
    </div>
  );
}
