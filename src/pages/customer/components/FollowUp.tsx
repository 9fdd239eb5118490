/** FollowUp: record a follow-up (method, content, next time, new status or intention); the history as a timeline. */
import React, { useState } from 'react';
import { App, Divider, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { ProFormDatePicker, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { useRequest } from 'ahooks';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { createFollowUp, fetchFollowUps } from '@/services/customer';
import type { FollowUpBody, Lead } from '@/types/customer';
import { FOLLOW_UP_METHODS } from '@/types/customer';
import { intentionOptions, IntentionTag, statusOptions, StatusTag } from '@/components/customer/labels';

/** The follow-up history of a lead, newest first. */
export function FollowUpTimeline({ leadId, version = 0 }: { leadId: number; version?: number }) {
  const { t } = useIntl();
  const { data, loading } = useRequest(() => fetchFollowUps(leadId), { refreshDeps: [leadId, version] });
  if (loading && !data) return <Spin />;
  if (!data?.length) return <Empty description={t('cu.follow.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="follow-up-timeline"
      items={data.map((f) => ({
        key: f.id,
        children: (
          <div>
            <Typography.Text strong>{f.createdAt.slice(0, 16)}</Typography.Text> <Tag>{t(`cu.method.${f.method}`)}</Tag>
            <Typography.Text type="secondary">{f.operatorName}</Typography.Text>
            <div style={{ whiteSpace: 'pre-wrap' }}>{f.content}</div>
            <div style={{ marginTop: 4 }}>
              {f.statusBefore !== f.statusAfter && (
                <span>
                  <StatusTag status={f.statusBefore} />→ <StatusTag status={f.statusAfter} />
                </span>
              )}
              {f.intentionBefore !== f.intentionAfter && (
                <span>
                  <IntentionTag intention={f.intentionBefore} />→ <IntentionTag intention={f.intentionAfter} />
                </span>
              )}
              {f.nextFollowUpAt && <Typography.Text type="secondary">{t('cu.follow.nextOn', { date: f.nextFollowUpAt })}</Typography.Text>}
            </div>
          </div>
        ),
      }))}
    />
  );
}

export default function FollowUp({ lead, onDone, trigger }: { lead: Lead; onDone: () => void; trigger?: JSX.Element }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [version, setVersion] = useState(0);
  const formal = lead.status === 'formal';
  return (
    <FormModal<Omit<FollowUpBody, 'leadId'>>
      name="followUp"
      title={t('cu.follow.title', { name: lead.name })}
      width={620}
      trigger={trigger ?? <a>{t('cu.follow.action')}</a>}
      initialValues={{ method: 'phone', intention: lead.intention, status: formal ? undefined : lead.status === 'new' ? 'following' : lead.status }}
      onFinish={async (values) => {
        try {
          await createFollowUp({ ...values, leadId: lead.id });
          message.success(t('cu.follow.done'));
          setVersion((v) => v + 1);
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormSelect
        name="method"
        label={t('cu.follow.method')}
        options={FOLLOW_UP_METHODS.map((m) => ({ value: m, label: t(`cu.method.${m}`) }))}
        rules={[{ required: true, message: t('cu.follow.method.required') }]}
      />
      <ProFormTextArea
        name="content"
        label={t('cu.follow.content')}
        fieldProps={{ maxLength: 1000, showCount: true, rows: 3 }}
        rules={[{ required: true, whitespace: true, message: t('cu.follow.content.required') }]}
      />
      <ProFormDatePicker
        name="nextFollowUpAt"
        label={t('cu.field.nextFollowUpAt')}
        fieldProps={{ disabledDate: (d: Dayjs) => d.isBefore(dayjs().startOf('day')), format: 'YYYY-MM-DD' }}
      />
      {!formal && <ProFormSelect name="status" label={t('cu.field.status')} options={statusOptions(['formal'])} allowClear={false} />}
      <ProFormSelect name="intention" label={t('cu.field.intention')} options={intentionOptions()} allowClear={false} />
      <Divider orientation="left">{t('cu.follow.history')}</Divider>
      <div style={{ maxHeight: 320, overflow: 'auto', paddingTop: 8 }}>
        <FollowUpTimeline leadId={lead.id} version={version} />
      </div>
    </FormModal>
  );
}
