/** /package: subscription packages (name, days, price, campuses included, on sale). Only the admin edits. */
import React from 'react';
import { Form, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { CrudScreen, RecordForm } from '@/components/crud';
import NumberInput from '@/components/NumberInput';
import { numberRange } from '@/components/NumberInput/rules';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { createPackage, deletePackage, fetchAdminPackages, updatePackage, type PackageBody } from '@/services/platform';
import type { AdminPackage } from '@/types/platform';
import { formatMoney } from '@/utils/format';

function PackageForm({ pkg, trigger, onDone }: { pkg?: AdminPackage; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <RecordForm<AdminPackage, Record<string, unknown>, PackageBody>
      name="package"
      record={pkg}
      title={t(pkg ? 'pfPackage.edit' : 'pfPackage.add')}
      trigger={trigger}
      width={520}
      defaults={{ onSale: true, campuses: 1 }}
      toBody={(v) => ({
        name: String(v.name ?? '').trim(),
        days: v.days as number,
        price: v.price as number,
        campuses: v.campuses as number,
        description: String(v.description ?? '').trim() || undefined,
        nameZh: String(v.nameZh ?? '').trim() || undefined,
        descriptionZh: String(v.descriptionZh ?? '').trim() || undefined,
        onSale: v.onSale !== false,
      })}
      create={createPackage}
      update={updatePackage}
      onDone={onDone}
    >
      <ProFormText name="name" label={t('pfPackage.name')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('pfPackage.name.required') }]} />
      <Form.Item name="days" label={t('pfPackage.days')} rules={[{ required: true, message: t('pfPackage.days.required') }, numberRange({ min: 1, max: 3650, integer: true })]}>
        <NumberInput placeholder="365" />
      </Form.Item>
      <Form.Item name="price" label={t('pfPackage.price')} rules={[{ required: true, message: t('pfPackage.price.required') }, numberRange({ min: 0, max: 1_000_000 })]}>
        <NumberInput placeholder="0.00" />
      </Form.Item>
      <Form.Item name="campuses" label={t('pfPackage.campuses')} rules={[{ required: true, message: t('pfPackage.campuses.required') }, numberRange({ min: 1, max: 100, integer: true })]}>
        <NumberInput placeholder="1" />
      </Form.Item>
      <ProFormTextArea name="description" label={t('pfPackage.description')} fieldProps={{ maxLength: 200 }} />
      <ProFormText name="nameZh" label={t('pfPackage.nameZh')} fieldProps={{ maxLength: 40 }} />
      <ProFormTextArea name="descriptionZh" label={t('pfPackage.descriptionZh')} fieldProps={{ maxLength: 200 }} />
      <Form.Item name="onSale" label={t('pfPackage.onSale')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordForm>
  );
}

export default function PackagePage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const canWrite = access.platformAdmin;
  const columns: ProColumns<AdminPackage>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('pfPackage.name'), dataIndex: 'name', search: false, sorter: true, render: (_, r) => (r.nameZh ? `${r.name} · ${r.nameZh}` : r.name) },
    { title: t('pfPackage.days'), dataIndex: 'days', search: false, sorter: true },
    { title: t('pfPackage.price'), dataIndex: 'price', search: false, sorter: true, render: (_, r) => formatMoney(r.price) },
    { title: t('pfPackage.campuses'), dataIndex: 'campuses', search: false },
    { title: t('pfPackage.description'), dataIndex: 'description', search: false, ellipsis: true, width: 260 },
    {
      title: t('pfPackage.onSale'),
      dataIndex: 'onSale',
      valueType: 'select',
      valueEnum: { true: { text: t('common.yes') }, false: { text: t('common.no') } },
      render: (_, r) => <Tag color={r.onSale ? 'green' : 'default'}>{r.onSale ? t('pfPackage.onSale') : t('pfPackage.offSale')}</Tag>,
    },
    { title: t('pfPackage.orders'), dataIndex: 'orderCount', search: false, sorter: true },
  ];
  return (
    <CrudScreen<AdminPackage>
      padding={0}
      headerTitle={t('menu.package')}
      columns={columns}
      list={fetchAdminPackages}
      canEdit={canWrite}
      addLabel={t('pfPackage.add')}
      addIcon={<PlusOutlined />}
      form={(p) => <PackageForm pkg={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('pfPackage.deleteConfirm', { name: r.name }), onDelete: () => deletePackage(r.id) })}
    />
  );
}
