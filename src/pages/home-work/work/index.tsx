/**
 * /home-work/work (docs/rules.md#homework-and-scores, docs/screens.md#teaching-and-communication): homework of the caller's classes. Add (a class or chosen students of
 * it, title, content, due date), view with the submissions and checking (stars and a comment) or rejecting (with a
 * reason), delete (refused by the server while a submission is checked). Teachers see and manage their own classes.
 */
import React, { useRef, useState } from 'react';
import { Button, Drawer, Progress, Space, Table, Typography } from 'antd';
import { ProFormDatePicker, ProFormDependency, ProFormSelect, ProFormText, ProFormTextArea, type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { createHomework, deleteHomework, fetchClassStudents, fetchHomework, fetchSubmissions } from '@/services/teaching';
import { fetchClassOptions } from '@/services/school';
import { useAppAccess } from '@/hooks/useSession';
import DeleteAction from '@/components/DeleteAction';
import { PlainText, SubmissionModal, SubmissionTag } from '@/components/Teaching';
import { actionsFor } from '@/domain/homework';
import type { Homework, Submission } from '@/types/teaching';
import { ListPage } from '@/components/crud';
import { compactColumns } from '@/components/RowActions';

function AddHomework({ onDone }: { onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      name="homeworkForm"
      title={t('hw.add')}
      trigger={<Button type="primary">{t('hw.add')}</Button>}
      width={600}
      onFinish={(v: Record<string, unknown>) => {
        const due = v.dueDate as string | { format: (f: string) => string };
        const body = {
          classId: v.classId as number,
          studentIds: (v.studentIds as number[] | undefined) ?? [],
          title: String(v.title ?? '').trim(),
          content: String(v.content ?? '').trim(),
          dueDate: typeof due === 'string' ? due : due.format('YYYY-MM-DD'),
        };
        return save(() => createHomework(body), t('hw.assigned'), onDone);
      }}
    >
      <ProFormSelect name="classId" label={t('hw.class')} request={() => fetchClassOptions()} showSearch rules={[{ required: true, message: t('hw.class.required') }]} />
      <ProFormDependency name={['classId']}>
        {({ classId }) => (
          <ProFormSelect
            key={classId ?? 'none'}
            name="studentIds"
            label={t('hw.students')}
            mode="multiple"
            extra={t('hw.studentsHint')}
            disabled={!classId}
            params={{ classId }}
            request={async () => (classId ? fetchClassStudents(classId) : [])}
          />
        )}
      </ProFormDependency>
      <ProFormText name="title" label={t('hw.title')} fieldProps={{ maxLength: 60 }} rules={[{ required: true, whitespace: true, message: t('hw.title.required') }]} />
      <ProFormTextArea name="content" label={t('hw.content')} fieldProps={{ maxLength: 2000, showCount: true, rows: 4 }} rules={[{ required: true, whitespace: true, message: t('hw.content.required') }]} />
      <ProFormDatePicker
        name="dueDate"
        label={t('hw.dueDate')}
        fieldProps={{ disabledDate: (d: dayjs.Dayjs) => d.isBefore(dayjs().startOf('day')), format: 'YYYY-MM-DD' }}
        rules={[{ required: true, message: t('hw.dueDate.required') }]}
      />
    </FormModal>
  );
}

function SubmissionsDrawer({ homework, onClose, onChanged }: { homework?: Homework; onClose: () => void; onChanged: () => void }) {
  const { t } = useIntl();
  const [move, setMove] = useState<{ sub: Submission; mode: 'check' | 'reject' | 'submit' }>();
  const { data, loading, refresh } = useRequest(() => fetchSubmissions(homework!.id), { ready: !!homework, refreshDeps: [homework?.id] });
  const canCheck = !!data?.canCheck;
  const columns = [
    { title: t('hw.student'), dataIndex: 'studentName', key: 'studentName' },
    { title: t('common.status'), dataIndex: 'status', key: 'status', render: (_: unknown, r: Submission) => <SubmissionTag status={r.status} /> },
    {
      title: t('hw.submissionText'),
      key: 'text',
      render: (_: unknown, r: Submission) => (
        <Space direction="vertical" size={2}>
          <PlainText text={r.text} />
          {r.status === 'checked' && (
            <Typography.Text type="secondary">
              {t('hw.starsValue', { n: r.stars ?? 0 })}
              {r.comment ? ` · ${r.comment}` : ''}
            </Typography.Text>
          )}
          {r.status === 'rejected' && <Typography.Text type="danger">{t('hw.rejectedBecause', { reason: r.rejectReason ?? '' })}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('hw.submittedAt'), dataIndex: 'submittedAt', key: 'submittedAt', render: (v?: string) => v ?? '-' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right' as const,
      render: (_: unknown, r: Submission) => (
        <Space size={8}>
          {canCheck && actionsFor(r.status, 'teacher').map((a) => (
            <a key={a} onClick={() => setMove({ sub: r, mode: a as 'check' | 'reject' })}>
              {t(`hw.action.${a}`)}
            </a>
          ))}
          {actionsFor(r.status, 'student').map((a) => (
            <a key={a} onClick={() => setMove({ sub: r, mode: 'submit' })}>
              {t('hw.action.submit')}
            </a>
          ))}
        </Space>
      ),
    },
  ];
  return (
    <Drawer open={!!homework} onClose={onClose} width={880} title={homework ? t('hw.viewTitle', { title: homework.title }) : undefined} destroyOnHidden>
      {homework && (
        <>
          <Typography.Paragraph type="secondary">
            {homework.className} · {t('hw.dueDate')} {homework.dueDate}
          </Typography.Paragraph>
          <PlainText text={homework.content} />
          <Table<Submission> style={{ marginTop: 16 }} rowKey="id" size="small" loading={loading} dataSource={data?.list ?? []} columns={compactColumns(columns)} pagination={false} scroll={{ x: 800 }} />
          <SubmissionModal
            sub={move?.sub}
            mode={move?.mode}
            onClose={() => setMove(undefined)}
            onDone={() => {
              refresh();
              onChanged();
            }}
          />
        </>
      )}
    </Drawer>
  );
}

export default function HomeworkPage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const actionRef = useRef<ActionType>();
  const [viewing, setViewing] = useState<Homework>();
  const reload = () => actionRef.current?.reload();
  const columns: ProColumns<Homework>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('hw.keywordHint') } },
    { title: t('hw.title'), dataIndex: 'title', search: false, sorter: true, render: (_, r) => <Typography.Text>{r.title}</Typography.Text> },
    { title: t('hw.class'), dataIndex: 'classId', valueType: 'select', request: () => fetchClassOptions({ all: 1 }), fieldProps: { showSearch: true }, render: (_, r) => r.className },
    { title: t('hw.dueDate'), dataIndex: 'dueDate', search: false, sorter: true },
    {
      title: t('hw.progress'),
      dataIndex: 'counts',
      search: false,
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ minWidth: 160 }}>
          <Progress aria-label={t('hw.progress')} percent={r.counts.total ? Math.round(((r.counts.total - r.counts.pending) / r.counts.total) * 100) : 0} size="small" />
          <Typography.Text type="secondary">{t('hw.countsLine', { submitted: r.counts.submitted, checked: r.counts.checked, rejected: r.counts.rejected, pending: r.counts.pending })}</Typography.Text>
        </Space>
      ),
    },
    { title: t('hw.createdBy'), dataIndex: 'createdBy', search: false },
    { title: t('hw.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    {
      title: t('common.actions'),
      valueType: 'option',
      render: (_, r) => (
        <Space size={8}>
          <a onClick={() => setViewing(r)}>{t('common.view')}</a>
          {access.educationalManagement && (
            <DeleteAction title={t('hw.deleteConfirm', { title: r.title })} onDelete={() => deleteHomework(r.id)} onDone={reload} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage<Homework>
      actionRef={actionRef}
      headerTitle={t('menu.homework')}
      columns={columns}
      request={tableRequest(fetchHomework)}
      tools={access.educationalManagement ? [<AddHomework key="add" onDone={reload} />] : []}
    >
    <SubmissionsDrawer homework={viewing} onClose={() => setViewing(undefined)} onChanged={reload} />
    </ListPage>
  );
}
