/**
 * /customer/data: lead statistics over a TimeSelect range (docs/screens.md#customer-center): funnel by status, leads by source,
 * conversion by owner, new leads over time. Computed by the server from the same leads /customer lists (creation date
 * in the range, same visibility), so every number opens the list that shows it.
 */
import React, { useState } from 'react';
import { Card, Col, Empty, Row, Space, Spin, Statistic, Table, Tooltip, Typography, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchLeadStats } from '@/services/customer';
import type { LeadStats } from '@/types/customer';
import TimeSelect, { presetRange, type DateRangeValue } from '@/components/TimeSelect';
import { STATUS_COLOR } from '@/components/customer/labels';

const BAR_COLORS: Record<string, string> = { blue: '#1677ff', gold: '#faad14', purple: '#722ed1', green: '#52c41a', default: '#bfbfbf' };

function listLink(range: DateRangeValue, filters: Record<string, string>) {
  const q = new URLSearchParams(filters);
  if (range) {
    q.set('startDate', range[0]);
    q.set('endDate', range[1]);
  }
  return `/customer?${q.toString()}`;
}

function Bar({ value, max, color, label }: { value: number; max: number; color: string; label: string }) {
  const pct = max ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <div role="img" aria-label={label} style={{ background: '#f5f5f5', borderRadius: 4, height: 18, width: '100%' }}>
      <div style={{ width: `${value ? pct : 0}%`, background: color, height: '100%', borderRadius: 4 }} />
    </div>
  );
}

function Trend({ data }: { data: LeadStats['trend'] }) {
  const { t } = useIntl();
  const max = Math.max(1, ...data.map((d) => d.count));
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 160, overflowX: 'auto' }} role="img" aria-label={t('cu.data.trend')}>
      {data.map((d) => (
        <Tooltip key={d.bucket} title={`${d.bucket}: ${d.count}`}>
          <div style={{ flex: '1 0 6px', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', height: '100%' }}>
            <div style={{ height: `${(d.count / max) * 100}%`, minHeight: d.count ? 2 : 0, background: '#05C7BE', borderRadius: '2px 2px 0 0' }} />
          </div>
        </Tooltip>
      ))}
    </div>
  );
}

/** A half-width card holding one breakdown as a small unpaged table; what follows the table (a hint) as children. */
function TableCard<T extends object>({ title, rowKey, dataSource, columns, children }: { title: string; rowKey: TableProps<T>['rowKey']; dataSource: T[]; columns: ColumnsType<T>; children?: React.ReactNode }) {
  return (
    <Col xs={24} lg={12}>
      <Card title={title} style={{ marginBottom: 16 }}>
        <Table<T> size="small" pagination={false} rowKey={rowKey} dataSource={dataSource} columns={columns} />
        {children}
      </Card>
    </Col>
  );
}

