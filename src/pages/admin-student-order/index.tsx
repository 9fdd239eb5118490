/** /admin-student-order: online card orders of every company (bought by parents on the campus web pages). */
import React from 'react';
import { type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchAdminStudentOrders } from '@/services/platform';
import type { AdminStudentOrder } from '@/types/platform';
import { formatMoney } from '@/utils/format';
import ListTable from '@/components/ListTable';
import { keywordColumn, orderDateColumns, orderStatusColumn, PLATFORM_LIST, useCompanyColumn } from '@/components/platform/orderColumns';

export default function AdminStudentOrderPage() {
  const { t } = useIntl();
  const company = useCompanyColumn<AdminStudentOrder>();
  const columns: ProColumns<AdminStudentOrder>[] = [
    keywordColumn(t, t('pfStudentOrder.keywordHint')),
    { title: t('pfOrder.orderNo'), dataIndex: 'orderNo', search: false },
    company,
    { title: t('pfStudentOrder.student'), dataIndex: 'studentName', search: false },
    { title: t('pfStudentOrder.template'), dataIndex: 'templateName', search: false },
    { title: t('pfOrder.amount'), dataIndex: 'amount', search: false, sorter: true, render: (_, r) => formatMoney(r.amount) },
    orderStatusColumn(t),
    ...orderDateColumns<AdminStudentOrder>(t),
  ];
  return (
    <ListTable<AdminStudentOrder> {...PLATFORM_LIST} headerTitle={t('menu.adminStudentOrder')} columns={columns} scroll={{ x: 1100 }} request={tableRequest(fetchAdminStudentOrders)} />
  );
}
