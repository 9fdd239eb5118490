/** /market_merchant: partner merchants for co-branded marketing (CRUD), with the leads sourced from each. */
import React from 'react';
import { Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProForm, ProFormSelect, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import ImageUpload from '@/components/ImageUpload';
import { CrudScreen, RecordForm } from '@/components/crud';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { createMerchant, deleteMerchant, fetchMerchants, updateMerchant } from '@/services/customer';
import type { Merchant, MerchantBody } from '@/types/customer';
import { formatMobile } from '@/components/customer/labels';
import { MOBILE_RE } from '@/utils/fields';

function MerchantForm({ merchant, onDone, trigger }: { merchant?: Merchant; onDone: () => void; trigger: JSX.Element }) {
  const { t } = useIntl();
  return (
    <RecordForm<Merchant, MerchantBody, MerchantBody>
      name="merchantForm"
      record={merchant}
      title={merchant ? t('cu.merchant.edit') : t('cu.merchant.add')}
      width={520}
      trigger={trigger}
      defaults={{ status: 'active' }}
      toBody={(values) => values}
      create={createMerchant}
      update={updateMerchant}
      onDone={onDone}
    >
      <ProFormText name="name" label={t('cu.merchant.name')} fieldProps={{ maxLength: 50 }} rules={[{ required: true, whitespace: true, message: t('cu.merchant.name.required') }]} />
      <ProFormText name="category" label={t('cu.merchant.category')} fieldProps={{ maxLength: 30 }} rules={[{ required: true, whitespace: true, message: t('cu.merchant.category.required') }]} />
      <ProFormText name="contact" label={t('cu.merchant.contact')} fieldProps={{ maxLength: 30 }} rules={[{ required: true, whitespace: true, message: t('cu.merchant.contact.required') }]} />
      <ProFormText
        name="mobile"
        label={t('cu.field.mobile')}
        fieldProps={{ maxLength: 11 }}
        rules={[
          { required: true, message: t('cu.field.mobile.required') },
          { pattern: MOBILE_RE, message: t('cu.field.mobile.invalid') },
        ]}
      />
      <ProFormText name="address" label={t('cu.merchant.address')} fieldProps={{ maxLength: 100 }} />
      <ProFormSelect
        name="status"
        label={t('cu.field.status')}
        allowClear={false}
        options={[
          { value: 'active', label: t('cu.merchant.status.active') },
          { value: 'paused', label: t('cu.merchant.status.paused') },
        ]}
      />
      <ProFormTextArea name="remark" label={t('cu.field.remark')} fieldProps={{ maxLength: 500 }} />
      <ProForm.Item name="logo" label={t('merchant.logo')} htmlFor="merchant-logo">
        <ImageUpload id="merchant-logo" label={t('merchant.logo')} />
      </ProForm.Item>
    </RecordForm>
  );
}

export default function MarketMerchantPage() {
  const { t } = useIntl();
  const columns: ProColumns<Merchant>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('cu.merchant.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('cu.merchant.category'), dataIndex: 'category', search: false },
    { title: t('cu.merchant.contact'), dataIndex: 'contact', search: false },
    { title: t('cu.field.mobile'), dataIndex: 'mobile', search: false, render: (_, r) => formatMobile(r.mobile) },
    { title: t('cu.merchant.address'), dataIndex: 'address', search: false, ellipsis: true, renderText: (v?: string) => v || '-' },
    {
      title: t('cu.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { active: { text: t('cu.merchant.status.active') }, paused: { text: t('cu.merchant.status.paused') } },
      render: (_, r) => <Tag color={r.status === 'active' ? 'green' : 'default'}>{t(`cu.merchant.status.${r.status}`)}</Tag>,
    },
    {
      title: t('cu.merchant.leads'),
      dataIndex: 'leadCount',
      search: false,
      sorter: true,
      render: (_, r) => <Link to={`/customer?merchantId=${r.id}`}>{r.leadCount}</Link>,
    },
    {
      title: t('cu.merchant.formal'),
      dataIndex: 'formalCount',
      search: false,
      sorter: true,
      render: (_, r) => <Link to={`/customer?merchantId=${r.id}&status=formal`}>{r.formalCount}</Link>,
    },
    { title: t('cu.field.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', renderText: (v: string) => v.slice(0, 10) },
  ];

  return (
    <CrudScreen<Merchant>
      headerTitle={t('menu.marketMerchant')}
      columns={columns}
      list={fetchMerchants}
      pagination={{ defaultPageSize: 10 }}
      scroll={{ x: 1100 }}
      addLabel={t('cu.merchant.add')}
      addIcon={<PlusOutlined />}
      form={(p) => <MerchantForm merchant={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('cu.merchant.deleteTitle', { name: r.name }), onDelete: () => deleteMerchant(r.id), successText: t('cu.del.done') })}
    />
  );
}
