/** /campus/online-order: cards bought by parents on the public pages; a paid order has issued its card (docs/rules.md#campuses-and-online-sales). */
import React from 'react';
import { Tag } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { ListPage } from '@/components/crud';
import { useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchOnlineOrders } from '@/services/campus';
import { fetchCampusOptions } from '@/services/school';
import type { OnlineOrder } from '@/types/campus';
import { formatMoney } from '@/utils/format';

const COLORS = { unpaid: 'orange', paid: 'green', cancelled: 'default' } as const;

export default function OnlineOrdersPage() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const settlementId = params.get('settlementId') ?? undefined;
  const columns: ProColumns<OnlineOrder>[] = [
    // ?keyword= (the jump search opens an online order with its number) pre-fills the search.
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, initialValue: params.get('keyword') ?? undefined },
    { title: t('web.orderNo'), dataIndex: 'orderNo', search: false, copyable: true },
    { title: t('web.studentName'), dataIndex: 'studentName', search: false },
    { title: t('web.parentName'), dataIndex: 'parentName', search: false, render: (_, r) => `${r.parentName} ${r.mobile}` },
    { title: t('online.card'), dataIndex: 'templateName', search: false },
    { title: t('online.cardNo'), dataIndex: 'cardNo', search: false, render: (_, r) => r.cardNo ?? '—' },
    { title: t('web.amount'), dataIndex: 'amount', search: false, sorter: true, render: (_, r) => formatMoney(r.amount) },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { unpaid: { text: t('online.status.unpaid') }, paid: { text: t('online.status.paid') }, cancelled: { text: t('online.status.cancelled') } },
      render: (_, r) => <Tag color={COLORS[r.status]}>{t(`online.status.${r.status}`)}</Tag>,
    },
    { title: t('online.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    { title: t('online.createdAt'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('online.paidAt'), dataIndex: 'paidAt', search: false, render: (_, r) => r.paidAt ?? '—' },
  ];
  return (
    <ListPage<OnlineOrder>
      pagination={{ defaultPageSize: 20 }}
      key={params.get('keyword') ?? ''}
      headerTitle={t('online.title')}
      columns={columns}
      params={settlementId ? { settlementId } : undefined}
      request={tableRequest(fetchOnlineOrders)}
    />
  );
}
