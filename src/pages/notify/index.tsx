/**
 * /notify (docs/rules.md#notices-and-notifications): the company's notification rules (event × channel × receiver, on/off per cell;
 * store managers and managers switch them) and the SMS outbox log (no SMS is really sent).
 */
import React from 'react';
import { App, Card, Switch, Table, Typography } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchOutbox, fetchRules, saveRule } from '@/services/notice';
import { NOTIFY_CHANNELS, NOTIFY_EVENTS, NOTIFY_RECEIVERS, type NotifyChannel, type NotifyEvent, type NotifyReceiver } from '@/domain/notifyRules';
import type { OutboxRow } from '@/types/notice';
import ListTable from '@/components/ListTable';

export default function NotifyPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { data, loading, mutate } = useRequest(fetchRules);
  const [busy, setBusy] = React.useState<string>();
  const cell = (event: NotifyEvent, channel: NotifyChannel, receiver: NotifyReceiver) => data?.rules.find((r) => r.event === event && r.channel === channel && r.receiver === receiver);
  const toggle = async (event: NotifyEvent, channel: NotifyChannel, receiver: NotifyReceiver, on: boolean) => {
    const key = `${event}.${channel}.${receiver}`;
    setBusy(key);
    try {
      await saveRule({ event, channel, receiver, on });
      mutate((d) => d && { ...d, rules: d.rules.map((r) => (r.event === event && r.channel === channel && r.receiver === receiver ? { ...r, on } : r)) });
      message.success(t('common.saved'));
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(undefined);
    }
  };
  const columns = [
    { title: t('notify.event'), dataIndex: 'event', key: 'event', fixed: 'left' as const, render: (e: NotifyEvent) => t(`notify.event.${e}`) },
    ...NOTIFY_CHANNELS.map((channel) => ({
      title: t(`notify.channel.${channel}`),
      key: channel,
      children: NOTIFY_RECEIVERS.map((receiver) => ({
        title: t(`notify.receiver.${receiver}`),
        key: `${channel}.${receiver}`,
        align: 'center' as const,
        render: (_: unknown, row: { event: NotifyEvent }) => {
          const c = cell(row.event, channel, receiver);
          if (!c) return <Typography.Text type="secondary">–</Typography.Text>;
          return (
            <Switch
              size="small"
              checked={c.on}
              disabled={!data?.canEdit}
              loading={busy === `${row.event}.${channel}.${receiver}`}
              aria-label={t('notify.cellLabel', { event: t(`notify.event.${row.event}`), channel: t(`notify.channel.${channel}`), receiver: t(`notify.receiver.${receiver}`) })}
              onChange={(on) => toggle(row.event, channel, receiver, on)}
            />
          );
        },
      })),
    })),
  ];
  const outboxColumns: ProColumns<OutboxRow>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('notify.sentAt'), dataIndex: 'createdAt', search: false, sorter: true },
    { title: t('notify.event'), dataIndex: 'event', valueType: 'select', valueEnum: Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, { text: t(`notify.event.${e}`) }])) },
    { title: t('notify.receiverCol'), dataIndex: 'receiverName', search: false, render: (_, r) => `${r.receiverName} (${t(`notify.receiver.${r.receiver}`)})` },
    { title: t('notice.mobile'), dataIndex: 'mobile', search: false },
    { title: t('notify.smsText'), dataIndex: 'values', search: false, render: (_, r) => (r.text ? r.text : t(`notify.msg.${r.event}`, r.values)) },
  ];
  return (
    <div style={{ padding: 24 }}>
      <Card title={t('notify.rules')} style={{ marginBottom: 16 }}>
        {!data?.canEdit && !loading && <Typography.Paragraph type="secondary">{t('notify.readOnly')}</Typography.Paragraph>}
        <Table rowKey="event" size="small" bordered loading={loading} pagination={false} dataSource={NOTIFY_EVENTS.map((event) => ({ event }))} columns={columns} scroll={{ x: true }} />
      </Card>
      <ListTable<OutboxRow> rowKey="id" headerTitle={t('notify.outbox')} columns={outboxColumns} request={tableRequest(fetchOutbox)} pagination={{ defaultPageSize: 10 }} search={{ labelWidth: 'auto' }} />
    </div>
  );
}
