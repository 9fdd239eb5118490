/**
 * /system_bulletin (docs/rules.md#notices-and-notifications): platform announcements. Platform roles write them (title, plain-text body,
 * publish window, pinned); every user reads those in their window. The newest unread shows once on the dashboard.
 */
import React, { useRef, useState } from 'react';
import { Modal, Space, Tag, Typography } from 'antd';
import { ProFormDateRangePicker, ProFormSwitch, ProFormText, ProFormTextArea, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { CrudScreen, RecordForm } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { createBulletin, deleteBulletin, fetchBulletins, markBulletinRead, updateBulletin } from '@/services/notice';
import { PlainText } from '@/components/Teaching';
import type { Bulletin } from '@/types/notice';

type BulletinBody = Parameters<typeof createBulletin>[0];

const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : (v as { format: (f: string) => string }).format('YYYY-MM-DD'));

function BulletinForm({ row, trigger, onDone }: { row?: Bulletin; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <RecordForm<Bulletin, Record<string, unknown>, BulletinBody>
      name="bulletin"
      record={row}
      title={t(row ? 'bulletin.edit' : 'bulletin.add')}
      trigger={trigger}
      width={640}
      defaults={{ pinned: false }}
      toValues={(r) => ({ ...r, window: [r.startDate, r.endDate] })}
      toBody={(v) => {
        const [start, end] = (v.window as unknown[]) ?? [];
        return { title: String(v.title ?? '').trim(), body: String(v.body ?? '').trim(), startDate: day(start), endDate: day(end), pinned: !!v.pinned };
      }}
      create={createBulletin}
      update={updateBulletin}
      successText={t('bulletin.published')}
      onDone={onDone}
    >
      <ProFormText name="title" label={t('bulletin.title')} fieldProps={{ maxLength: 80 }} rules={[{ required: true, whitespace: true, message: t('bulletin.title.required') }]} />
      <ProFormTextArea name="body" label={t('bulletin.body')} fieldProps={{ maxLength: 3000, showCount: true, rows: 6 }} rules={[{ required: true, whitespace: true, message: t('bulletin.body.required') }]} />
      <ProFormDateRangePicker name="window" label={t('bulletin.window')} fieldProps={{ format: 'YYYY-MM-DD' }} rules={[{ required: true, message: t('bulletin.window.required') }]} />
      <ProFormSwitch name="pinned" label={t('bulletin.pinned')} />
    </RecordForm>
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
  ];
  return (
    <CrudScreen<Bulletin>
      actionRef={actionRef}
      headerTitle={t('menu.bulletin')}
      columns={columns}
      list={fetchBulletins}
      canEdit={access.isPlatform}
      addLabel={t('bulletin.add')}
      form={(p) => <BulletinForm row={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('bulletin.deleteConfirm', { title: r.title }), onDelete: () => deleteBulletin(r.id) })}
    >
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
    </CrudScreen>
  );
}
