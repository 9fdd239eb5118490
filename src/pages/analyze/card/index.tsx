/**
 * /analyze/card (docs/screens.md#analysis): cards sold by template and month, usable cards with their remaining hours and
 * value, expiring and exhausted cards (`analyze/card`), and consumption progress per class and card
 * (`analyze_consume_progress`). Every figure opens its list.
 */
import React, { useMemo } from 'react';
import { Card, Col, Progress, Row, Skeleton, Statistic, Tabs } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { history, Link } from 'umi';
import { useRequest } from 'ahooks';
import type { ColumnsType } from 'antd/es/table';
import Chart from '@/components/Chart';
import { AnalysisFilters, DrillLink, seriesSummary, useAnalysisQuery } from '@/components/analysis';
import { useIntl } from '@/locales/useIntl';
import { fetchAnalyzeCard, fetchCardProgress, fetchClassProgress } from '@/services/analysis';
import { tableRequest } from '@/services/list';
import type { ListQuery, ListResult } from '@/types/api';
import type { AnalyzeCard, AnalyzeQuery, CardProgress, ClassProgress, DrillParams } from '@/types/analysis';
import { drillUrl } from '@/utils/drill';
import { formatHours, formatMoney } from '@/utils/format';

type TemplateRow = AnalyzeCard['byTemplate'][number];
interface MonthRow {
  month: string;
  orders: number;
  amount: number;
  [template: string]: number | string;
}

const campusOf = (q: AnalyzeQuery) => (q.campusId ? { campus: q.campusId } : {});
/** The part of a month inside the range. */
function monthSpan(q: AnalyzeQuery, month: string) {
  const first = `${month}-01`;
  const last = `${month}-31`;
  return { from: first < q.startDate ? q.startDate : first, to: last > q.endDate ? q.endDate : last };
}

function Stat({ title, value, drill, label }: { title: string; value: string; drill: DrillParams; label: string }) {
  return (
    <Card size="small">
      <Statistic title={title} value={value} formatter={() => value} />
      <DrillLink drill={drill} label={label}>
        {label}
      </DrillLink>
    </Card>
  );
}

/** One tab of the progress card: a plain list (no search, no settings), ten rows a page. */
function ProgressTable<T extends object>({ rowKey, columns, fetch }: { rowKey: keyof T & string; columns: ProColumns<T>[]; fetch: (q: ListQuery) => Promise<ListResult<T>> }) {
  return <ListTable<T> rowKey={rowKey} search={false} options={false} columns={columns} request={tableRequest(fetch)} pagination={{ defaultPageSize: 10 }} />;
}

