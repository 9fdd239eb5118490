/** /pact: contract templates with {variables}; the default one prints a card's contract from the student screens. */
import React from 'react';
import { Space, Tag, Typography } from 'antd';
import { ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { CrudScreen, RecordForm } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { createContractTemplate, deleteContractTemplate, fetchContractTemplates, updateContractTemplate } from '@/services/campus';
import { CONTRACT_LANGS, CONTRACT_VARIABLES, type ContractLang, type ContractTemplate } from '@/types/campus';
import { renderTemplate } from '@/domain/onlineSale';

type PactBody = Parameters<typeof createContractTemplate>[0];

function TemplateForm({ row, trigger, onDone }: { row?: ContractTemplate; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <RecordForm<ContractTemplate, { name: string; body: string; isDefault: boolean; lang?: ContractLang | 'any' }, PactBody>
      name="pact"
      record={row}
      title={t(row ? 'pact.edit' : 'pact.add')}
      trigger={trigger}
      width={720}
      defaults={{ isDefault: false, lang: 'any' }}
      toValues={(r) => ({ ...r, lang: r.lang ?? 'any' })}
      toBody={(v) => ({ name: v.name.trim(), body: v.body, isDefault: !!v.isDefault, lang: v.lang === 'any' ? undefined : v.lang })}
      create={createContractTemplate}
      update={updateContractTemplate}
      onDone={onDone}
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
    </RecordForm>
  );
}

export default function PactPage() {
  const { t } = useIntl();
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
  ];
  return (
    <CrudScreen<ContractTemplate>
      pagination={{ defaultPageSize: 20 }}
      headerTitle={t('pact.title')}
      columns={columns}
      list={fetchContractTemplates}
      addLabel={t('pact.add')}
      editLabel={(r) => `${t('common.edit')} ${r.name}`}
      form={(p) => <TemplateForm row={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('pact.deleteConfirm', { name: r.name }), onDelete: () => deleteContractTemplate(r.id) })}
    />
  );
}
