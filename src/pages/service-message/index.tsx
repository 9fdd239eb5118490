/** /service-message (docs/rules.md#notices-and-notifications): notices sent to parents, with their read counts; send a new one. */
import React, { useRef, useState } from 'react';
import { Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ListPage } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchNotices } from '@/services/notice';
import { RECEIVER_SEGMENTS } from '@/domain/receivers';
import type { Notice } from '@/types/notice';
import SendNoticeModal from './components/SendNoticeModal';
import NoticeContentModal from './components/NoticeContentModal';

export default function ServiceMessagePage() {
  const { t } = useIntl();
  const actionRef = useRef<ActionType>();
  const [viewing, setViewing] = useState<number>();
  const columns: ProColumns<Notice>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('notice.keywordHint') } },
    { title: t('notice.title'), dataIndex: 'title', search: false },
    {
      title: t('notice.segment'),
      dataIndex: 'segment',
      valueType: 'select',
      valueEnum: Object.fromEntries(RECEIVER_SEGMENTS.map((s) => [s, { text: t(`notice.segment.${s}`) }])),
    },
    { title: t('notice.sentCount'), dataIndex: 'receiverCount', search: false },
    { title: t('notice.readCount'), dataIndex: 'readCount', search: false, render: (_, r) => `${r.readCount} / ${r.receiverCount}` },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { sent: { text: t('notice.status.sent') }, scheduled: { text: t('notice.status.scheduled') } },
      render: (_, r) => <Tag color={r.status === 'sent' ? 'green' : 'blue'}>{t(`notice.status.${r.status}`)}</Tag>,
    },
    { title: t('notice.sendAt'), dataIndex: 'sendAt', search: false, sorter: true },
    { title: t('notice.sender'), dataIndex: 'senderName', search: false },
    { title: t('common.actions'), fixed: 'right', valueType: 'option', render: (_, r) => <a onClick={() => setViewing(r.id)}>{t('common.view')}</a> },
  ];
  return (
    <ListPage<Notice>
      actionRef={actionRef}
      headerTitle={t('menu.serviceMessage')}
      columns={columns}
      request={tableRequest(fetchNotices)}
      tools={[<SendNoticeModal key="send" onDone={() => actionRef.current?.reload()} />]}
    >
    <NoticeContentModal id={viewing} onClose={() => setViewing(undefined)} />
    </ListPage>
  );
}
