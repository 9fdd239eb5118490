/** New leave request (a future lesson, one of its students, a reason) and the review dialog. */
import React from 'react';
import { ProFormDependency, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import SearchSelect from '@/components/SearchSelect';
import { useIntl } from '@/locales/useIntl';
import { createLeaveRequest, fetchLesson, fetchLessonOptions } from '@/services/schedule';

interface Values {
  lessonId: number;
  studentId: number;
  reason: string;
}

export default function LeaveModal({ trigger, onDone }: { trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<Values>
      title={t('leave.add')}
      trigger={trigger}
      width={560}
      onFinish={(v) => save(() => createLeaveRequest(v), t('common.saved'), onDone)}
    >
      <SearchSelect name="lessonId" label={t('leave.lesson')} requiredText={t('leave.lessonRequired')} search={(keyword) => fetchLessonOptions({ keyword })} />
      <ProFormDependency name={['lessonId']}>
        {({ lessonId }) => (
          <ProFormSelect
            key={lessonId ?? 'none'}
            name="studentId"
            label={t('leave.student')}
            showSearch
            disabled={!lessonId}
            rules={[{ required: true, message: t('leave.studentRequired') }]}
            params={{ lessonId }}
            request={async () => (lessonId ? (await fetchLesson(lessonId)).students.filter((s) => !s.approvedLeave).map((s) => ({ value: s.studentId, label: s.studentName })) : [])}
            fieldProps={{ optionFilterProp: 'label' }}
          />
        )}
      </ProFormDependency>
      <ProFormTextArea name="reason" label={t('leave.reason')} rules={[{ required: true, message: t('leave.reasonRequired') }]} fieldProps={{ maxLength: 200 }} />
    </FormModal>
  );
}

export function ReviewLeaveModal({ title, trigger, danger, onSubmit }: { title: string; trigger: React.ReactElement; danger?: boolean; onSubmit: (remark?: string) => Promise<void> }) {
  const { t } = useIntl();
  return (
    <FormModal<{ remark?: string }>
      title={title}
      trigger={trigger}
      width={460}
      modalProps={{ okButtonProps: { danger } }}
      submitter={{ submitButtonProps: { danger } }}
      onFinish={async (v) => {
        try {
          await onSubmit(v.remark);
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormTextArea name="remark" label={t('leave.reviewRemark')} fieldProps={{ maxLength: 200 }} />
    </FormModal>
  );
}
