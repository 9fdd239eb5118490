/** /finance/pay-slip/detail?id= (docs/screens.md#finance): every line of a pay slip, adding up to its total; printable. */
import React, { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Result, Space, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { formatHours, formatMoney } from '@/utils/format';
import { fetchPaySlip } from '@/services/finance';
import type { PaySlip, PaySlipLine } from '@/types/finance';

/** The tab of the salary line that holds a slip line's records. */
const TAB_OF: Record<PaySlipLine['key'], string> = { base: 'base-salary', bonus: 'base-salary', penalties: 'base-salary', cardCommission: 'course-card', elimCommission: 'course-elimination' };

export default function PaySlipDetailPage() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [slip, setSlip] = useState<PaySlip>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (id) fetchPaySlip(id).then(setSlip, () => setFailed(true));
  }, [id]);
  if (failed || !id) return <Result status="404" title={t('sal.slipNotFound')} extra={<Link to="/finance/pay-slip">{t('menu.paySlip')}</Link>} />;
  if (!slip) return <Card loading style={{ margin: 24 }} />;
  /** The reason of a line: the figures or the entered reasons behind it (slips paid before issue 30 show their detail). */
  const lineDetail = (l: PaySlipLine): string => {
    if (l.key === 'cardCommission' && l.sales !== undefined) return t('sal.slipCardDetail', { sales: formatMoney(l.sales), clawbacks: formatMoney(l.clawbacks ?? 0) });
    if (l.key === 'elimCommission' && l.hours !== undefined) return t('sal.slipElimDetail', { hours: formatHours(l.hours) });
    if (l.reasons) return l.reasons.length ? l.reasons.join('; ') : t('sal.slipNone');
    if (l.key === 'base' && !l.detail) return t('sal.slipBaseDetail');
    return l.detail ?? '';
  };
  return (
    <div style={{ padding: 24, maxWidth: 820 }} className="printable">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {t('sal.slipTitle', { name: slip.staffName, month: slip.month })}
          </Typography.Title>
          <Button onClick={() => window.print()}>{t('sal.print')}</Button>
        </Space>
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label={t('sal.slipNo')}>{slip.slipNo}</Descriptions.Item>
          <Descriptions.Item label={t('fin.campus')}>{slip.campusName}</Descriptions.Item>
          <Descriptions.Item label={t('sal.paidAt')}>{slip.paidAt}</Descriptions.Item>
          <Descriptions.Item label={t('bill.account')}>{t(`bill.acc.${slip.account}`)}</Descriptions.Item>
        </Descriptions>
        <Table<PaySlipLine>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={slip.lines}
          columns={[
            { title: t('sal.slipItem'), dataIndex: 'key', render: (k: string) => t(`sal.${k}`) },
            { title: t('sal.detail'), dataIndex: 'detail', render: (_: unknown, l: PaySlipLine) => <span data-testid={`slip-detail-${l.key}`}>{lineDetail(l)}</span> },
            { title: t('fin.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <span data-testid="slip-line">{formatMoney(v)}</span> },
            {
              title: t('sal.openRecords'),
              key: 'records',
              render: (_: unknown, l: PaySlipLine) => <Link to={`/finance/salary/view-salary?id=${slip.lineId}&tab=${TAB_OF[l.key]}`}>{t('sal.openRecords')}</Link>,
            },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{t('sal.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong data-testid="slip-total">{formatMoney(slip.total)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Space>
    </div>
  );
}
