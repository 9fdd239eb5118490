/**
 * /system_bulletin (PRODUCT.md §5.11): platform announcements. Platform roles write them (title, plain-text body,
 * publish window, pinned); every user reads those in their window. The newest unread shows once on the dashboard.
 */
import React, { useRef, useState } from 'react';
import { App, Button, Modal, Space, Tag, Typography } from 'antd';
import { ProFormDateRangePicker, ProFormSwitch, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { GuardedModalForm } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { createBulletin, deleteBulletin, fetchBulletins, markBulletinRead, updateBulletin } from '@/services/notice';
import DeleteAction from '@/components/DeleteAction';
import { PlainText } from '@/components/Teaching';
import type { Bulletin } from '@/types/notice';
import { compactTable } from '@/components/RowActions';

const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : (v as { format: (f: string) => string }).format('YYYY-MM-DD'));

function BulletinForm({ row, trigger, onDone }: { row?: Bulletin; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <GuardedModalForm
      name={`bulletin${row?.id ?? 'New'}`}
      title={t(row ? 'bulletin.edit' : 'bulletin.add')}
      trigger={trigger}
      width={640}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={row ? { ...row, window: [row.startDate, row.endDate] } : { pinned: false }}
      onFinish={async (v: Record<string, unknown>) => {
        const [start, end] = (v.window as unknown[]) ?? [];
        const body = { title: String(v.title ?? '').trim(), body: String(v.body ?? '').trim(), startDate: day(start), endDate: day(end), pinned: !!v.pinned };
        try {
          if (row) await updateBulletin({ ...body, id: row.id });
          else await createBulletin(body);
          message.success(t('bulletin.published'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormText name="title" label={t('bulletin.title')} fieldProps={{ maxLength: 80 }} rules={[{ required: true, whitespace: true, message: t('bulletin.title.required') }]} />
      <ProFormTextArea name="body" label={t('bulletin.body')} fieldProps={{ maxLength: 3000, showCount: true, rows: 6 }} rules={[{ required: true, whitespace: true, message: t('bulletin.body.required') }]} />
      <ProFormDateRangePicker name="window" label={t('bulletin.window')} fieldProps={{ format: 'YYYY-MM-DD' }} rules={[{ required: true, message: t('bulletin.window.required') }]} />
      <ProFormSwitch name="pinned" label={t('bulletin.pinned')} />
    </GuardedModalForm>
  );
}

export default function BulletinPage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const actionRef = useRef<ActionType>();
  const [reading, setReading] = useState<Bulletin>();
  const reload = () => actionRef.current?.reload();
  const columns: ProColumns<Bulletin>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('bulletin.title'),
      dataIndex: 'title',
      search: false,
      render: (_, r) => (
        <Space>
          {r.pinned && <Tag color="red">{t('bulletin.pinned')}</Tag>}
          {!r.read && <Tag color="blue">{t('inbox.unread')}</Tag>}
          <a
            onClick={() => {
              setReading(r);
              if (!r.read) void markBulletinRead(r.id).then(reload, () => undefined);
            }}
          >
            {r.title}
          </a>
        </Space>
      ),
    },
    { title: t('bulletin.window'), dataIndex: 'startDate', search: false, render: (_, r) => `${r.startDate} ~ ${r.endDate}` },
    { title: t('bulletin.author'), dataIndex: 'authorName', search: false },
    { title: t('bulletin.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    {
      title: t('common.actions'),
      fixed: 'right',
      valueType: 'option',
      hideInTable: !access.isPlatform,
      render: (_, r) => (
        <Space size={8}>
          <BulletinForm row={r} onDone={reload} trigger={<a>{t('common.edit')}</a>} />
          <DeleteAction title={t('bulletin.deleteConfirm', { title: r.title })} onDelete={() => deleteBulletin(r.id)} onDone={reload} />
        </Space>
      ),
    },
  ];
  return (
    <div style={{ padding: 24 }}>
      <ProTable<Bulletin>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        actionRef={actionRef}
        headerTitle={t('menu.bulletin')}
        {...compactTable(columns)}
        request={tableRequest(fetchBulletins)}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => (access.isPlatform ? [<BulletinForm key="add" onDone={reload} trigger={<Button type="primary">{t('bulletin.add')}</Button>} />] : [])}
      />
      <Modal open={!!reading} onCancel={() => setReading(undefined)} footer={null} title={reading?.title} destroyOnHidden>
        {reading && (
          <>
            <Typography.Paragraph type="secondary">
              {reading.authorName} · {reading.createdAt}
            </Typography.Paragraph>
            <PlainText text={reading.body} />
          </>
        )}
      </Modal>
    </div>
  );
}
