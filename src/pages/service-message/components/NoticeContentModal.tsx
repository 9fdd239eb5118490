/** NoticeContentModal (docs/rules.md#notices-and-notifications): a notice's text and its receivers: sent, read and unread, with the names. */
import React from 'react';
import { Descriptions, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchNotice } from '@/services/notice';
import { PlainText } from '@/components/Teaching';
import type { NoticeReceiver } from '@/types/notice';

export default function NoticeContentModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useIntl();
  const { data, loading } = useRequest(() => fetchNotice(id!), { ready: !!id, refreshDeps: [id] });
  const read = (data?.receivers ?? []).filter((r) => r.readAt);
  const unread = (data?.receivers ?? []).filter((r) => !r.readAt);
  const table = (rows: NoticeReceiver[]) => (
    <Table<NoticeReceiver>
      rowKey="studentId"
      size="small"
      dataSource={rows}
      pagination={{ pageSize: 8 }}
      columns={[
        { title: t('hw.student'), dataIndex: 'studentName' },
        { title: t('notice.parent'), dataIndex: 'parentName' },
        { title: t('notice.mobile'), dataIndex: 'mobile' },
        { title: t('notice.readAt'), dataIndex: 'readAt', render: (v?: string) => v ?? '-' },
      ]}
      expandable={{ expandedRowRender: (r) => <PlainText text={r.text} /> }}
    />
  );
  return (
    <Modal open={!!id} onCancel={onClose} footer={null} width={760} title={data?.notice.title ?? t('notice.content')} destroyOnHidden loading={loading}>
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <PlainText text={data.notice.text} />
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('notice.sentCount')}>
              <span data-testid="notice-sent">{data.notice.receiverCount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('notice.readCount')}>
              <span data-testid="notice-read">{read.length}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('notice.unreadCount')}>
              <span data-testid="notice-unread">{unread.length}</span>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">
            {t('notice.sendAt')}: {data.notice.sendAt} · <Tag>{t(`notice.status.${data.notice.status}`)}</Tag>
          </Typography.Text>
          <Tabs
            items={[
              { key: 'unread', label: t('notice.unreadTab', { n: unread.length }), children: table(unread) },
              { key: 'read', label: t('notice.readTab', { n: read.length }), children: table(read) },
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}
