/** The lead form fields shared by add-customer and ModifyCustomer. */
import React from 'react';
import { Form } from 'antd';
import { ProFormDatePicker, ProFormDependency, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import NumberInput from '@/components/NumberInput';
import { numberRange } from '@/components/NumberInput/rules';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { fetchCustomerCampuses, fetchMerchantOptions } from '@/services/customer';
import { intentionOptions, sourceOptions } from '@/components/customer/labels';
import { MOBILE_RE } from '@/utils/fields';

interface Props {
  mobileExtra?: React.ReactNode;
  mobileDisabled?: boolean;
  /** Extra check of a well-formed mobile (add-customer: fast-check refuses a known number). */
  mobileValidator?: (mobile: string) => Promise<void>;
}

export default function LeadFields({ mobileExtra, mobileDisabled, mobileValidator }: Props) {
  const { t } = useIntl();
  return (
    <>
      <ProFormText
        name="mobile"
        label={t('cu.field.mobile')}
        disabled={mobileDisabled}
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        placeholder={t('cu.field.mobile.placeholder')}
        extra={mobileExtra}
        rules={[
          { required: true, message: t('cu.field.mobile.required') },
          { pattern: MOBILE_RE, message: t('cu.field.mobile.invalid') },
          ...(mobileValidator
            ? [{ validator: async (_: unknown, v?: string) => (v && /^1\d{10}$/.test(v.trim()) ? mobileValidator(v.trim()) : undefined), validateTrigger: 'onSubmit' }]
            : []),
        ]}
      />
      <ProFormText name="name" label={t('cu.field.name')} fieldProps={{ maxLength: 30 }} rules={[{ required: true, whitespace: true, message: t('cu.field.name.required') }]} />
      <ProFormText name="parentName" label={t('cu.field.parentName')} fieldProps={{ maxLength: 30 }} />
      <ProFormSelect
        name="gender"
        label={t('cu.field.gender')}
        options={[
          { value: 'female', label: t('cu.gender.female') },
          { value: 'male', label: t('cu.gender.male') },
        ]}
      />
      <Form.Item name="age" label={t('cu.field.age')} rules={[numberRange({ min: 1, max: 80, integer: true })]}>
        <NumberInput />
      </Form.Item>
      <ProFormSelect
        name="campusId"
        label={t('cu.field.campus')}
        request={fetchCustomerCampuses}
        rules={[{ required: true, message: t('cu.field.campus.required') }]}
      />
      <ProFormSelect name="intention" label={t('cu.field.intention')} options={intentionOptions()} rules={[{ required: true, message: t('cu.field.intention.required') }]} />
      <ProFormSelect name="source" label={t('cu.field.source')} options={sourceOptions()} rules={[{ required: true, message: t('cu.field.source.required') }]} />
      <ProFormDependency name={['source']}>
        {({ source }) =>
          source === 'merchant' ? (
            <ProFormSelect
              name="merchantId"
              label={t('cu.field.merchant')}
              request={fetchMerchantOptions}
              rules={[{ required: true, message: t('cu.field.merchant.required') }]}
            />
          ) : null
        }
      </ProFormDependency>
      <ProFormText name="course" label={t('cu.field.course')} fieldProps={{ maxLength: 50 }} />
      <ProFormDatePicker
        name="nextFollowUpAt"
        label={t('cu.field.nextFollowUpAt')}
        fieldProps={{ disabledDate: (d: Dayjs) => d.isBefore(dayjs().startOf('day')), format: 'YYYY-MM-DD' }}
      />
      <ProFormTextArea name="remark" label={t('cu.field.remark')} fieldProps={{ maxLength: 500, showCount: true }} />
    </>
  );
}
