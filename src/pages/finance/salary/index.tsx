/**
 * /finance/salary (docs/rules.md#salaries): the month's sheet, one line per staff member. Generate / recalculate drafts;
 * ChangeWage, CheckSalary, DeleteSalary, pay (issues the pay slips); teachers and sales see only their own line.
 */
import React, { useRef, useState } from 'react';
import dayjs from 'dayjs';
import { Button, DatePicker, Form, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ListPage, actionsColumn } from '@/components/crud';
import FormModal, { useSave } from '@/components/FormModal';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { rowCheckbox } from '@/components/rowSelection';
import { useAppAccess } from '@/hooks/useSession';
import NumberInput from '@/components/NumberInput';
import HeaderHelp from '@/components/HeaderHelp';
import { formatHours, formatMoney } from '@/utils/format';
import { tableRequest } from '@/services/list';
import { changeWage, checkSalaries, deleteSalary, fetchSalaryLines, generateSalaries, paySalaries } from '@/services/finance';
import type { SalaryLineSummary, SalaryStatus } from '@/types/finance';
import { isMonthOver } from '@/domain/monthClose';
import { sumMoney } from '@/domain/revenue';

const STATUS_COLOR: Record<SalaryStatus, string> = { draft: 'default', checked: 'blue', paid: 'green' };

export function ChangeWage({ line, onDone }: { line: SalaryLineSummary; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      title={t('sal.changeWage', { name: line.staffName })}
      trigger={<a>{t('sal.changeWageLink')}</a>}
      width={460}
      initialValues={{ base: line.base }}
      onFinish={(v: { base: number; reason: string }) => save(() => changeWage(line.id, v.base, v.reason), t('common.saved'), onDone)}
    >
      <Form.Item name="base" label={t('sal.baseThisMonth')} rules={[{ required: true, message: t('bill.required') }]}>
        <NumberInput />
      </Form.Item>
      <ProFormText name="reason" label={t('sal.reason')} rules={[{ required: true, whitespace: true, message: t('bill.required') }]} />
    </FormModal>
  );
}

/** Columns hidden until shown with the column setting (issue 31). */
const SECONDARY = ['role', 'cardCommission', 'elimCommission', 'hours'];

