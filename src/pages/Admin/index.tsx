/**
 * /Admin: the platform overview (docs/screens.md#platform): companies by state, expiring in 7/30/90 days (each opening the
 * filtered company list), subscription revenue by month (bars with the figures as text) and the newest feedback.
 */
import React from 'react';
import { Card, Col, List, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchOverview } from '@/services/platform';
import { COMPANY_STATES, type PlatformOverview } from '@/types/platform';
import { formatMoney } from '@/utils/format';

export default function AdminOverview() {
  const { t } = useIntl();
  const { data, loading } = useRequest(fetchOverview);
  const max = Math.max(1, ...(data?.revenueByMonth ?? []).map((m) => m.amount));
  return (
    <div style={{ padding: 24 }}>
      {loading && !data ? (
        <Skeleton active />
      ) : data ? (
        <>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('pfAdmin.byState')}
          </Typography.Title>
          <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
            {COMPANY_STATES.map((s) => (
              <Col key={s} xs={12} md={6}>
                <Link to={`/company?state=${s}`} aria-label={`${t(`pfCompany.state.${s}`)}: ${data.byState[s]}`}>
                  <Card hoverable>
                    <Statistic title={t(`pfCompany.state.${s}`)} value={data.byState[s]} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('pfAdmin.expiring')}
          </Typography.Title>
          <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
            {([7, 30, 90] as const).map((n) => (
              <Col key={n} xs={8}>
                <Link to={`/company?expiresWithin=${n}`} aria-label={`${t('pfCompany.within', { n })}: ${data.expiring[`within${n}` as keyof PlatformOverview['expiring']]}`}>
                  <Card hoverable>
                    <Statistic title={t('pfCompany.within', { n })} value={data.expiring[`within${n}` as keyof PlatformOverview['expiring']]} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('pfAdmin.revenue')}</Typography.Title>} extra={<Link to="/admin-order">{t('menu.adminOrder')}</Link>}>
                <Table
                  rowKey="month"
                  size="small"
                  pagination={false}
                  dataSource={data.revenueByMonth}
                  aria-label={t('pfAdmin.revenue')}
                  columns={[
                    { title: t('pfAdmin.month'), dataIndex: 'month', width: 90 },
                    {
                      title: t('pfAdmin.amount'),
                      dataIndex: 'amount',
                      render: (v: number) => (
                        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                          <div aria-hidden style={{ height: 10, width: `${Math.round((v / max) * 60)}%`, background: '#05C7BE', borderRadius: 2 }} />
                          <span>{formatMoney(v)}</span>
                        </div>
                      ),
                    },
                    { title: t('pfAdmin.orders'), dataIndex: 'orders', width: 80 },
                  ]}
                />
                <Typography.Paragraph style={{ marginTop: 12 }}>{t('pfAdmin.paidThisYear', { amount: formatMoney(data.totals.paidThisYear) })}</Typography.Paragraph>
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('pfAdmin.feedback')}</Typography.Title>} extra={<Link to="/cool">{t('pfAdmin.allFeedback')}</Link>}>
                <List
                  dataSource={data.newestFeedback}
                  renderItem={(f) => (
                    <List.Item>
                      <List.Item.Meta title={`${f.companyName} · ${f.userName}`} description={f.at} />
                      <div style={{ maxWidth: 260 }}>{f.content}</div>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </div>
  );
}
