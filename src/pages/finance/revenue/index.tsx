/**
 * /finance/revenue (docs/rules.md#revenue-and-month-close, docs/screens.md#finance): cash in, refunds out, recognised revenue (lessons + period cards by day +
 * corrections, the one figure of every screen: src/domain/revenue.ts `RecognisedRevenue`) and forfeited beside it, for
 * the period picked (a month or a range; it opens on the month under way, up to today) and by month over 12 months;
 * every figure opens its records (they add up to it). A 12-month chart of cash vs recognised (ECharts, loaded only
 * here) with the table as its accessible alternative. The period and campus live in the URL.
 */
import React, { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { Card, Col, Modal, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import ListTable from '@/components/ListTable';
import { useIntl } from '@/locales/useIntl';
import { formatHours, formatMoney } from '@/utils/format';
import { periodLabel } from '@/utils/periodLabel';
import { tableRequest } from '@/services/list';
import { fetchRevenue, fetchRevenueRecords, type FinancePeriodQuery } from '@/services/finance';
import { fetchCampusOptions } from '@/services/school';
import type { RevenueFigure, RevenueMonth, RevenuePeriod, RevenueRecordRow } from '@/types/finance';
import RevenueChart from './components/RevenueChart';
import { PeriodPicker, usePeriodParams } from '@/components/finance/PeriodPicker';

const FIGURES: RevenueFigure[] = ['cashIn', 'refundsOut', 'recognisedLessons', 'forfeited'];
function Records({ period, label, figure, campusId, onClose }: { period: FinancePeriodQuery; label: string; figure: RevenueFigure; campusId?: number; onClose: () => void }) {
  const { t } = useIntl();
  const [sum, setSum] = useState<number>();
  return (
    <Modal open title={`${label} · ${t(`fin.fig.${figure}`)}`} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <ListTable<RevenueRecordRow>
        rowKey="key"
        search={false}
        options={false}
        size="small"
        params={{ ...period, figure, campusId }}
        request={tableRequest(async (q) => {
          const res = await fetchRevenueRecords({ ...q, ...period, figure, campusId });
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
  const { query, mode, setPeriod, campusId, setCampusId } = usePeriodParams();
  const [campuses, setCampuses] = useState<{ value: number; label: string }[]>([]);
  const [months, setMonths] = useState<RevenueMonth[]>([]);
  const [period, setPeriodFigures] = useState<RevenuePeriod>();
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<{ period: FinancePeriodQuery; label: string; figure: RevenueFigure }>();
  const today = dayjs().format('YYYY-MM-DD');
  const thisMonth = today.slice(0, 7);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    fetchCampusOptions().then(setCampuses, () => undefined);
  }, []);
  useEffect(() => {
    setLoading(true);
    fetchRevenue({ ...query, months: 12, campusId })
      .then((r) => {
        setMonths(r.months);
        setPeriodFigures(r.period);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [campusId, queryKey]);
  /** A month of the table in words: the month under way says "to <today>". */
  const monthName = (m: string) => (m === thisMonth ? t('fig.monthToDate', { month: m, day: today }) : m);
  const figureCell = (figure: RevenueFigure) => (v: number, r: RevenueMonth) => (
    <a role="button" tabIndex={0} data-testid={`fig-${r.month}-${figure}`} onClick={() => setOpen({ period: { month: r.month }, label: monthName(r.month), figure })} onKeyDown={(e) => e.key === 'Enter' && setOpen({ period: { month: r.month }, label: monthName(r.month), figure })}>
      {formatMoney(v)}
    </a>
  );
  const rows = [...months].reverse();
  const label = period ? periodLabel(t, period.startDate, period.endDate, today) : '';
  const periodQuery: FinancePeriodQuery = period ? { startDate: period.startDate, endDate: period.endDate } : query;
  const openPeriod = (figure: RevenueFigure) => setOpen({ period: periodQuery, label, figure });
  const periodFigure = (figure: RevenueFigure, title: string, value: number | undefined) => (
    <Col xs={24} sm={12} lg={6}>
      <Statistic
        title={title}
        value={value ?? 0}
        formatter={() => (
          <a role="button" tabIndex={0} data-testid={`period-${figure}`} onClick={() => openPeriod(figure)} onKeyDown={(e) => e.key === 'Enter' && openPeriod(figure)}>
            {formatMoney(value)}
          </a>
        )}
      />
    </Col>
  );
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
          <PeriodPicker query={query} mode={mode} onChange={setPeriod} />
        </Space>
        <Card size="small" title={<span data-testid="revenue-period-label">{t('fig.periodFor', { period: label })}</span>} loading={loading && !period}>
          <Row gutter={[16, 12]}>
            {periodFigure('recognisedLessons', t('fig.revenue.headline'), period?.recognised)}
            {periodFigure('forfeited', t('fin.fig.forfeited'), period?.forfeited)}
            {periodFigure('cashIn', t('fin.fig.cashIn'), period?.cashIn)}
            {periodFigure('refundsOut', t('fin.fig.refundsOut'), period?.refundsOut)}
            <Col xs={24} sm={12} lg={6}>
              <Statistic title={t('fig.revenue.deferredAt', { day: period?.endDate ?? '' })} value={period?.deferred ?? 0} formatter={() => <span data-testid="period-deferred">{formatMoney(period?.deferred)}</span>} />
            </Col>
          </Row>
          {period && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="period-parts">
              {t('fig.revenue.parts', { lessons: formatMoney(period.lessons), days: formatMoney(period.periodDays), corrections: formatMoney(period.corrections) })}
              {' · '}
              {t('fig.revenue.forfeitedApart', { forfeited: formatMoney(period.forfeited) })}
            </Typography.Paragraph>
          )}
        </Card>
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
            { title: t('fin.month'), dataIndex: 'month', render: (m: string) => monthName(m) },
            ...FIGURES.map((f) => ({ title: t(`fin.fig.${f}`), dataIndex: f, align: 'right' as const, render: figureCell(f) })),
            { title: t('fin.fig.deferred'), dataIndex: 'deferred', align: 'right' as const, render: (v: number) => formatMoney(v) },
          ]}
        />
      </Space>
      {open && <Records period={open.period} label={open.label} figure={open.figure} campusId={campusId} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
