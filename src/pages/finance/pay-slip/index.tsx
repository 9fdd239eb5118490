/** /finance/pay-slip (docs/rules.md#salaries, docs/screens.md#finance): issued pay slips per month; teachers and sales see their own. */
import React from 'react';
import { type ProColumns } from '@ant-design/pro-components';
import { ListPage } from '@/components/crud';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { formatMoney } from '@/utils/format';
import { tableRequest } from '@/services/list';
import { fetchPaySlips } from '@/services/finance';
import type { PaySlip } from '@/types/finance';

export default function PaySlipPage() {
  const { t } = useIntl();
  const columns: ProColumns<PaySlip>[] = [
    { title: t('fin.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('sal.slipNo'), dataIndex: 'slipNo', search: false, render: (_, r) => <Link to={`/finance/pay-slip/detail?id=${r.id}`}>{r.slipNo}</Link> },
    { title: t('fin.month'), dataIndex: 'month', sorter: true, search: false },
    { title: t('sal.staff'), dataIndex: 'staffName', search: false, sorter: true },
    { title: t('fin.campus'), dataIndex: 'campusName', search: false },
    { title: t('sal.total'), dataIndex: 'total', search: false, sorter: true, align: 'right', render: (_, r) => formatMoney(r.total) },
    { title: t('bill.account'), dataIndex: 'account', search: false, render: (_, r) => t(`bill.acc.${r.account}`) },
    { title: t('sal.paidAt'), dataIndex: 'paidAt', search: false, sorter: true },
  ];
  return (
    <ListPage<PaySlip> headerTitle={t('menu.paySlip')} columns={columns} request={tableRequest(fetchPaySlips)} />
  );
}
