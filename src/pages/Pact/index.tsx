/** /pact: contract templates with {variables}; the default one prints a card's contract from the student screens. */
import React, { useRef } from 'react';
import { App, Button, Space, Tag, Typography } from 'antd';
import { ModalForm, ProFormSwitch, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import DeleteAction from '@/components/DeleteAction';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { createContractTemplate, deleteContractTemplate, fetchContractTemplates, updateContractTemplate } from '@/services/campus';
import { CONTRACT_VARIABLES, type ContractTemplate } from '@/types/campus';
import { renderTemplate } from '@/domain/onlineSale';

function TemplateForm({ row, trigger, onDone }: { row?: ContractTemplate; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <ModalForm<{ name: string; body: string; isDefault: boolean }>
      title={t(row ? 'pact.edit' : 'pact.add')}
      trigger={trigger}
      width={720}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={row ?? { isDefault: false }}
      onFinish={async (v) => {
        try {
          const body = { name: v.name.trim(), body: v.body, isDefault: !!v.isDefault };
          if (row) await updateContractTemplate({ ...body, id: row.id });
          else await createContractTemplate(body);
          message.success(t('common.saved'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormText name="name" label={t('pact.name')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('web.required') }]} />
      <ProFormTextArea
        name="body"
        label={t('pact.body')}
        fieldProps={{ rows: 12, maxLength: 5000, showCount: true }}
        rules={[
          { required: true, whitespace: true, message: t('web.required') },
          {
            validator: (_r: unknown, v?: string) => {
              const unknown = renderTemplate(v ?? '', {}).unknown;
              return unknown.length ? Promise.reject(new Error(t('pact.unknown', { names: unknown.join(', ') }))) : Promise.resolve();
            },
          },
        ]}
      />
      <Typography.Paragraph type="secondary">
        {t('pact.variables')}{' '}
        {CONTRACT_VARIABLES.map((v) => (
          <Tag key={v}>{`{${v}}`}</Tag>
        ))}
      </Typography.Paragraph>
      <ProFormSwitch name="isDefault" label={t('pact.default')} />
    </ModalForm>
  );
}

export default function PactPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const reload = () => ref.current?.reload();
  const columns: ProColumns<ContractTemplate>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('pact.name'),
      dataIndex: 'name',
      search: false,
      sorter: true,
      render: (_, r) => (
        <Space>
          {r.name}
          {r.isDefault && <Tag color="blue">{t('pact.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('pact.excerpt'), dataIndex: 'body', search: false, ellipsis: true, width: 320 },
    { title: t('pact.updatedAt'), dataIndex: 'updatedAt', search: false, sorter: true },
    {
      title: t('common.actions'),
      fixed: 'right',
      valueType: 'option',
      render: (_, r) => (
        <Space size={8}>
          <TemplateForm row={r} onDone={reload} trigger={<a aria-label={`${t('common.edit')} ${r.name}`}>{t('common.edit')}</a>} />
          <DeleteAction title={t('pact.deleteConfirm', { name: r.name })} onDelete={() => deleteContractTemplate(r.id)} onDone={reload} />
        </Space>
      ),
    },
  ];
  return (
    <div style={{ padding: 24 }}>
      <ProTable<ContractTemplate>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        actionRef={ref}
        headerTitle={t('pact.title')}
        columns={columns}
        request={tableRequest(fetchContractTemplates)}
        toolBarRender={() => [<TemplateForm key="add" onDone={reload} trigger={<Button type="primary">{t('pact.add')}</Button>} />]}
      />
    </div>
  );
}
