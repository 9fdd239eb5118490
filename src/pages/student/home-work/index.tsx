/**
 * /student/home-work (docs/rules.md#homework-and-scores): one student's homework, from the student's side: pick a student, see each
 * homework with its submission, record a submission (or a new one after a rejection); the class's teacher or a
 * manager checks or rejects here too.
 */
import React, { useState } from 'react';
import { Button, Card, Space, Table, Typography } from 'antd';
import { ProFormDatePicker, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import dayjs from 'dayjs';
import DeleteAction from '@/components/DeleteAction';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { createHomework, deleteHomework, fetchStudentClasses, fetchStudentHomework } from '@/services/teaching';
import { PlainText, StudentPickerBar, SubmissionModal, SubmissionTag, useStudentParam } from '@/components/Teaching';
import { actionsFor } from '@/domain/homework';
import type { StudentHomework } from '@/types/teaching';
import { compactColumns } from '@/components/RowActions';

/** Assigns homework to this one student, in one of their classes. */
function AssignToStudent({ studentId, onDone }: { studentId: number; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      name="studentHomeworkForm"
      title={t('hw.addForStudent')}
      trigger={<Button type="primary">{t('hw.addForStudent')}</Button>}
      onFinish={(v: Record<string, unknown>) => {
        const due = v.dueDate as string | { format: (f: string) => string };
        const body = { classId: v.classId as number, studentIds: [studentId], title: String(v.title ?? '').trim(), content: String(v.content ?? '').trim(), dueDate: typeof due === 'string' ? due : due.format('YYYY-MM-DD') };
        return save(() => createHomework(body), t('hw.assigned'), onDone);
      }}
    >
      <ProFormSelect name="classId" label={t('hw.class')} request={() => fetchStudentClasses(studentId)} rules={[{ required: true, message: t('hw.class.required') }]} />
      <ProFormText name="title" label={t('hw.title')} fieldProps={{ maxLength: 60 }} rules={[{ required: true, whitespace: true, message: t('hw.title.required') }]} />
      <ProFormTextArea name="content" label={t('hw.content')} fieldProps={{ maxLength: 2000, showCount: true, rows: 4 }} rules={[{ required: true, whitespace: true, message: t('hw.content.required') }]} />
      <ProFormDatePicker name="dueDate" label={t('hw.dueDate')} fieldProps={{ disabledDate: (d: dayjs.Dayjs) => d.isBefore(dayjs().startOf('day')), format: 'YYYY-MM-DD' }} rules={[{ required: true, message: t('hw.dueDate.required') }]} />
    </FormModal>
  );
}

export default function StudentHomeworkPage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const [studentId, setStudentId] = useStudentParam();
  const [move, setMove] = useState<{ sub: StudentHomework; mode: 'check' | 'reject' | 'submit' }>();
  const { data, loading, refresh } = useRequest(() => fetchStudentHomework({ studentId: studentId!, pageSize: 200 }), { ready: !!studentId, refreshDeps: [studentId] });
  return (
    <div style={{ padding: 24 }}>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <StudentPickerBar id="student-homework-picker" value={studentId} onChange={setStudentId}>
            {studentId && access.educationalManagement && <AssignToStudent studentId={studentId} onDone={refresh} />}
          </StudentPickerBar>
          {!studentId ? (
            <Typography.Text type="secondary">{t('hw.pickStudentFirst')}</Typography.Text>
          ) : (
            <Table<StudentHomework>
              rowKey="id"
              loading={loading}
              dataSource={data?.list ?? []}
              pagination={{ pageSize: 10 }}
              scroll={{ x: 900 }}
              expandable={{ expandedRowRender: (r) => <PlainText text={r.content} /> }}
              columns={compactColumns([
                { title: t('hw.title'), dataIndex: 'title' },
                { title: t('hw.class'), dataIndex: 'className' },
                { title: t('hw.dueDate'), dataIndex: 'dueDate' },
                { title: t('common.status'), dataIndex: 'status', render: (_, r) => <SubmissionTag status={r.status} /> },
                {
                  title: t('hw.submissionText'),
                  key: 'text',
                  render: (_, r) => (
                    <Space direction="vertical" size={2}>
                      <PlainText text={r.text} />
                      {r.status === 'checked' && <Typography.Text type="secondary">{t('hw.starsValue', { n: r.stars ?? 0 })}{r.comment ? ` · ${r.comment}` : ''}</Typography.Text>}
                      {r.status === 'rejected' && <Typography.Text type="danger">{t('hw.rejectedBecause', { reason: r.rejectReason ?? '' })}</Typography.Text>}
                    </Space>
                  ),
                },
                {
                  title: t('common.actions'),
                  key: 'actions',
                  fixed: 'right',
                  render: (_, r) => (
                    <Space size={8}>
                      {actionsFor(r.status, 'student').map((a) => (
                        <a key={a} onClick={() => setMove({ sub: r, mode: 'submit' })}>
                          {t('hw.action.submit')}
                        </a>
                      ))}
                      {access.educationalManagement &&
                        actionsFor(r.status, 'teacher').map((a) => (
                          <a key={a} onClick={() => setMove({ sub: r, mode: a as 'check' | 'reject' })}>
                            {t(`hw.action.${a}`)}
                          </a>
                        ))}
                      {access.educationalManagement && <DeleteAction title={t('hw.deleteConfirm', { title: r.title })} onDelete={() => deleteHomework(r.homeworkId)} onDone={refresh} />}
                    </Space>
                  ),
                },
              ])}
            />
          )}
        </Space>
      </Card>
      <SubmissionModal sub={move?.sub} mode={move?.mode} onClose={() => setMove(undefined)} onDone={refresh} />
    </div>
  );
}
