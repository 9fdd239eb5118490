/** Distribution and batch-distribution: assign an owner to one or many leads (managers and dealers). */
import React from 'react';
import { App, Typography } from 'antd';
import { ProFormSelect } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { distributeLeads, fetchOwners } from '@/services/customer';

interface Props {
  ids: number[];
  /** Names of the leads, shown in the dialog. */
  names: string[];
  trigger: JSX.Element;
  onDone: () => void;
}

export default function Distribution({ ids, names, trigger, onDone }: Props) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const batch = ids.length > 1;
  return (
    <FormModal<{ ownerId: number }>
      name="distribution"
      title={batch ? t('cu.dist.batchTitle', { n: ids.length }) : t('cu.dist.title', { name: names[0] ?? '' })}
      width={480}
      trigger={trigger}
      onFinish={async ({ ownerId }) => {
        try {
          const res = await distributeLeads({ ids, ownerId });
          message.success(t('cu.dist.done', { n: res.distributed }));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      {batch && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
          {names.join('、')}
        </Typography.Paragraph>
      )}
      <ProFormSelect name="ownerId" label={t('cu.dist.owner')} request={fetchOwners} rules={[{ required: true, message: t('cu.dist.owner.required') }]} />
      <Typography.Text type="secondary">{t('cu.dist.hint')}</Typography.Text>
    </FormModal>
  );
}
