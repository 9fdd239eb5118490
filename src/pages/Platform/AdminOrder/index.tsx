/** /admin-order: subscription orders of every company (read-only; companies pay on /renew). */
import React from 'react';
import { Tabs, Tag } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchAdminOrders, fetchCompanyOptions } from '@/services/platform';
import type { SubscriptionOrder } from '@/types/subscription';
import { formatMoney } from '@/utils/format';
import Invoices from './Invoices';
import ListTable from '@/components/ListTable';

const COLORS: Record<string, string> = { paid: 'green', unpaid: 'orange', cancelled: 'default' };

export default function AdminOrderPage() {
  const { t } = useIntl();
  const companies = useRequest(fetchCompanyOptions);
  const columns: ProColumns<SubscriptionOrder>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('pfOrder.keywordHint') } },
    { title: t('pfOrder.orderNo'), dataIndex: 'orderNo', search: false },
    {
      title: t('pfOperate.company'),
      dataIndex: 'companyId',
      valueType: 'select',
      fieldProps: { showSearch: true },
      valueEnum: Object.fromEntries((companies.data ?? []).map((c) => [String(c.value), { text: c.label }])),
      render: (_, r) => r.companyName,
    },
    { title: t('pfOrder.package'), dataIndex: 'packageName', search: false },
    { title: t('pfPackage.days'), dataIndex: 'days', search: false, sorter: true },
    { title: t('pfOrder.amount'), dataIndex: 'amount', search: false, sorter: true, render: (_, r) => formatMoney(r.amount) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(['paid', 'unpaid', 'cancelled'].map((s) => [s, { text: t(`pfOrder.status.${s}`) }])),
      render: (_, r) => <Tag color={COLORS[r.status]}>{t(`pfOrder.status.${r.status}`)}</Tag>,
    },
    { title: t('pfOrder.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    { title: t('pfOperate.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('pfOrder.paidAt'), dataIndex: 'paidAt', search: false },
    { title: t('pfOrder.createdBy'), dataIndex: 'createdBy', search: false },
  ];
  const orders = (
    <ListTable<SubscriptionOrder>
      rowKey="id"
      headerTitle={t('menu.adminOrder')}
      columns={columns}
      scroll={{ x: 1100 }}
      request={tableRequest(fetchAdminOrders)}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      search={{ labelWidth: 'auto' }}
    />
  );
  return (
    <Tabs
      items={[
        { key: 'orders', label: t('menu.adminOrder'), children: orders },
        { key: 'invoices', label: t('pfInvoice.heading'), children: <Invoices /> },
      ]}
    />
  );
}
