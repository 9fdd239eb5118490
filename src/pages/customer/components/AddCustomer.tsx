/** add-customer: fast-check by mobile first; an existing lead shows who owns it instead of being added again. */
import React, { useRef, useState } from 'react';
import { App, Button, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProFormSelect } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { createLead, fastCheckMobile, fetchOwners } from '@/services/customer';
import type { FastCheckResult, LeadCreateBody } from '@/types/customer';
import LeadFields from './LeadFields';
import { FastCheckAlert } from './FastCheck';

interface Props {
  /** Managers and dealers choose the owner (or the pool). */
  canAssign: boolean;
  onDone: () => void;
}

export default function AddCustomer({ canAssign, onDone }: Props) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [check, setCheck] = useState<{ mobile: string; res: FastCheckResult }>();
  const seq = useRef(0);

  const runCheck = async (mobile: string) => {
    if (!/^1\d{10}$/.test(mobile)) {
      setCheck(undefined);
      return undefined;
    }
    const n = ++seq.current;
    try {
      const res = await fastCheckMobile(mobile);
      if (n === seq.current) setCheck({ mobile, res });
      return res;
    } catch {
      return undefined;
    }
  };

  return (
    <FormModal<LeadCreateBody & { ownerId?: number }>
      name="addCustomer"
      title={t('cu.add.title')}
      form={form}
      width={560}
      layout="horizontal"
      labelCol={{ span: 6 }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {t('cu.add.title')}
        </Button>
      }
      initialValues={{ intention: 'B', source: 'walk_in' }}
      modalProps={{ onCancel: () => setCheck(undefined) }}
      onValuesChange={(changed) => {
        if ('mobile' in changed) void runCheck(String(changed.mobile ?? '').trim());
      }}
      onFinish={async (values) => {
        const mobile = String(values.mobile).trim();
        const res = check?.mobile === mobile ? check.res : await runCheck(mobile);
        if (res?.exists) {
          message.error(t('cu.add.duplicate'));
          return false;
        }
        try {
          await createLead({ ...values, mobile, ownerId: canAssign ? values.ownerId : undefined });
          message.success(t('cu.add.done', { name: values.name }));
          setCheck(undefined);
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <LeadFields
        mobileValidator={async (mobile) => {
          const res = check?.mobile === mobile ? check.res : await runCheck(mobile);
          if (res?.exists) throw new Error(t('cu.add.duplicate'));
        }}
        mobileExtra={check ? <div style={{ marginTop: 8 }}><FastCheckAlert result={check.res} mobile={check.mobile} /></div> : undefined} />
      {canAssign && (
        <ProFormSelect
          name="ownerId"
          label={t('cu.field.owner')}
          placeholder={t('cu.owner.me')}
          extra={t('cu.owner.meHint')}
          request={async () => [{ value: 0, label: t('cu.owner.pool') }, ...(await fetchOwners())]}
        />
      )}
    </FormModal>
  );
}
