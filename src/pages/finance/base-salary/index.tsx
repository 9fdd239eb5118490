/** /finance/base-salary (docs/rules.md#salaries): salary plans per staff member; BaseSalaryPlan modal (base, commissions, tiers). */
import React, { useRef } from 'react';
import { Form, Space } from 'antd';
import { ProFormList, ProFormRadio, ProFormSelect, type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { ListPage } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import NumberInput from '@/components/NumberInput';
import { formatMoney } from '@/utils/format';
import { tableRequest } from '@/services/list';
import { fetchSalaryPlans, saveSalaryPlan, type PlanRow } from '@/services/finance';
import type { SalaryPlanInput } from '@/types/finance.schemas';

export function BaseSalaryPlan({ row, trigger, onDone }: { row: Pick<PlanRow, 'staffId' | 'staffName' | 'plan'>; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  const p = row.plan;
  return (
    <FormModal
      title={t('sal.planTitle', { name: row.staffName })}
      trigger={trigger}
      width={600}
      initialValues={{ baseSalary: p?.baseSalary ?? 0, cardRate: p?.cardRate ?? 0, elimMode: p?.elimMode ?? 'perHour', elimAmount: p?.elimAmount ?? 0, elimRate: p?.elimRate ?? 0, tiers: p?.tiers ?? [], tierMode: p?.tierMode ?? 'marginal' }}
      onFinish={(v: Omit<SalaryPlanInput, 'staffId'>) =>
        save(() => saveSalaryPlan({ ...v, staffId: row.staffId, tiers: (v.tiers ?? []).map((x) => ({ from: x.from, to: x.to ?? undefined, amount: x.amount })) }), t('common.saved'), onDone)
      }
    >
      <Form.Item name="baseSalary" label={t('sal.baseSalary')} rules={[{ required: true, message: t('bill.required') }]}>
        <NumberInput />
      </Form.Item>
      <Form.Item name="cardRate" label={t('sal.cardRate')} rules={[{ required: true, message: t('bill.required') }]}>
        <NumberInput />
      </Form.Item>
      <ProFormRadio.Group name="elimMode" label={t('sal.elimMode')} options={[{ value: 'perHour', label: t('sal.elim.perHour') }, { value: 'rate', label: t('sal.elim.rate') }]} />
      <Form.Item name="elimAmount" label={t('sal.elimAmount')}>
        <NumberInput />
      </Form.Item>
      <Form.Item name="elimRate" label={t('sal.elimRate')}>
        <NumberInput />
      </Form.Item>
      <ProFormSelect name="tierMode" label={t('sal.tierMode')} options={[{ value: 'marginal', label: t('sal.tier.marginal') }, { value: 'whole', label: t('sal.tier.whole') }]} />
      <ProFormList name="tiers" label={t('sal.tiers')} creatorButtonProps={{ creatorButtonText: t('sal.addTier') }} copyIconProps={false}>
        <Space wrap>
          <Form.Item name="from" label={t('sal.tierFrom')} rules={[{ required: true, message: t('bill.required') }]}>
            <NumberInput oneDecimal />
          </Form.Item>
          <Form.Item name="to" label={t('sal.tierTo')}>
            <NumberInput oneDecimal />
          </Form.Item>
          <Form.Item name="amount" label={t('sal.tierAmount')} rules={[{ required: true, message: t('bill.required') }]}>
            <NumberInput />
          </Form.Item>
        </Space>
      </ProFormList>
    </FormModal>
  );
}

export default function BaseSalaryPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const columns: ProColumns<PlanRow>[] = [
    { title: t('fin.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('sal.staff'), dataIndex: 'staffName', search: false, sorter: true },
    { title: t('sal.role'), dataIndex: 'role', valueType: 'select', valueEnum: Object.fromEntries(['dealer', 'manager', 'teacher', 'sales'].map((r) => [r, { text: t(`sal.role.${r}`) }])) },
    { title: t('fin.campus'), dataIndex: 'campusName', search: false },
    { title: t('sal.baseSalary'), search: false, align: 'right', render: (_, r) => (r.plan ? formatMoney(r.plan.baseSalary) : '-') },
    { title: t('sal.cardRate'), search: false, render: (_, r) => (r.plan ? `${r.plan.cardRate}%` : '-') },
    {
      title: t('sal.elimMode'),
      search: false,
      render: (_, r) =>
        !r.plan ? '-' : r.plan.elimMode === 'rate' ? `${r.plan.elimRate}%` : r.plan.tiers.length ? t(`sal.tier.${r.plan.tierMode}`) : t('sal.perHourValue', { amount: formatMoney(r.plan.elimAmount) }),
    },
    { title: t('common.actions'), valueType: 'option', fixed: 'right', render: (_, r) => <BaseSalaryPlan row={r} onDone={() => ref.current?.reload()} trigger={<a>{r.plan ? t('common.edit') : t('sal.addPlan')}</a>} /> },
  ];
  return (
    <ListPage<PlanRow> rowKey="staffId" actionRef={ref} headerTitle={t('menu.baseSalary')} columns={columns} request={tableRequest(fetchSalaryPlans)} />
  );
}
