/** /package: subscription packages (name, days, price, campuses included, on sale). Only the admin edits. */
import React, { useRef } from 'react';
import { App, Button, Form, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import DeleteAction from '@/components/DeleteAction';
import FormModal from '@/components/FormModal';
import NumberInput from '@/components/NumberInput';
import { numberRange } from '@/components/NumberInput/rules';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { createPackage, deletePackage, fetchAdminPackages, updatePackage, type PackageBody } from '@/services/platform';
import type { AdminPackage } from '@/types/platform';
import { formatMoney } from '@/utils/format';
import { compactTable } from '@/components/RowActions';

function PackageForm({ pkg, trigger, onDone }: { pkg?: AdminPackage; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <FormModal
      title={t(pkg ? 'pfPackage.edit' : 'pfPackage.add')}
      trigger={trigger}
      width={520}
      initialValues={pkg ?? { onSale: true, campuses: 1 }}
      onFinish={async (v: Record<string, unknown>) => {
        const body: PackageBody = {
          name: String(v.name ?? '').trim(),
          days: v.days as number,
          price: v.price as number,
          campuses: v.campuses as number,
          description: String(v.description ?? '').trim() || undefined,
          nameZh: String(v.nameZh ?? '').trim() || undefined,
          descriptionZh: String(v.descriptionZh ?? '').trim() || undefined,
          onSale: v.onSale !== false,
        };
        try {
          if (pkg) await updatePackage({ ...body, id: pkg.id });
          else await createPackage(body);
          message.success(t('common.saved'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
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
    </FormModal>
  );
}

export default function PackagePage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const canWrite = access.platformAdmin;
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();
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
    {
      title: t('common.actions'),
      fixed: 'right',
      valueType: 'option',
      hideInTable: !canWrite,
      render: (_, r) => (
        <Space size={8}>
          <PackageForm pkg={r} onDone={reload} trigger={<a>{t('common.edit')}</a>} />
          <DeleteAction title={t('pfPackage.deleteConfirm', { name: r.name })} onDelete={() => deletePackage(r.id)} onDone={reload} />
        </Space>
      ),
    },
  ];
  return (
    <ProTable<AdminPackage>
      scroll={{ x: 'max-content' }}
      rowKey="id"
      actionRef={actionRef}
      headerTitle={t('menu.package')}
      {...compactTable(columns)}
      request={tableRequest(fetchAdminPackages)}
      pagination={{ defaultPageSize: 10 }}
      search={{ labelWidth: 'auto' }}
      toolBarRender={() =>
        canWrite
          ? [
              <PackageForm
                key="add"
                onDone={reload}
                trigger={
                  <Button type="primary" icon={<PlusOutlined />}>
                    {t('pfPackage.add')}
                  </Button>
                }
              />,
            ]
          : []
      }
    />
  );
}
