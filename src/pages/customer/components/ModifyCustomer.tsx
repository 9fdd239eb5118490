/** ModifyCustomer: edit a lead's details (status changes go through follow-ups and conversion). */
import React from 'react';
import { App } from 'antd';
import FormModal from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { updateLead } from '@/services/customer';
import type { Lead, LeadUpdateBody } from '@/types/customer';
import LeadFields from './LeadFields';

export default function ModifyCustomer({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <FormModal<Omit<LeadUpdateBody, 'id'>>
      name="modifyCustomer"
      title={t('cu.edit.title', { name: lead.name })}
      width={560}
      layout="horizontal"
      labelCol={{ span: 6 }}
      trigger={<a>{t('common.edit')}</a>}
      initialValues={{
        mobile: lead.mobile,
        name: lead.name,
        parentName: lead.parentName,
        gender: lead.gender,
        age: lead.age,
        campusId: lead.campusId,
        intention: lead.intention,
        source: lead.source,
        merchantId: lead.merchantId,
        course: lead.course,
        nextFollowUpAt: lead.nextFollowUpAt,
        remark: lead.remark,
      }}
      onFinish={async (values) => {
        try {
          // Every field is sent (an emptied field clears the value).
          const body: LeadUpdateBody = {
            id: lead.id,
            ...values,
            parentName: values.parentName ?? '',
            course: values.course ?? '',
            remark: values.remark ?? '',
            nextFollowUpAt: values.nextFollowUpAt ?? '',
          };
          for (const k of ['gender', 'age', 'merchantId'] as const) if (!(k in body) || body[k] === undefined) (body as unknown as Record<string, unknown>)[k] = null;
          await updateLead(body);
          message.success(t('common.saved'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <LeadFields mobileDisabled={lead.status === 'formal'} />
    </FormModal>
  );
}
