/** /campus/settlement: online money paid out per month less the platform fee; the current month still open. */
import React, { useEffect, useState } from 'react';
import { Card, Statistic, Space, Tag } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchOpenSettlement, fetchSettlements } from '@/services/campus';
import type { Settlement } from '@/types/campus';
import { formatMoney } from '@/utils/format';
import SectionTitle from '@/components/SectionTitle';

const yuan = formatMoney;

export default function SettlementPage() {
  const { t } = useIntl();
  const [open, setOpen] = useState<Awaited<ReturnType<typeof fetchOpenSettlement>>>();
  useEffect(() => {
    fetchOpenSettlement()
      .then(setOpen)
      .catch(() => undefined);
  }, []);
  const columns: ProColumns<Settlement>[] = [
    { title: t('settle.month'), dataIndex: 'month', sorter: true, search: false },
    {
      title: t('settle.orders'),
      dataIndex: 'orderCount',
      search: false,
      render: (_, r) => (
        <Link to={`/campus/online-order?settlementId=${r.id}`} title={t('settle.ordersOf', { month: r.month })}>
          {r.orderCount}
        </Link>
      ),
    },
    { title: t('settle.gross'), dataIndex: 'gross', sorter: true, search: false, render: (_, r) => yuan(r.gross) },
    { title: t('settle.fee'), dataIndex: 'fee', search: false, render: (_, r) => `${yuan(r.fee)} (${r.feeRate}%)` },
    { title: t('settle.net'), dataIndex: 'net', sorter: true, search: false, render: (_, r) => yuan(r.net) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { pending: { text: t('settle.status.pending') }, paid: { text: t('settle.status.paid') } },
      render: (_, r) => <Tag color={r.status === 'paid' ? 'green' : 'orange'}>{t(`settle.status.${r.status}`)}</Tag>,
    },
    { title: t('settle.paidAt'), dataIndex: 'paidAt', search: false, render: (_, r) => r.paidAt ?? '—' },
  ];
  return (
    <div style={{ padding: 24 }}>
      {open && (
        <Card style={{ marginBottom: 16 }}>
          <SectionTitle style={{ marginTop: 0 }}>{t('settle.open', { month: open.month })}</SectionTitle>
          <Space size={48} wrap>
            <Statistic title={t('settle.orders')} value={open.orderCount} />
            <Statistic title={t('settle.gross')} value={yuan(open.gross)} />
            <Statistic title={t('settle.fee')} value={`${yuan(open.fee)} (${open.feeRate}%)`} />
            <Statistic title={t('settle.net')} value={yuan(open.net)} />
          </Space>
        </Card>
      )}
      <ListTable<Settlement> rowKey="id" headerTitle={t('settle.title')} columns={columns} request={tableRequest(fetchSettlements)} />
    </div>
  );
}
