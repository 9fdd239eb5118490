/** /admin-student-order: online card orders of every company (bought by parents on the campus web pages). */
import React from 'react';
import { type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchAdminStudentOrders } from '@/services/platform';
import type { AdminStudentOrder } from '@/types/platform';
import ListTable from '@/components/ListTable';
import { keywordColumn, orderAmountColumn, orderDateColumns, orderNoColumn, orderStatusColumn, PLATFORM_LIST, useCompanyColumn } from '@/components/platform/orderColumns';

export default function AdminStudentOrderPage() {
  const { t } = useIntl();
  const company = useCompanyColumn<AdminStudentOrder>();
  const columns: ProColumns<AdminStudentOrder>[] = [
    keywordColumn(t, t('pfStudentOrder.keywordHint')),
    orderNoColumn(t),
    company,
    { title: t('pfStudentOrder.student'), dataIndex: 'studentName', search: false },
    { title: t('pfStudentOrder.template'), dataIndex: 'templateName', search: false },
    orderAmountColumn<AdminStudentOrder>(t),
    orderStatusColumn(t),
    ...orderDateColumns<AdminStudentOrder>(t),
  ];
  return (
    <ListTable<AdminStudentOrder> {...PLATFORM_LIST} headerTitle={t('menu.adminStudentOrder')} columns={columns} scroll={{ x: 1100 }} request={tableRequest(fetchAdminStudentOrders)} />
  );
}
