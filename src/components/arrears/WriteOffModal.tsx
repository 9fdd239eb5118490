/** Write off an open arrears item with a reason (docs/rules.md#arrears): the modal says what is given up; the server logs it. */
import React from 'react';
import { Alert } from 'antd';
import { ProFormTextArea } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { writeOffArrears } from '@/services/arrears';
import type { ArrearsItem } from '@/types/arrears';
import { formatHours, formatMoney } from '@/utils/format';

export default function WriteOffModal({ item, trigger, onDone }: { item: ArrearsItem; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <FormModal<{ reason: string }>
      title={t('arrears.writeOffTitle', { name: item.studentName })}
      trigger={trigger}
      width={480}
      modalProps={{ okButtonProps: { danger: true } }}
      submitter={{ searchConfig: { submitText: t('arrears.writeOff') }, submitButtonProps: { danger: true } }}
      onFinish={async (v) => {
        try {
          await writeOffArrears({ id: item.id, reason: v.reason });
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('arrears.writeOffConfirm', { hours: formatHours(item.hours), value: formatMoney(item.value) })}
        description={t('arrears.writeOffWhat', { date: item.lessonDate, cls: item.className, hours: formatHours(item.hours), value: formatMoney(item.value) })}
      />
      <ProFormTextArea name="reason" label={t('arrears.writeOffReason')} rules={[{ required: true, whitespace: true, message: t('arrears.reasonRequired') }]} fieldProps={{ maxLength: 200, showCount: true }} />
    </FormModal>
  );
}