export default function SalaryPage() {
  const { t } = useIntl();
  const save = useSave();
  const access = useAppAccess();
  const manage = access.financialManagement;
  const ref = useRef<ActionType>();
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'));
  const [selected, setSelected] = useState<SalaryLineSummary[]>([]);
  const [account, setAccount] = useState<'bank' | 'cash' | 'wechat' | 'alipay'>('bank');
  const [total, setTotal] = useState<number>();
  const reload = () => {
    setSelected([]);
    ref.current?.reload();
  };
  const act = (fn: () => Promise<unknown>, ok: string) => save(fn, ok, reload);
  const money = (v: number) => formatMoney(v);
  // Checking and paying wait for the end of the month (the server refuses too: src/domain/monthClose.ts).
  const over = isMonthOver(month, dayjs().format('YYYY-MM-DD'));
  const notOver = over ? undefined : t('sal.monthNotOver', { month });
  /** A row action that waits for the end of the month: greyed with the reason until then. */
  const waiting = (label: string) => (
    <Tooltip title={notOver}>
      <Typography.Text type="secondary" aria-disabled="true">
        {label}
      </Typography.Text>
    </Tooltip>
  );
  const toPay = selected.filter((s) => s.status === 'checked');
  const toPayTotal = sumMoney(toPay.map((s) => s.total));
  const columns: ProColumns<SalaryLineSummary>[] = [
    { title: t('fin.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('sal.staff'), dataIndex: 'staffName', search: false, sorter: true, render: (_, r) => <Link to={`/finance/salary/view-salary?id=${r.id}`}>{r.staffName}</Link> },
    { title: t('sal.role'), dataIndex: 'role', search: false, render: (_, r) => t(`sal.role.${r.role}`) },
    { title: t('sal.base'), dataIndex: 'base', search: false, sorter: true, align: 'right', render: (_, r) => money(r.base) },
    { title: t('sal.cardCommission'), dataIndex: 'cardCommission', search: false, sorter: true, align: 'right', render: (_, r) => money(r.cardCommission) },
    { title: t('sal.elimCommission'), dataIndex: 'elimCommission', search: false, sorter: true, align: 'right', render: (_, r) => money(r.elimCommission) },
    { title: <HeaderHelp title={t('sal.hours')} help={t('sal.hours.help')} />, dataIndex: 'hours', search: false, render: (_, r) => formatHours(r.hours) },
    { title: t('sal.bonus'), dataIndex: 'bonus', search: false, align: 'right', render: (_, r) => money(r.bonus) },
    { title: t('sal.penalties'), dataIndex: 'penalties', search: false, align: 'right', render: (_, r) => money(r.penalties) },
    { title: t('sal.total'), dataIndex: 'total', search: false, sorter: true, align: 'right', render: (_, r) => <strong>{money(r.total)}</strong> },
    {
      title: t('sal.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { draft: { text: t('sal.st.draft') }, checked: { text: t('sal.st.checked') }, paid: { text: t('sal.st.paid') } },
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`sal.st.${r.status}`)}</Tag>,
    },
    actionsColumn<SalaryLineSummary>((r) => (
      <Space size={8} wrap>
        <Link to={`/finance/salary/view-salary?id=${r.id}`}>{t('sal.view')}</Link>
        {manage && r.status === 'draft' && (
          <>
            <ChangeWage line={r} onDone={reload} />
            {over ? (
              <Popconfirm title={t('sal.checkConfirm', { name: r.staffName })} onConfirm={() => act(() => checkSalaries([r.id]), t('sal.checkedOk'))}>
                <a>{t('sal.check')}</a>
              </Popconfirm>
            ) : (
              waiting(t('sal.check'))
            )}
            <Popconfirm title={t('sal.deleteConfirm', { name: r.staffName })} onConfirm={() => act(() => deleteSalary(r.id), t('sal.deleted'))}>
              <a>{t('sal.delete')}</a>
            </Popconfirm>
          </>
        )}
        {manage && r.status === 'checked' && !over && waiting(t('sal.pay'))}
        {manage && r.status === 'checked' && over && (
          <Popconfirm title={t('sal.payConfirm', { name: r.staffName })} onConfirm={() => act(() => paySalaries([r.id], account), t('sal.paidOk'))}>
            <a>{t('sal.pay')}</a>
          </Popconfirm>
        )}
        {r.slipId && <Link to={`/finance/pay-slip/detail?id=${r.slipId}`}>{t('sal.slip')}</Link>}
      </Space>
    )),
  ];
  return (
    <ListPage<SalaryLineSummary>
      actionRef={ref}
      headerTitle={
        <Space wrap>
          <span>{t('menu.salary')}</span>
          <DatePicker picker="month" aria-label={t('fin.month')} allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} />
          {total !== undefined && <span data-testid="salary-total">{t('sal.monthTotal', { total: money(total) })}</span>}
        </Space>
      }
      params={{ month }}
      // Issue 31: the actions are one compact column; the commissions and hours are in the line's detail (and come
      // back with the column setting), so Bonus, Penalties, Total and Status stay in view.
      columns={columns}
      secondary={SECONDARY}
      rowSelection={manage ? { selectedRowKeys: selected.map((s) => s.id), onChange: (_k, rows) => setSelected(rows), getCheckboxProps: rowCheckbox((s) => s.staffName) } : undefined}
      request={tableRequest(async (q) => {
        const res = await fetchSalaryLines({ ...q, month });
        setTotal(res.totalAmount);
        return res;
      })}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      toolBarRender={() =>
        manage
          ? [
              <Popconfirm key="gen" title={t('sal.generateConfirm', { month })} onConfirm={() => act(() => generateSalaries(month), t('sal.generated'))}>
                <Button type="primary">{t('sal.generate')}</Button>
              </Popconfirm>,
              <Tooltip key="check" title={notOver}>
                <span>
                  <Button disabled={!over || !selected.some((s) => s.status === 'draft')} onClick={() => act(() => checkSalaries(selected.filter((s) => s.status === 'draft').map((s) => s.id)), t('sal.checkedOk'))}>
                    {t('sal.checkSelected')}
                  </Button>
                </span>
              </Tooltip>,
              <Select key="acc" aria-label={t('bill.account')} value={account} onChange={setAccount} options={(['bank', 'cash', 'wechat', 'alipay'] as const).map((a) => ({ value: a, label: t(`bill.acc.${a}`) }))} style={{ width: 120 }} />,
              // Money leaves: confirm with the count and the total of the checked lines selected.
              <Tooltip key="pay" title={notOver}>
                <span>
                  <Popconfirm
                    title={t('sal.payBatchConfirm', { count: toPay.length, total: money(toPayTotal) })}
                    disabled={!over || !toPay.length}
                    onConfirm={() => act(() => paySalaries(toPay.map((s) => s.id), account), t('sal.paidOk'))}
                  >
                    <Button disabled={!over || !toPay.length}>{t('sal.paySelected')}</Button>
                  </Popconfirm>
                </span>
              </Tooltip>,
            ]
          : []
      }
    />
  );
}
