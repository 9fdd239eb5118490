/** /admin-settlement: monthly settlements of online money of every company, less the platform fee (docs/rules.md#campuses-and-online-sales). */
import React, { useRef } from 'react';
import { Popconfirm, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useAppAccess } from '@/hooks/useSession';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchAdminSettlements, paySettlement } from '@/services/platform';
import type { AdminSettlement } from '@/types/platform';
import { formatMoney } from '@/utils/format';
import ListTable from '@/components/ListTable';
import { useSave } from '@/components/FormModal';
import { PLATFORM_LIST, useCompanyColumn } from '@/components/platform/orderColumns';

export default function AdminSettlementPage() {
  const { t } = useIntl();
  const save = useSave();
  const access = useAppAccess();
  const actionRef = useRef<ActionType>();
  const company = useCompanyColumn<AdminSettlement>();
  const columns: ProColumns<AdminSettlement>[] = [
    company,
    { title: t('pfSettlement.month'), dataIndex: 'month', search: false, sorter: true },
    { title: t('pfSettlement.orders'), dataIndex: 'orderCount', search: false },
    { title: t('pfSettlement.gross'), dataIndex: 'gross', search: false, sorter: true, render: (_, r) => formatMoney(r.gross) },
    { title: t('pfSettlement.fee'), dataIndex: 'fee', search: false, render: (_, r) => formatMoney(r.fee) },
    { title: t('pfSettlement.net'), dataIndex: 'net', search: false, sorter: true, render: (_, r) => formatMoney(r.net) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { pending: { text: t('pfSettlement.status.pending') }, paid: { text: t('pfSettlement.status.paid') } },
      render: (_, r) => <Tag color={r.status === 'paid' ? 'green' : 'orange'}>{t(`pfSettlement.status.${r.status}`)}</Tag>,
    },
    { title: t('pfSettlement.paidAt'), dataIndex: 'paidAt', search: false },
    {
      title: t('common.actions'),
      valueType: 'option',
      hideInTable: !access.platformAdmin,
      render: (_, r) =>
        r.status === 'pending' ? (
          <Popconfirm
            title={t('pfSettlement.payConfirm', { name: r.companyName, month: r.month })}
            onConfirm={() => save(() => paySettlement(r.id), t('pfSettlement.paid'), () => actionRef.current?.reload())}
          >
            <a>{t('pfSettlement.pay')}</a>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <ListTable<AdminSettlement> {...PLATFORM_LIST} actionRef={actionRef} headerTitle={t('menu.adminSettlement')} columns={columns} request={tableRequest(fetchAdminSettlements)} />
  );
}
