/**
 * /finance/accrual (docs/rules.md#revenue-and-month-close, docs/screens.md#finance): the rollforward per campus and per card (opening + sold − recognised −
 * refunded − forfeited = closing; recognised is the recognised revenue of every screen, "of which corrections" says
 * what corrections made of it) for a month or a range (it opens on the month under way, up to today), and the month
 * close (a month only).
 */
import React, { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { PeriodPicker, usePeriodParams } from '@/components/finance/PeriodPicker';
import { periodLabel } from '@/utils/periodLabel';
import { formatMoney } from '@/utils/format';
import { tableRequest } from '@/services/list';
import { closeMonth, fetchAccrual, fetchAccrualCards, fetchMonthCloses, reopenMonth } from '@/services/finance';
import { closeRefusal } from '@/domain/monthClose';
import type { AccrualCardRow, AccrualCampusRow, AccrualOverview, RollforwardFigures } from '@/types/finance';
import ListTable from '@/components/ListTable';

const KEYS: (keyof RollforwardFigures)[] = ['opening', 'sold', 'recognised', 'corrections', 'refunded', 'forfeited', 'closing'];

export default function AccrualPage() {
  const { t } = useIntl();
  const save = useSave();
  // The period (a month, or a range) and the opened campus live in the URL (?month= or ?startDate=&endDate=,
  // &campusId=), so a campus's cards can be linked to; it opens on the month under way.
  const { query, mode, setPeriod, campusId, setCampusId } = usePeriodParams();
  const month = query.month ?? (query.startDate ?? dayjs().format('YYYY-MM-DD')).slice(0, 7);
  // A campus row opens its cards (the rows behind its figures).
  const [data, setData] = useState<AccrualOverview>();
  const [tick, setTick] = useState(0);
  const refresh = () => setTick((x) => x + 1);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    fetchAccrual(query).then(setData, () => undefined);
  }, [queryKey, tick]);
  // The last closed month: months close in order after it, and only it reopens (src/domain/monthClose.ts).
  const [lastClosed, setLastClosed] = useState<string | null>();
  useEffect(() => {
    fetchMonthCloses({ page: 1, pageSize: 1, sortField: 'month', sortOrder: 'descend' }).then((r) => setLastClosed(r.list[0]?.month ?? null), () => undefined);
  }, [tick]);
  const refusal = lastClosed === undefined ? undefined : closeRefusal(lastClosed ? [lastClosed] : [], month, dayjs().format('YYYY-MM-DD'));
  const closeDisabled = mode === 'range' || month >= dayjs().format('YYYY-MM') || refusal?.reason === 'outOfOrder';
  const money = (v: number) => formatMoney(v);
  const figCols = KEYS.map((k) => ({ title: t(`fin.rf.${k}`), dataIndex: k, align: 'right' as const, render: money }));
  const cardCols: ProColumns<AccrualCardRow>[] = [
    { title: t('fin.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('fin.card'), dataIndex: 'cardNo', search: false },
    { title: t('fin.student'), dataIndex: 'studentName', search: false, sorter: true },
    { title: t('fin.template'), dataIndex: 'templateName', search: false },
    {
      title: t('fin.cardStatus'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(['active', 'exhausted', 'expired', 'invalid'].map((s) => [s, { text: t(`fin.cardStatus.${s}`) }])),
    },
    { title: t('fin.campus'), dataIndex: 'campusName', search: false },
    ...KEYS.map((k) => ({ title: t(`fin.rf.${k}`), dataIndex: k, search: false as const, sorter: true, align: 'right' as const, render: (_: unknown, r: AccrualCardRow) => money(r[k]) })),
  ];
  return (
    <div style={{ padding: 24 }}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {t('menu.financeAccrual')}
          </Typography.Title>
          <PeriodPicker query={query} mode={mode} onChange={setPeriod} />
          {data && <Typography.Text data-testid="accrual-period-label">{periodLabel(t, data.startDate, data.endDate, dayjs().format('YYYY-MM-DD'))}</Typography.Text>}
          {data?.closed ? (
            <>
              <Tag color="green" data-testid="month-closed">
                {t('fin.closedBy', { at: data.closedAt ?? '', by: data.closedBy ?? '' })}
              </Tag>
              {lastClosed === month && (
                <FormModal<{ reason: string }>
                  title={t('fin.reopenTitle', { month })}
                  trigger={<Button>{t('fin.reopenMonth')}</Button>}
                  width={460}
                  onFinish={(v) => save(() => reopenMonth(month, v.reason.trim()), t('fin.reopenedOk', { month }), refresh)}
                >
                  <Typography.Paragraph type="secondary">{t('fin.reopenHint')}</Typography.Paragraph>
                  <ProFormTextArea name="reason" label={t('fin.reopenReason')} fieldProps={{ maxLength: 200 }} rules={[{ required: true, whitespace: true, message: t('bill.required') }]} />
                </FormModal>
              )}
            </>
          ) : (
            <Tooltip title={mode === 'range' ? t('fig.accrual.rangeNoClose') : refusal?.reason === 'outOfOrder' ? t('fin.closeOrderHint', { next: refusal.expected }) : undefined}>
              <span>
                <Popconfirm
                  title={t('fin.closeConfirm', { month })}
                  disabled={closeDisabled}
                  onConfirm={() => save(() => closeMonth(month), t('fin.closedOk', { month }), refresh)}
                >
                  <Button type="primary" disabled={closeDisabled}>
                    {t('fin.closeMonth')}
                  </Button>
                </Popconfirm>
              </span>
            </Tooltip>
          )}
        </Space>
        <Table<AccrualCampusRow>
          rowKey="campusId"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data?.campuses ?? []}
          columns={[
            {
              title: t('fin.campus'),
              dataIndex: 'campusName',
              render: (v: string, r: AccrualCampusRow) => (
                <a role="button" tabIndex={0} aria-pressed={campusId === r.campusId} onClick={() => setCampusId(campusId === r.campusId ? undefined : r.campusId)} onKeyDown={(e) => e.key === 'Enter' && setCampusId(campusId === r.campusId ? undefined : r.campusId)}>
                  {v}
                </a>
              ),
            },
            ...figCols,
          ]}
          summary={() =>
            data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('fin.total')}</Table.Summary.Cell>
                {KEYS.map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 1} align="right">
                    <span data-testid={`total-${k}`}>{money(data.total[k])}</span>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
        <ListTable<AccrualCardRow>
          rowKey="cardId"
          headerTitle={campusId ? t('fin.perCardOf', { campus: data?.campuses.find((c) => c.campusId === campusId)?.campusName ?? '' }) : t('fin.perCard')}
          params={{ ...query, tick, campusId }}
          columns={cardCols}
          scroll={{ x: 'max-content' }}
          request={tableRequest((q) => fetchAccrualCards({ ...q, ...query, moved: 'true', ...(campusId ? { campusId } : {}) }))}
          pagination={{ defaultPageSize: 10, showSizeChanger: true }}
          search={{ labelWidth: 'auto' }}
          size="small"
        />
      </Space>
    </div>
  );
}
