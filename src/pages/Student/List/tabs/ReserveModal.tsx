/** Book a student into a future lesson (within its capacity). */
import React from 'react';
import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { createReservation, fetchLessonOptions } from '@/services/schedule';
import { fetchStudentOptions } from '@/services/school';

interface Values {
  studentId: number;
  lessonId: number;
  remark?: string;
}

export default function ReserveModal({ trigger, onDone }: { trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <FormModal<Values>
      title={t('reserve.add')}
      trigger={trigger}
      width={560}
      onFinish={async (v) => {
        try {
          await createReservation(v);
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormSelect
        name="studentId"
        label={t('reserve.student')}
        showSearch
        rules={[{ required: true, message: t('reserve.studentRequired') }]}
        debounceTime={300}
        request={async ({ keyWords }) => fetchStudentOptions({ keyword: keyWords })}
        fieldProps={{ filterOption: false }}
      />
      <ProFormSelect
        name="lessonId"
        label={t('reserve.lesson')}
        showSearch
        rules={[{ required: true, message: t('reserve.lessonRequired') }]}
        debounceTime={300}
        request={async ({ keyWords }) => (await fetchLessonOptions({ keyword: keyWords })).map((o) => ({ value: o.value, label: `${o.label} (${t('trial.free', { n: o.free })})`, disabled: o.free <= 0 }))}
        fieldProps={{ filterOption: false }}
      />
      <ProFormText name="remark" label={t('common.remark')} fieldProps={{ maxLength: 200 }} />
    </FormModal>
  );
}
