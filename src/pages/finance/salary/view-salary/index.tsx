/**
 * /finance/salary/view-salary?id= (docs/rules.md#salaries): one salary line with its detail screens (base-salary,
 * course-card, course-elimination), BonusPenalties, CheckAmount, and ViewCommission down to the records
 * (the items add up to the figure).
 */
import React, { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Form, Modal, Popconfirm, Result, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { isMonthOver } from '@/domain/monthClose';
import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { Link, useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import NumberInput from '@/components/NumberInput';
import HeaderHelp from '@/components/HeaderHelp';
import { formatHours, formatMoney } from '@/utils/format';
import { addAdjustment, checkAmount, fetchSalaryLine, removeAdjustment } from '@/services/finance';
import type { CommissionItem, SalaryLine } from '@/types/finance';

function ItemsTable({ items, figure }: { items: CommissionItem[]; figure: number }) {
  const { t } = useIntl();
  return (
    <Table<CommissionItem>
      rowKey={(r) => `${r.kind}-${r.sourceId}`}
      size="small"
      dataSource={items}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('fin.date'), dataIndex: 'date' },
        { title: t('fin.type'), dataIndex: 'kind', render: (v: string) => t(`sal.item.${v}`) },
        { title: t('fin.ref'), dataIndex: 'ref', render: (v: string, r) => (r.lessonId ? `${v} · #${r.lessonId}` : v) },
        { title: t('fin.student'), dataIndex: 'studentName' },
        { title: <HeaderHelp title={t('sal.hours')} help={t('sal.hours.help')} />, dataIndex: 'hours', render: (v?: number) => (v === undefined ? '-' : formatHours(v)) },
        { title: t('sal.itemBase'), dataIndex: 'base', align: 'right', render: (v: number) => formatMoney(v) },
        { title: t('fin.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatMoney(v) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={6}>
            {t('fin.total')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <span data-testid="items-sum">{formatMoney(figure)}</span>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function BonusPenalties({ line, onDone }: { line: SalaryLine; onDone: (l: SalaryLine) => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      title={t('sal.bonusPenalties')}
      trigger={<Button>{t('sal.addBonusPenalty')}</Button>}
      width={460}
      initialValues={{ kind: 'bonus' }}
      onFinish={(v: { kind: 'bonus' | 'penalty'; amount: number; reason: string }) => save(() => addAdjustment({ id: line.id, ...v }), t('common.saved'), onDone)}
    >
      <ProFormSelect name="kind" label={t('fin.type')} options={[{ value: 'bonus', label: t('sal.item.bonus') }, { value: 'penalty', label: t('sal.item.penalty') }]} rules={[{ required: true, message: t('bill.required') }]} />
      <Form.Item name="amount" label={t('fin.amount')} rules={[{ required: true, message: t('bill.required') }]}>
        <NumberInput />
      </Form.Item>
      <ProFormText name="reason" label={t('sal.reason')} rules={[{ required: true, whitespace: true, message: t('bill.required') }]} />
    </FormModal>
  );
}

export default function ViewSalaryPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const manage = useAppAccess().financialManagement;
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [line, setLine] = useState<SalaryLine>();
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<'card' | 'elim'>();
  const load = useCallback(() => {
    fetchSalaryLine(id).then(setLine, () => setFailed(true));
  }, [id]);
  useEffect(load, [load]);
  if (failed || !id) return <Result status="404" title={t('sal.notFound')} extra={<Link to="/finance/salary">{t('menu.salary')}</Link>} />;
  if (!line) return <Card loading style={{ margin: 24 }} />;
  const draft = manage && line.status === 'draft';
  const figLink = (kind: 'card' | 'elim', v: number) => (
    <a role="button" tabIndex={0} data-testid={`view-${kind}`} onClick={() => setView(kind)} onKeyDown={(e) => e.key === 'Enter' && setView(kind)}>
      {formatMoney(v)}
    </a>
  );
  return (
    <div style={{ padding: 24 }}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {t('sal.lineTitle', { name: line.staffName, month: line.month })}
          </Typography.Title>
          <Tag data-testid="line-status">{t(`sal.st.${line.status}`)}</Tag>
          {draft && <BonusPenalties line={line} onDone={setLine} />}
          {draft && !isMonthOver(line.month, dayjs().format('YYYY-MM-DD')) && (
            <Tooltip title={t('sal.monthNotOver', { month: line.month })}>
              <span>
                <Button type="primary" disabled>
                  {t('sal.checkAmount')}
                </Button>
              </span>
            </Tooltip>
          )}
          {draft && isMonthOver(line.month, dayjs().format('YYYY-MM-DD')) && (
            <Popconfirm
              title={t('sal.checkAmountConfirm', { total: formatMoney(line.total) })}
              onConfirm={async () => {
                try {
                  setLine(await checkAmount(line.id, line.total));
                  message.success(t('sal.checkedOk'));
                } catch {
                  load();
                }
              }}
            >
              <Button type="primary">{t('sal.checkAmount')}</Button>
            </Popconfirm>
          )}
          {line.slipId && <Link to={`/finance/pay-slip/detail?id=${line.slipId}`}>{t('sal.slip')}</Link>}
        </Space>
        <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('sal.base')}>{formatMoney(line.base)}</Descriptions.Item>
          <Descriptions.Item label={t('sal.cardCommission')}>{figLink('card', line.cardCommission)}</Descriptions.Item>
          <Descriptions.Item label={t('sal.elimCommission')}>{figLink('elim', line.elimCommission)}</Descriptions.Item>
          <Descriptions.Item label={t('sal.bonus')}>{formatMoney(line.bonus)}</Descriptions.Item>
          <Descriptions.Item label={t('sal.penalties')}>{formatMoney(line.penalties)}</Descriptions.Item>
          <Descriptions.Item label={t('sal.total')}>
            <strong data-testid="line-total">{formatMoney(line.total)}</strong>
          </Descriptions.Item>
        </Descriptions>
        <Tabs
          defaultActiveKey={params.get('tab') ?? undefined}
          items={[
            {
              key: 'base-salary',
              label: t('sal.tab.base'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Descriptions size="small" column={1}>
                    <Descriptions.Item label={t('sal.planBase')}>{formatMoney(line.plan.baseSalary)}</Descriptions.Item>
                    <Descriptions.Item label={t('sal.cardRate')}>{`${line.plan.cardRate}%`}</Descriptions.Item>
                    <Descriptions.Item label={t('sal.elimMode')}>
                      {line.plan.elimMode === 'rate' ? `${line.plan.elimRate}%` : line.plan.tiers.length ? `${t(`sal.tier.${line.plan.tierMode}`)}: ${line.plan.tiers.map((x) => `${x.from}–${x.to ?? '∞'} @${x.amount}`).join(', ')}` : t('sal.perHourValue', { amount: formatMoney(line.plan.elimAmount) })}
                    </Descriptions.Item>
                    {line.wageChange && (
                      <Descriptions.Item label={t('sal.wageChanged')}>{t('sal.wageChangedText', { from: formatMoney(line.wageChange.from), to: formatMoney(line.wageChange.to), reason: line.wageChange.reason, by: line.wageChange.by })}</Descriptions.Item>
                    )}
                  </Descriptions>
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={line.adjustments}
                    locale={{ emptyText: t('sal.noAdjustments') }}
                    columns={[
                      { title: t('fin.type'), dataIndex: 'kind', render: (v: string) => t(`sal.item.${v}`) },
                      { title: t('fin.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatMoney(v) },
                      { title: t('sal.reason'), dataIndex: 'reason' },
                      { title: t('sal.by'), dataIndex: 'operatorName' },
                      ...(draft
                        ? [
                            {
                              title: t('common.actions'),
                              key: 'a',
                              render: (_: unknown, a: SalaryLine['adjustments'][number]) => (
                                <Popconfirm title={t('sal.removeConfirm')} onConfirm={async () => setLine(await removeAdjustment(line.id, a.id))}>
                                  <a>{t('sal.remove')}</a>
                                </Popconfirm>
                              ),
                            },
                          ]
                        : []),
                    ]}
                  />
                </Space>
              ),
            },
            { key: 'course-card', label: t('sal.tab.card'), children: <ItemsTable items={line.cardItems} figure={line.cardCommission} /> },
            { key: 'course-elimination', label: t('sal.tab.elim'), children: <ItemsTable items={line.elimItems} figure={line.elimCommission} /> },
          ]}
        />
      </Space>
      <Modal open={!!view} title={t('sal.viewCommission')} onCancel={() => setView(undefined)} footer={null} width={900} destroyOnHidden>
        {view && <ItemsTable items={view === 'card' ? line.cardItems : line.elimItems} figure={view === 'card' ? line.cardCommission : line.elimCommission} />}
      </Modal>
    </div>
  );
}
