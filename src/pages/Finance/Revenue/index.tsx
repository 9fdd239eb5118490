/**
 * /finance/revenue (PRODUCT.md §5.8, §6.6): cash in, refunds out, recognised revenue (lessons, forfeited) by month and
 * campus; every figure opens its records (they add up to it). A 12-month chart of cash vs recognised (ECharts,
 * loaded only here) with the table as its accessible alternative.
 */
import React, { useEffect, useState } from 'react';
import { Card, Modal, Select, Space, Table, Typography } from 'antd';
import { ProTable } from '@ant-design/pro-components';
import { useIntl } from '@/locales/useIntl';
import { formatHours, formatMoney } from '@/utils/format';
import { tableRequest } from '@/services/list';
import { fetchRevenue, fetchRevenueRecords } from '@/services/finance';
import { fetchCampusOptions } from '@/services/school';
import type { RevenueFigure, RevenueMonth, RevenueRecordRow } from '@/types/finance';
import RevenueChart from './RevenueChart';

const FIGURES: RevenueFigure[] = ['cashIn', 'refundsOut', 'recognisedLessons', 'forfeited'];

function Records({ month, figure, campusId, onClose }: { month: string; figure: RevenueFigure; campusId?: number; onClose: () => void }) {
  const { t } = useIntl();
  const [sum, setSum] = useState<number>();
  return (
    <Modal open title={`${month} · ${t(`fin.fig.${figure}`)}`} onCancel={onClose} footer={null} width={960} destroyOnClose>
      <ProTable<RevenueRecordRow>
        rowKey="key"
        scroll={{ x: 'max-content' }}
        search={false}
        options={false}
        size="small"
        params={{ month, figure, campusId }}
        request={tableRequest(async (q) => {
          const res = await fetchRevenueRecords({ ...q, month, figure, campusId });
          setSum(res.sumAll);
          return res;
        })}
        pagination={{ defaultPageSize: 10 }}
        headerTitle={<span data-testid="records-sum">{t('fin.recordsSum', { sum: formatMoney(sum) })}</span>}
        columns={[
          { title: t('fin.date'), dataIndex: 'date', sorter: true },
          { title: t('fin.type'), dataIndex: 'type', render: (_, r) => t(`fin.src.${r.type}`) },
          { title: t('fin.ref'), dataIndex: 'ref' },
          { title: t('fin.card'), dataIndex: 'cardNo' },
          { title: t('fin.student'), dataIndex: 'studentName', sorter: true },
          { title: t('fin.campus'), dataIndex: 'campusName' },
          { title: t('fin.hours'), dataIndex: 'hours', render: (_, r) => (r.hours === undefined ? '-' : formatHours(r.hours)) },
          { title: t('fin.amount'), dataIndex: 'amount', sorter: true, align: 'right', render: (_, r) => formatMoney(r.amount) },
        ]}
      />
    </Modal>
  );
}

export default function RevenuePage() {
  const { t } = useIntl();
  const [campusId, setCampusId] = useState<number>();
  const [campuses, setCampuses] = useState<{ value: number; label: string }[]>([]);
  const [months, setMonths] = useState<RevenueMonth[]>([]);
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<{ month: string; figure: RevenueFigure }>();
  useEffect(() => {
    fetchCampusOptions().then(setCampuses, () => undefined);
  }, []);
  useEffect(() => {
    setLoading(true);
    fetchRevenue({ months: 12, campusId })
      .then((r) => setMonths(r.months))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [campusId]);
  const figureCell = (figure: RevenueFigure) => (v: number, r: RevenueMonth) => (
    <a role="button" tabIndex={0} data-testid={`fig-${r.month}-${figure}`} onClick={() => setOpen({ month: r.month, figure })} onKeyDown={(e) => e.key === 'Enter' && setOpen({ month: r.month, figure })}>
      {formatMoney(v)}
    </a>
  );
  const rows = [...months].reverse();
  return (
    <div style={{ padding: 24 }}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {t('menu.financeRevenue')}
          </Typography.Title>
          <Select
            aria-label={t('fin.campus')}
            allowClear
            placeholder={t('fin.allCampuses')}
            style={{ minWidth: 180 }}
            options={campuses}
            value={campusId}
            onChange={(v) => setCampusId(v)}
          />
        </Space>
        <Card title={t('fin.chartTitle')} size="small">
          <RevenueChart months={months} />
        </Card>
        <Table<RevenueMonth>
          rowKey="month"
          loading={loading}
          dataSource={rows}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          caption={<span className="sr-only" style={{ position: 'absolute', left: -9999 }}>{t('fin.tableCaption')}</span>}
          columns={[
            { title: t('fin.month'), dataIndex: 'month' },
            ...FIGURES.map((f) => ({ title: t(`fin.fig.${f}`), dataIndex: f, align: 'right' as const, render: figureCell(f) })),
            { title: t('fin.fig.recognised'), dataIndex: 'recognised', align: 'right' as const, render: (v: number) => formatMoney(v) },
            { title: t('fin.fig.deferred'), dataIndex: 'deferred', align: 'right' as const, render: (v: number) => formatMoney(v) },
          ]}
        />
      </Space>
      {open && <Records month={open.month} figure={open.figure} campusId={campusId} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
