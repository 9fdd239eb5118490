/** /pact: contract templates with {variables}; the default one prints a card's contract from the student screens. */
import React, { useRef } from 'react';
import { App, Button, Space, Tag, Typography } from 'antd';
import { ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { GuardedModalForm } from '@/components/FormModal';
import DeleteAction from '@/components/DeleteAction';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { createContractTemplate, deleteContractTemplate, fetchContractTemplates, updateContractTemplate } from '@/services/campus';
import { CONTRACT_LANGS, CONTRACT_VARIABLES, type ContractLang, type ContractTemplate } from '@/types/campus';
import { renderTemplate } from '@/domain/onlineSale';
import { compactTable } from '@/components/RowActions';

function TemplateForm({ row, trigger, onDone }: { row?: ContractTemplate; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <GuardedModalForm<{ name: string; body: string; isDefault: boolean; lang?: ContractLang | 'any' }>
      title={t(row ? 'pact.edit' : 'pact.add')}
      trigger={trigger}
      width={720}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={row ? { ...row, lang: row.lang ?? 'any' } : { isDefault: false, lang: 'any' }}
      onFinish={async (v) => {
        try {
          const body = { name: v.name.trim(), body: v.body, isDefault: !!v.isDefault, lang: v.lang === 'any' ? undefined : v.lang };
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
      <ProFormSelect
        name="lang"
        label={t('pact.lang')}
        tooltip={t('pact.lang.help')}
        allowClear={false}
        options={[{ value: 'any', label: t('pact.lang.any') }, ...CONTRACT_LANGS.map((l) => ({ value: l, label: t(`pact.lang.${l}`) }))]}
      />
      <ProFormSwitch name="isDefault" label={t('pact.default')} />
    </GuardedModalForm>
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
          <Tag>{t(`pact.lang.${r.lang ?? 'any'}`)}</Tag>
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
        {...compactTable(columns)}
        request={tableRequest(fetchContractTemplates)}
        toolBarRender={() => [<TemplateForm key="add" onDone={reload} trigger={<Button type="primary">{t('pact.add')}</Button>} />]}
      />
    </div>
  );
}
