/** /admin-order: subscription orders of every company (read-only; companies pay on /renew). */
import React from 'react';
import { Tabs } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchAdminOrders } from '@/services/platform';
import type { SubscriptionOrder } from '@/types/subscription';
import Invoices from './components/Invoices';
import ListTable from '@/components/ListTable';
import { keywordColumn, orderAmountColumn, orderDateColumns, orderNoColumn, orderStatusColumn, PLATFORM_LIST, useCompanyColumn } from '@/components/platform/orderColumns';

export default function AdminOrderPage() {
  const { t } = useIntl();
  const company = useCompanyColumn<SubscriptionOrder>();
  const columns: ProColumns<SubscriptionOrder>[] = [
    keywordColumn(t, t('pfOrder.keywordHint')),
    orderNoColumn(t),
    company,
    { title: t('pfOrder.package'), dataIndex: 'packageName', search: false },
    { title: t('pfPackage.days'), dataIndex: 'days', search: false, sorter: true },
    orderAmountColumn<SubscriptionOrder>(t),
    orderStatusColumn(t),
    ...orderDateColumns<SubscriptionOrder>(t),
    { title: t('pfOrder.createdBy'), dataIndex: 'createdBy', search: false },
  ];
  const orders = (
    <ListTable<SubscriptionOrder> {...PLATFORM_LIST} headerTitle={t('menu.adminOrder')} columns={columns} scroll={{ x: 1100 }} request={tableRequest(fetchAdminOrders)} />
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