export default function CustomerDataPage() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const [range, setRange] = useState<DateRangeValue>(
    params.get('startDate') && params.get('endDate') ? [params.get('startDate')!, params.get('endDate')!] : presetRange('last30'),
  );
  const { data, loading } = useRequest(() => fetchLeadStats({ startDate: range?.[0], endDate: range?.[1] }), { refreshDeps: [range?.[0], range?.[1]] });
  const maxFunnel = Math.max(1, ...(data?.funnel.map((f) => f.reached) ?? [1]));
  const maxSource = Math.max(1, ...(data?.sources.map((s) => s.count) ?? [1]));
  // The "count" column of the funnel and the sources: each number opens the lead list filtered to that row.
  const countColumn = <T extends { count: number }>(filters: (r: T) => Record<string, string>, testId?: (r: T) => string): ColumnsType<T>[number] => ({
    title: t('cu.data.count'),
    dataIndex: 'count',
    width: 90,
    render: (n: number, r: T) => (
      <Link to={listLink(range, filters(r))} data-testid={testId?.(r)}>
        {n}
      </Link>
    ),
  });

  return (
    <div style={{ padding: 24 }}>
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <Typography.Text strong>{t('cu.data.range')}</Typography.Text>
          <div style={{ minWidth: 380 }}>
            <TimeSelect value={range} onChange={(v) => v && setRange(v)} noAll />
          </div>
        </Space>
      </Card>
      <Spin spinning={loading}>
        {data && (
          <>
            <Row gutter={16} style={{ marginBottom: 16 }}>
              <Col xs={24} md={8}>
                <Card>
                  <Link to={listLink(range, {})}>
                    <Statistic title={t('cu.data.total')} value={data.total} />
                  </Link>
                </Card>
              </Col>
              <Col xs={24} md={8}>
                <Card>
                  <Link to={listLink(range, { status: 'formal' })}>
                    <Statistic title={t('cu.data.formal')} value={data.funnel.find((f) => f.status === 'formal')?.count ?? 0} />
                  </Link>
                </Card>
              </Col>
              <Col xs={24} md={8}>
                <Card>
                  <Statistic title={t('cu.data.rate')} value={(data.conversionRate * 100).toFixed(1)} suffix="%" />
                </Card>
              </Col>
            </Row>
            <Row gutter={16}>
              <TableCard
                title={t('cu.data.funnel')}
                rowKey="status"
                dataSource={data.funnel}
                columns={[
                  { title: t('cu.field.status'), dataIndex: 'status', render: (s: string) => t(`cu.status.${s}`), width: 110 },
                  countColumn<LeadStats['funnel'][number]>((r) => ({ status: r.status }), (r) => `funnel-${r.status}`),
                  {
                    title: t('cu.data.reached'),
                    dataIndex: 'reached',
                    render: (n: number, r) => (
                      <Space style={{ width: '100%' }} direction="vertical" size={0}>
                        <Bar value={n} max={maxFunnel} color={BAR_COLORS[STATUS_COLOR[r.status]]} label={`${t(`cu.status.${r.status}`)} ${n}`} />
                        <Typography.Text type="secondary">{n}</Typography.Text>
                      </Space>
                    ),
                  },
                ]}
              >
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('cu.data.funnelHint')}
                </Typography.Paragraph>
              </TableCard>
              <TableCard
                title={t('cu.data.sources')}
                rowKey="source"
                dataSource={data.sources}
                columns={[
                  { title: t('cu.field.source'), dataIndex: 'source', render: (s: string) => t(`cu.source.${s}`), width: 130 },
                  countColumn<LeadStats['sources'][number]>((r) => ({ source: r.source })),
                  { title: '', key: 'bar', render: (_: unknown, r) => <Bar value={r.count} max={maxSource} color="#05C7BE" label={`${t(`cu.source.${r.source}`)} ${r.count}`} /> },
                ]}
              />
            </Row>
            <Row gutter={16}>
              <TableCard
                title={t('cu.data.owners')}
                rowKey={(r) => String(r.ownerId ?? 'pool')}
                dataSource={data.owners}
                columns={[
                  { title: t('cu.field.owner'), dataIndex: 'ownerName', render: (_: unknown, r) => (r.ownerId === undefined ? t('cu.owner.pool') : r.ownerName) },
                  {
                    title: t('cu.data.total'),
                    dataIndex: 'total',
                    render: (n: number, r) => <Link to={listLink(range, { ownerId: r.ownerId === undefined ? 'pool' : String(r.ownerId) })}>{n}</Link>,
                  },
                  {
                    title: t('cu.data.formal'),
                    dataIndex: 'formal',
                    render: (n: number, r) => (
                      <Link to={listLink(range, { ownerId: r.ownerId === undefined ? 'pool' : String(r.ownerId), status: 'formal' })}>{n}</Link>
                    ),
                  },
                  { title: t('cu.data.rate'), dataIndex: 'rate', render: (v: number) => `${(v * 100).toFixed(1)}%` },
                ]}
              />
              <Col xs={24} lg={12}>
                <Card title={t('cu.data.trend')} style={{ marginBottom: 16 }}>
                  <Trend data={data.trend} />
                  {data.trend.length > 0 && (
                    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                      <Typography.Text type="secondary">{data.trend[0].bucket}</Typography.Text>
                      <Typography.Text type="secondary">{data.trend[data.trend.length - 1].bucket}</Typography.Text>
                    </Space>
                  )}
                </Card>
              </Col>
            </Row>
          </>
        )}
      </Spin>
    </div>
  );
}
