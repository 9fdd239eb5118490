/** InvalidStudent modal: pick a student and one of their cards, then invalidate it with a reason (hours forfeited). */
import React, { useState } from 'react';
import { Form } from 'antd';
import { ProFormSelect } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import SearchSelect from '@/components/SearchSelect';
import { fetchCardOptions, fetchStudentOptions } from '@/services/school';
import type { StudentCard } from '@/types/school';
import { CardOpModal } from '@/components/school/CardOps';
import { formatHours } from '@/utils/format';

export default function InvalidStudent({ trigger, onDone }: { trigger: React.ReactElement; onDone?: () => void }) {
  const { t } = useIntl();
  const [form] = Form.useForm();
  const [cards, setCards] = useState<StudentCard[]>([]);
  const [picked, setPicked] = useState<StudentCard>();
  return (
    <>
      <FormModal
        name="invalidStudent"
        title={t('invalid.title')}
        form={form}
        trigger={trigger}
        width={560}
        submitter={{ searchConfig: { submitText: t('invalid.next') } }}
        onFinish={async (v: { cardId: number }) => {
          setPicked(cards.find((c) => c.id === v.cardId));
          return true;
        }}
      >
        <SearchSelect
          name="studentId"
          label={t('card.student')}
          fieldProps={{
            onChange: async (id: number) => {
              form.setFieldsValue({ cardId: undefined });
              setCards(id ? (await fetchCardOptions(id)).map((o) => o.card).filter((c) => c.status !== 'invalid') : []);
            },
          }}
          search={(keyword) => fetchStudentOptions({ keyword, hasCard: 1 })}
          requiredText={t('card.field.student.required')}
        />
        <ProFormSelect
          name="cardId"
          label={t('card.card')}
          options={cards.map((c) => ({ value: c.id, label: `${c.cardNo} · ${c.templateName} · ${formatHours(c.remainingHours)} · ${t(`card.status.${c.status}`)}` }))}
          rules={[{ required: true, message: t('invalid.card.required') }]}
        />
      </FormModal>
      {picked && (
        <CardOpModal
          card={picked}
          op="invalidate"
          open
          onOpenChange={(o) => !o && setPicked(undefined)}
          onDone={() => {
            setPicked(undefined);
            onDone?.();
          }}
        />
      )}
    </>
  );
}
