/**
 * What the platform's order lists share (issue 34: /admin-order, /admin-student-order, /admin-settlement): the
 * company filter column (options of every company), the keyword, order number, amount and status columns, the order dates, and the table's
 * props (twenty rows a page).
 */
import React from 'react';
import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchCompanyOptions } from '@/services/platform';
import { formatMoney } from '@/utils/format';

/** The company column, searchable by a select of every company. */
export function useCompanyColumn<T extends { companyName: string }>(): ProColumns<T> {
  const { t } = useIntl();
  const companies = useRequest(fetchCompanyOptions);
  return {
    title: t('pfOperate.company'),
    dataIndex: 'companyId',
    valueType: 'select',
    fieldProps: { showSearch: true },
    valueEnum: Object.fromEntries((companies.data ?? []).map((c) => [String(c.value), { text: c.label }])),
    render: (_, r) => r.companyName,
  };
}

/** The search form's keyword field. */
export function keywordColumn<T>(t: (key: string) => string, placeholder: string): ProColumns<T> {
  return { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder } };
}

/** The order number. */
export function orderNoColumn<T>(t: (key: string) => string): ProColumns<T> {
  return { title: t('pfOrder.orderNo'), dataIndex: 'orderNo', search: false };
}

/** The order's amount, as money; sortable unless `sortable` is false. */
export function orderAmountColumn<T extends { amount: number }>(t: (key: string) => string, sortable = true): ProColumns<T> {
  return { title: t('pfOrder.amount'), dataIndex: 'amount', search: false, ...(sortable ? { sorter: true } : {}), render: (_, r) => formatMoney(r.amount) };
}

const ORDER_STATUSES = ['paid', 'unpaid', 'cancelled'] as const;
const ORDER_COLORS: Record<string, string> = { paid: 'green', unpaid: 'orange', cancelled: 'default', refunded: 'red' };

/** An order's status (paid, unpaid, cancelled; a refunded online order shows as such), filterable. */
export function orderStatusColumn<T extends { status: string }>(t: (key: string) => string): ProColumns<T> {
  return {
    title: t('common.status'),
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: Object.fromEntries(ORDER_STATUSES.map((s) => [s, { text: t(`pfOrder.status.${s}`) }])),
    render: (_, r) => <Tag color={ORDER_COLORS[r.status] ?? 'default'}>{t(`pfOrder.status.${r.status}`)}</Tag>,
  };
}

/** Created (sortable), the date-range filter on it, and paid. */
export function orderDateColumns<T>(t: (key: string) => string): ProColumns<T>[] {
  return [
    { title: t('pfOrder.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    { title: t('pfOperate.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('pfOrder.paidAt'), dataIndex: 'paidAt', search: false },
  ];
}

export const PLATFORM_LIST = {
  rowKey: 'id',
  pagination: { defaultPageSize: 20, showSizeChanger: true },
  search: { labelWidth: 'auto' as const },
};