export default function AnalyzeCardPage() {
  const { t } = useIntl();
  const [query, setQuery] = useAnalysisQuery();
  const { data } = useRequest(() => fetchAnalyzeCard(query), { refreshDeps: [query] });
  const sales = data?.sales ?? [];
  const templates = useMemo(() => [...new Map(sales.map((s) => [s.templateId, s.templateName])).entries()], [sales]);
  const months = useMemo(() => [...new Set(sales.map((s) => s.month))].sort(), [sales]);
  const monthRows: MonthRow[] = months.map((m) => {
    const row: MonthRow = { month: m, orders: 0, amount: 0 };
    for (const s of sales.filter((x) => x.month === m)) {
      row[`t${s.templateId}`] = s.orders;
      row.orders += s.orders;
      row.amount += s.amount;
    }
    return row;
  });
  const salesDrill = (month: string, templateId?: number): DrillParams => ({ drill: 'sales', ...monthSpan(query, month), ...campusOf(query), ...(templateId ? { template: templateId } : {}) });
  const salesTitle = t('an.card.salesTitle');
  const salesColumns: ColumnsType<MonthRow> = [
    { title: t('an.month'), dataIndex: 'month' },
    ...templates.map(([id, name]) => ({
      title: name,
      key: `t${id}`,
      align: 'right' as const,
      render: (_: unknown, r: MonthRow) => (r[`t${id}`] ? <DrillLink drill={salesDrill(r.month, id)} label={`${name} ${r.month}`}>{r[`t${id}`]}</DrillLink> : 0),
    })),
    { title: t('an.card.orders'), dataIndex: 'orders', align: 'right', render: (_, r) => <DrillLink drill={salesDrill(r.month)} label={`${t('an.card.orders')} ${r.month}`}>{r.orders}</DrillLink> },
    { title: t('an.card.salesAmount'), dataIndex: 'amount', align: 'right', render: (_, r) => formatMoney(r.amount) },
  ];
  const holdDrill = (templateId?: number): DrillParams => ({ drill: 'holding', ...campusOf(query), ...(templateId ? { template: templateId } : {}) });
  const tplTitle = t('an.card.byTemplateTitle');
  const tplRows = data?.byTemplate ?? [];
  const tplColumns: ColumnsType<TemplateRow> = [
    { title: t('an.card.template'), dataIndex: 'templateName' },
    { title: t('an.card.cards'), dataIndex: 'cards', align: 'right', render: (_, r) => <DrillLink drill={holdDrill(r.templateId)} label={`${t('an.card.cards')} ${r.templateName}`}>{r.cards}</DrillLink> },
    { title: t('an.card.remainingHours'), dataIndex: 'remainingHours', align: 'right', render: (_, r) => formatHours(r.remainingHours) },
    { title: t('an.card.remainingValue'), dataIndex: 'remainingValue', align: 'right', render: (_, r) => formatMoney(r.remainingValue) },
  ];
  const classColumns: ProColumns<ClassProgress>[] = [
    { title: t('an.card.class'), dataIndex: 'className' },
    { title: t('an.card.students'), dataIndex: 'students', sorter: true, align: 'right' },
    {
      title: t('an.card.cards'),
      dataIndex: 'cards',
      align: 'right',
      render: (_, r) => <DrillLink drill={{ drill: 'holding', ...campusOf(query), class: r.classId }} label={`${t('an.card.cards')} ${r.className}`}>{r.cards}</DrillLink>,
    },
    { title: t('an.card.totalHours'), dataIndex: 'totalHours', sorter: true, align: 'right', render: (_, r) => formatHours(r.totalHours) },
    { title: t('an.card.remainingHours'), dataIndex: 'remainingHours', sorter: true, align: 'right', render: (_, r) => formatHours(r.remainingHours) },
    { title: t('an.card.progress'), dataIndex: 'progress', sorter: true, defaultSortOrder: 'descend', render: (_, r) => <Progress percent={Math.round(r.progress * 100)} size="small" aria-label={`${t('an.card.progress')} ${r.className}`} /> },
  ];
  const cardColumns: ProColumns<CardProgress>[] = [
    { title: t('an.card.cardNo'), dataIndex: 'cardNo' },
    { title: t('an.card.student'), dataIndex: 'studentName', render: (_, r) => <Link to={`/student/list?tab=StudentList&studentId=${r.studentId}`}>{r.studentName}</Link> },
    { title: t('an.card.template'), dataIndex: 'templateName' },
    { title: t('an.card.totalHours'), dataIndex: 'totalHours', sorter: true, align: 'right', render: (_, r) => formatHours(r.totalHours) },
    { title: t('an.card.remainingHours'), dataIndex: 'remainingHours', sorter: true, align: 'right', render: (_, r) => formatHours(r.remainingHours) },
    { title: t('an.card.expiry'), dataIndex: 'expiryDate', sorter: true },
    { title: t('an.card.progress'), dataIndex: 'progress', sorter: true, defaultSortOrder: 'descend', render: (_, r) => <Progress percent={Math.round(r.progress * 100)} size="small" aria-label={`${t('an.card.progress')} ${r.cardNo}`} /> },
  ];
  const key = JSON.stringify(query);
  return (
    <div style={{ padding: 24 }}>
      <AnalysisFilters query={query} onChange={setQuery} />
      {!data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={24} sm={12} lg={6}>
            <Stat title={t('an.card.sales')} value={`${data.salesTotal.orders} · ${formatMoney(data.salesTotal.amount)}`} drill={{ drill: 'sales', from: query.startDate, to: query.endDate, ...campusOf(query) }} label={`${t('an.viewRecords')}: ${t('an.card.sales')}`} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Stat title={t('an.card.holding')} value={`${data.holding.cards} · ${formatHours(data.holding.remainingHours)} h · ${formatMoney(data.holding.remainingValue)}`} drill={holdDrill()} label={`${t('an.viewRecords')}: ${t('an.card.holding')}`} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Stat title={t('an.card.expiring')} value={String(data.expiring)} drill={{ drill: 'expiring', ...campusOf(query) }} label={`${t('an.viewRecords')}: ${t('an.card.expiring')}`} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Stat title={t('an.card.exhausted')} value={String(data.exhausted)} drill={{ drill: 'exhausted', ...campusOf(query) }} label={`${t('an.viewRecords')}: ${t('an.card.exhausted')}`} />
          </Col>
        </Row>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <Card title={salesTitle}>
            <Chart<MonthRow>
              title={salesTitle}
              categories={months}
              series={templates.map(([id, name]) => ({ name, type: 'bar' as const, stack: 'sales', data: months.map((m) => sales.find((s) => s.month === m && s.templateId === id)?.orders ?? 0) }))}
              summary={seriesSummary(t, salesTitle, months, monthRows.map((r) => r.orders), String)}
              columns={salesColumns}
              rows={monthRows}
              rowKey="month"
              onSelect={(i, s) => history.push(drillUrl(salesDrill(months[i], templates[s]?.[0])))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={tplTitle}>
            <Chart<TemplateRow>
              title={tplTitle}
              categories={tplRows.map((r) => r.templateName)}
              series={[{ name: t('an.card.remainingHours'), type: 'bar', data: tplRows.map((r) => r.remainingHours) }]}
              summary={seriesSummary(t, tplTitle, tplRows.map((r) => r.templateName), tplRows.map((r) => r.remainingHours), formatHours)}
              columns={tplColumns}
              rows={tplRows}
              rowKey="templateId"
              onSelect={(i) => history.push(drillUrl(holdDrill(tplRows[i].templateId)))}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('an.card.progress')} style={{ marginTop: 16 }}>
        <Tabs
          items={[
            {
              key: 'class',
              label: t('an.card.byClass'),
              children: (
                <ProgressTable<ClassProgress> key={`c${key}`} rowKey="classId" columns={classColumns} fetch={(q) => fetchClassProgress({ ...q, ...query })} />
              ),
            },
            {
              key: 'card',
              label: t('an.card.byCard'),
              children: (
                <ProgressTable<CardProgress> key={`d${key}`} rowKey="cardId" columns={cardColumns} fetch={(q) => fetchCardProgress({ ...q, ...query })} />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
