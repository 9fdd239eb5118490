/** Book a student into a future lesson (within its capacity). */
import React from 'react';
import { ProFormText } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import SearchSelect, { searchBookableLessons, searchStudents } from '@/components/SearchSelect';
import { useIntl } from '@/locales/useIntl';
import { createReservation } from '@/services/schedule';

interface Values {
  studentId: number;
  lessonId: number;
  remark?: string;
}

export default function ReserveModal({ trigger, onDone }: { trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<Values>
      title={t('reserve.add')}
      trigger={trigger}
      width={560}
      onFinish={(v) => save(() => createReservation(v), t('common.saved'), onDone)}
    >
      <SearchSelect name="studentId" label={t('reserve.student')} requiredText={t('reserve.studentRequired')} search={searchStudents} />
      <SearchSelect name="lessonId" label={t('reserve.lesson')} requiredText={t('reserve.lessonRequired')} search={searchBookableLessons} />
      <ProFormText name="remark" label={t('common.remark')} fieldProps={{ maxLength: 200 }} />
    </FormModal>
  );
}
