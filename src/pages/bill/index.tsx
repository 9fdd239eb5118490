/**
 * /bill (docs/rules.md#bill-journal): the income and expense journal with balances per account. Card orders, approved refunds
 * and paid pay slips appear automatically (read-only, linked to their source); manual entries are added, edited
 * while their month is open, and voided with a reason.
 * The running balances per account (opening, in, out, closing: src/domain/journalBalance.ts) have their own call
 * (`GET /v2/bill/balances`) over the month and campus last searched (the form's initial values until then), so the
 * table's request is the plain list call that ListTable starts with the route.
 */
import React, { useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { useSearchParams } from 'umi';
import { Button, Card, Col, Form, Row, Space, Statistic, Tag, Typography } from 'antd';
import { ProFormDatePicker, ProFormSelect, ProFormText, ProFormTextArea, type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import ListTable from '@/components/ListTable';
import { useIntl } from '@/locales/useIntl';
import NumberInput from '@/components/NumberInput';
import { formatMoney } from '@/utils/format';
import { tableRequest, toListQuery, type TableParams } from '@/services/list';
import { createJournalEntry, fetchJournal, fetchJournalBalances, updateJournalEntry, voidJournalEntry } from '@/services/finance';
import { fetchCampusOptions } from '@/services/school';
import { JOURNAL_CATEGORIES, type AccountBalance, type JournalEntry } from '@/types/finance';
import type { JournalInput } from '@/types/finance.schemas';
import type { ListQuery } from '@/types/api';
import { actionsColumn } from '@/components/crud';

const ACCOUNTS = ['cash', 'bank', 'wechat', 'alipay'] as const;
const CATEGORY_KEYS = [...JOURNAL_CATEGORIES.income.map((c) => `income.${c}`), ...JOURNAL_CATEGORIES.expense.map((c) => `expense.${c}`)];

function EntryForm({ entry, trigger, onDone }: { entry?: JournalEntry; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  const [form] = Form.useForm();
  const direction = Form.useWatch('direction', form) as string | undefined;
  return (
    <FormModal
      form={form}
      title={t(entry ? 'bill.edit' : 'bill.add')}
      trigger={trigger}
      width={520}
      initialValues={entry ?? { date: dayjs().format('YYYY-MM-DD'), direction: 'expense', account: 'bank' }}
      onFinish={(v: JournalInput & { date: string | dayjs.Dayjs }) => {
        const body: JournalInput = { ...v, date: dayjs(v.date).format('YYYY-MM-DD') };
        return save(() => (entry?.id ? updateJournalEntry({ ...body, id: entry.id }) : createJournalEntry(body)), t('common.saved'), onDone);
      }}
    >
      <ProFormDatePicker name="date" label={t('fin.date')} rules={[{ required: true, message: t('bill.required') }]} />
      <ProFormSelect name="direction" label={t('bill.direction')} options={['income', 'expense'].map((d) => ({ value: d, label: t(`bill.dir.${d}`) }))} rules={[{ required: true, message: t('bill.required') }]} />
      <ProFormSelect
        name="category"
        label={t('bill.category')}
        options={CATEGORY_KEYS.filter((c) => !direction || c.startsWith(direction)).map((c) => ({ value: c, label: t(`bill.cat.${c}`) }))}
        rules={[{ required: true, message: t('bill.required') }]}
      />
      <ProFormSelect name="account" label={t('bill.account')} options={ACCOUNTS.map((a) => ({ value: a, label: t(`bill.acc.${a}`) }))} rules={[{ required: true, message: t('bill.required') }]} />
      <ProFormSelect name="campusId" label={t('fin.campus')} request={fetchCampusOptions} rules={[{ required: true, message: t('bill.required') }]} />
      <Form.Item name="amount" label={t('fin.amount')} rules={[{ required: true, message: t('bill.required') }]}>
        <NumberInput placeholder="0.00" />
      </Form.Item>
      <ProFormText name="counterparty" label={t('bill.counterparty')} fieldProps={{ maxLength: 60 }} rules={[{ required: true, whitespace: true, message: t('bill.required') }]} />
      <ProFormTextArea name="remark" label={t('bill.remark')} fieldProps={{ maxLength: 200 }} />
    </FormModal>
  );
}

function VoidForm({ entry, onDone }: { entry: JournalEntry; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      title={t('bill.void')}
      trigger={<a>{t('bill.void')}</a>}
      width={440}
      onFinish={(v: { reason: string }) => save(() => voidJournalEntry(entry.id!, v.reason), t('bill.voided'), onDone)}
    >
      <ProFormText name="reason" label={t('bill.voidReason')} rules={[{ required: true, whitespace: true, message: t('bill.required') }]} />
    </FormModal>
  );
}

export default function BillPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const [balances, setBalances] = useState<AccountBalance[]>([]);
  // ?month=YYYY-MM&keyword= (the jump search opens a bill entry by its number) pre-fill the search.
  const [urlParams] = useSearchParams();
  const linkedKeyword = urlParams.get('keyword') || undefined;
  const [initialMonth] = useState(() => (/^\d{4}-\d{2}$/.test(urlParams.get('month') ?? '') ? urlParams.get('month')! : dayjs().format('YYYY-MM')));
  // The filters of the list (without page and sort): the balances are computed over the same rows.
  const [filters, setFilters] = useState<ListQuery>({ month: initialMonth, ...(linkedKeyword ? { keyword: linkedKeyword } : {}) });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    fetchJournalBalances(filters).then(
      (b) => live && setBalances(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [filters, version]);
  const reload = () => {
    ref.current?.reload();
    setVersion((v) => v + 1);
  };
  const searched = (values: TableParams) => {
    const { page: _p, pageSize: _s, ...rest } = toListQuery(values);
    setFilters(rest);
  };
  const columns: ProColumns<JournalEntry>[] = [
    { title: t('fin.keyword'), dataIndex: 'keyword', hideInTable: true, initialValue: linkedKeyword },
    { title: t('fin.month'), dataIndex: 'month', hideInTable: true, valueType: 'dateMonth', initialValue: initialMonth },
    { title: t('fin.date'), dataIndex: 'date', search: false, sorter: true },
    { title: t('bill.direction'), dataIndex: 'direction', valueType: 'select', valueEnum: { income: { text: t('bill.dir.income') }, expense: { text: t('bill.dir.expense') } } },
    { title: t('bill.category'), dataIndex: 'category', valueType: 'select', valueEnum: Object.fromEntries(CATEGORY_KEYS.map((c) => [c, { text: t(`bill.cat.${c}`) }])) },
    { title: t('bill.account'), dataIndex: 'account', valueType: 'select', valueEnum: Object.fromEntries(ACCOUNTS.map((a) => [a, { text: t(`bill.acc.${a}`) }])) },
    { title: t('fin.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    { title: t('fin.amount'), dataIndex: 'amount', search: false, sorter: true, align: 'right', render: (_, r) => <span>{`${r.direction === 'expense' ? '−' : '+'}${formatMoney(r.amount)}`}</span> },
    { title: t('bill.counterparty'), dataIndex: 'counterparty', search: false },
    { title: t('bill.source'), dataIndex: 'source', valueType: 'select', valueEnum: Object.fromEntries(['manual', 'cardOrder', 'refund', 'paySlip'].map((s) => [s, { text: t(`bill.src.${s}`) }])), render: (_, r) => `${t(`bill.src.${r.source}`)}${r.sourceRef ? ` · ${r.sourceRef}` : ''}` },
    { title: t('bill.remark'), dataIndex: 'remark', search: false, ellipsis: true },
    { title: t('bill.status'), dataIndex: 'status', search: false, render: (_, r) => (r.status === 'void' ? <Tag>{t('bill.voidTag', { reason: r.voidReason ?? '' })}</Tag> : <Tag color="blue">{t('bill.active')}</Tag>) },
    actionsColumn<JournalEntry>((r) =>
      r.source === 'manual' && r.status === 'active' ? (
        <Space size={8}>
          <EntryForm entry={r} onDone={reload} trigger={<a>{t('common.edit')}</a>} />
          <VoidForm entry={r} onDone={reload} />
        </Space>
      ) : (
        <span>{t('bill.readOnly')}</span>
      ),
    ),
  ];
  return (
    <div style={{ padding: 24 }}>
      <Typography.Paragraph type="secondary" data-testid="balances-period">
        {t('bill.balancesOf', { period: filters.month ? String(filters.month).slice(0, 7) : t('bill.allTime') })}
      </Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {balances.map((b) => (
          <Col key={b.account} xs={12} md={6}>
            <Card size="small" data-testid={`balance-${b.account}`}>
              <Statistic title={t('bill.closingOf', { account: t(`bill.acc.${b.account}`) })} value={formatMoney(b.closing)} />
              <div data-testid="balance-opening">{t('bill.opening', { amount: formatMoney(b.opening) })}</div>
              <div data-testid="balance-in-out">{t('bill.inOut', { income: formatMoney(b.income), expense: formatMoney(b.expense) })}</div>
            </Card>
          </Col>
        ))}
      </Row>
      <ListTable<JournalEntry>
        rowKey="key"
        actionRef={ref}
        headerTitle={t('menu.bill')}
        columns={columns}
        // Issue 31: the amount, Source and Status stay in view; these come back with the column setting.
        secondary={['direction', 'campusId', 'counterparty', 'remark']}
        scroll={{ x: 'max-content' }}
        request={tableRequest(fetchJournal)}
        onSubmit={searched}
        onReset={() => setFilters({ month: initialMonth })}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [<EntryForm key="add" onDone={reload} trigger={<Button type="primary">{t('bill.add')}</Button>} />]}
      />
    </div>
  );
}
