/** /admin-student-order: online card orders of every company (bought by parents on the campus web pages). */
import React from 'react';
import { Tag } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchAdminStudentOrders, fetchCompanyOptions } from '@/services/platform';
import type { AdminStudentOrder } from '@/types/platform';
import { formatMoney } from '@/utils/format';
import ListTable from '@/components/ListTable';

const COLORS: Record<string, string> = { paid: 'green', unpaid: 'orange', cancelled: 'default', refunded: 'red' };

export default function AdminStudentOrderPage() {
  const { t } = useIntl();
  const companies = useRequest(fetchCompanyOptions);
  const columns: ProColumns<AdminStudentOrder>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('pfStudentOrder.keywordHint') } },
    { title: t('pfOrder.orderNo'), dataIndex: 'orderNo', search: false },
    {
      title: t('pfOperate.company'),
      dataIndex: 'companyId',
      valueType: 'select',
      fieldProps: { showSearch: true },
      valueEnum: Object.fromEntries((companies.data ?? []).map((c) => [String(c.value), { text: c.label }])),
      render: (_, r) => r.companyName,
    },
    { title: t('pfStudentOrder.student'), dataIndex: 'studentName', search: false },
    { title: t('pfStudentOrder.template'), dataIndex: 'templateName', search: false },
    { title: t('pfOrder.amount'), dataIndex: 'amount', search: false, sorter: true, render: (_, r) => formatMoney(r.amount) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(['paid', 'unpaid', 'cancelled'].map((s) => [s, { text: t(`pfOrder.status.${s}`) }])),
      render: (_, r) => <Tag color={COLORS[r.status] ?? 'default'}>{t(`pfOrder.status.${r.status}`)}</Tag>,
    },
    { title: t('pfOrder.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    { title: t('pfOperate.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('pfOrder.paidAt'), dataIndex: 'paidAt', search: false },
  ];
  return (
    <ListTable<AdminStudentOrder>
      rowKey="id"
      headerTitle={t('menu.adminStudentOrder')}
      columns={columns}
      scroll={{ x: 1100 }}
      request={tableRequest(fetchAdminStudentOrders)}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      search={{ labelWidth: 'auto' }}
    />
  );
}
