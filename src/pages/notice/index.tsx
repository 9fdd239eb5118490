/**
 * /notice (docs/screens.md#teaching-and-communication): the signed-in user's inbox (parents included): notices from the school and the
 * messages of the notification rules, unread first marked; opening one marks it read. Staff also see what needs
 * them (pending leave, returns to review, follow-ups due) with links.
 */
import React, { useRef } from 'react';
import { App, Badge, Button, Card, Space, Statistic, Tag, Typography } from 'antd';
import { ProList, type ActionType } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchInbox, fetchInboxSummary, markRead } from '@/services/notice';
import { PlainText } from '@/components/Teaching';
import type { InboxMessage } from '@/types/notice';
import SectionTitle from '@/components/SectionTitle';

export function messageTitle(m: InboxMessage, t: (k: string, v?: Record<string, string | number>) => string): string {
  return m.kind === 'notice' ? m.title : t(`notify.event.${m.event}`);
}
export function messageText(m: InboxMessage, t: (k: string, v?: Record<string, string | number>) => string): string {
  if (m.kind === 'notice') return m.text;
  const values = { ...(m.values ?? {}) };
  if (typeof values.status === 'string') values.status = t(`notify.status.${values.status}`);
  if (typeof values.decision === 'string') values.decision = t(`notify.decision.${values.decision}`);
  return t(`notify.msg.${m.event}`, values);
}

export default function InboxPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  const summary = useRequest(fetchInboxSummary);
  const [expanded, setExpanded] = React.useState<number[]>([]);
  const refresh = () => {
    actionRef.current?.reload();
    summary.refresh();
    window.dispatchEvent(new Event('inbox-changed'));
  };
  const open = async (m: InboxMessage) => {
    setExpanded((e) => (e.includes(m.id) ? e.filter((x) => x !== m.id) : [...e, m.id]));
    if (!m.readAt) {
      try {
        await markRead({ ids: [m.id] });
        refresh();
      } catch {
        /* shown by the request layer */
      }
    }
  };
  const s = summary.data;
  return (
    <div style={{ padding: 24 }}>
      {s && (s.pendingLeave > 0 || s.returnsToReview > 0 || s.followUpsDue > 0) && (
        <Card title={t('inbox.todo')} style={{ marginBottom: 16 }}>
          <Space size={48} wrap>
            {s.pendingLeave > 0 && (
              <Link to="/student/list?tab=leave">
                <Statistic title={t('inbox.pendingLeave')} value={s.pendingLeave} />
              </Link>
            )}
            {s.returnsToReview > 0 && (
              <Link to="/student/list?tab=class-card-op">
                <Statistic title={t('inbox.returnsToReview')} value={s.returnsToReview} />
              </Link>
            )}
            {s.followUpsDue > 0 && (
              <Link to="/customer/list">
                <Statistic title={t('inbox.followUpsDue')} value={s.followUpsDue} />
              </Link>
            )}
          </Space>
        </Card>
      )}
      <ProList<InboxMessage>
        rowKey="id"
        actionRef={actionRef}
        headerTitle={
          // The list's heading (h3): its messages' titles are antd's h4 (heading order under the page's h2).
          <Space>
            <SectionTitle style={{ margin: 0 }}>{t('menu.notice')}</SectionTitle>
            <Badge count={s?.unread ?? 0} title={t('inbox.unreadCount', { n: s?.unread ?? 0 })} />
          </Space>
        }
        request={tableRequest(fetchInbox)}
        pagination={{ defaultPageSize: 10 }}
        toolBarRender={() => [
          <Button
            key="all"
            disabled={!s?.unread}
            onClick={async () => {
              try {
                await markRead({ all: true });
                message.success(t('inbox.allRead'));
                refresh();
              } catch {
                /* shown by the request layer */
              }
            }}
          >
            {t('inbox.markAllRead')}
          </Button>,
        ]}
        metas={{
          title: {
            render: (_: unknown, m: InboxMessage) => (
              <a onClick={() => open(m)} data-testid={`inbox-item-${m.id}`}>
                <Space>
                  {!m.readAt && <Tag color="blue">{t('inbox.unread')}</Tag>}
                  <Typography.Text strong={!m.readAt}>{messageTitle(m, t)}</Typography.Text>
                </Space>
              </a>
            ),
          },
          subTitle: { render: (_: unknown, m: InboxMessage) => (m.studentName ? <Tag>{m.studentName}</Tag> : null) },
          description: { render: (_: unknown, m: InboxMessage) => (expanded.includes(m.id) || m.kind === 'event' ? <PlainText text={messageText(m, t)} /> : <Typography.Text type="secondary">{t('inbox.clickToRead')}</Typography.Text>) },
          extra: { render: (_: unknown, m: InboxMessage) => <Typography.Text type="secondary">{m.createdAt}</Typography.Text> },
        }}
      />
    </div>
  );
}
