/** The card templates list of /school/class-card (kind, hours, gift, price, validity, classes, on sale). */
import React from 'react';
import { CrudScreen, RecordForm } from '@/components/crud';
import { App, Form, Switch, Tag } from 'antd';
import { ProFormDependency, ProFormRadio, ProFormSelect, ProFormText, type ActionType } from '@ant-design/pro-components';
import { useIntl } from '@/locales/useIntl';
import type { ExportableColumn } from '@/components/ExportButton';
import NumberInput from '@/components/NumberInput';
import { confirmZeroMoney } from '@/components/NumberInput/rules';
import { createTemplate, deleteTemplate, fetchClassOptions, fetchTemplates, updateTemplate, type TemplateBody } from '@/services/school';
import type { CardTemplate } from '@/types/school';
import { formatHours, formatMoney } from '@/utils/format';
import { enumOf } from '@/utils/fields';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

const positive = (msg: string) => ({ validator: (_r: unknown, v?: number) => (v === undefined || v > 0 ? Promise.resolve() : Promise.reject(new Error(msg))) });

export function TemplateForm({ tpl, trigger, onDone }: { tpl?: CardTemplate; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const { modal } = App.useApp();
  return (
    <RecordForm<CardTemplate, Record<string, unknown>, TemplateBody>
      name="templateForm"
      record={tpl}
      title={t(tpl ? 'template.edit' : 'template.add')}
      trigger={trigger}
      width={600}
      defaults={{ kind: 'count', onSale: true, giftHours: 0, classIds: [] }}
      toBody={(v) => {
        const kind = v.kind as TemplateBody['kind'];
        return {
          name: String(v.name ?? '').trim(),
          kind,
          hours: kind === 'count' ? (v.hours as number) : 0,
          giftHours: kind === 'count' ? ((v.giftHours as number | undefined) ?? 0) : 0,
          price: v.price as number,
          validDays: v.validDays as number,
          classIds: (v.classIds as number[] | undefined) ?? [],
          onSale: v.onSale !== false,
        };
      }}
      confirm={(body) => confirmZeroMoney(modal, body.price)}
      create={createTemplate}
      update={updateTemplate}
      onDone={onDone}
    >
      <ProFormText name="name" label={t('template.name')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('template.name.required') }]} />
      <ProFormRadio.Group
        name="kind"
        label={t('card.kind')}
        options={[
          { value: 'count', label: t('card.kind.count') },
          { value: 'period', label: t('card.kind.period') },
        ]}
        rules={[{ required: true }]}
      />
      <ProFormDependency name={['kind']}>
        {({ kind }) =>
          kind === 'count' ? (
            <>
              <Form.Item name="hours" label={t('template.hours')} rules={[{ required: true, message: t('card.field.hours.required') }, positive(t('card.field.hours.positive'))]}>
                <NumberInput oneDecimal placeholder="24.0" />
              </Form.Item>
              <Form.Item name="giftHours" label={t('card.field.giftHours')}>
                <NumberInput oneDecimal placeholder="0.0" />
              </Form.Item>
            </>
          ) : null
        }
      </ProFormDependency>
      <Form.Item name="price" label={t('template.price')} rules={[{ required: true, message: t('card.field.amount.required') }]}>
        <NumberInput placeholder="0.00" />
      </Form.Item>
      <Form.Item
        name="validDays"
        label={t('template.validDays')}
        rules={[
          { required: true, message: t('template.validDays.required') },
          { validator: (_r: unknown, v?: number) => (v === undefined || (Number.isInteger(v) && v >= 1) ? Promise.resolve() : Promise.reject(new Error(t('template.validDays.min')))) },
        ]}
      >
        <NumberInput placeholder="180" />
      </Form.Item>
      <ProFormSelect name="classIds" label={t('template.classes')} mode="multiple" extra={t('template.classesHint')} request={() => fetchClassOptions({ all: 1 })} />
      <Form.Item name="onSale" label={t('template.onSale')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordForm>
  );
}

export default function TemplateList({ actionRef, tools }: { actionRef: React.MutableRefObject<ActionType | undefined>; tools: React.ReactNode[] }) {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  const columns: ExportableColumn<CardTemplate>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('template.keywordHint') } },
    { title: t('template.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('card.kind'), dataIndex: 'kind', valueType: 'select', valueEnum: enumOf(['count', 'period'] as const, (k) => t(`card.kind.${k}`)) },
    {
      title: t('template.hours'),
      dataIndex: 'hours',
      search: false,
      sorter: true,
      exportAs: [
        { kind: 'hours', value: (r) => (r.kind === 'period' ? null : r.hours) },
        { kind: 'hours', title: t('card.field.giftHours'), value: (r) => (r.kind === 'period' ? null : r.giftHours) },
      ],
      render: (_, r) => (r.kind === 'period' ? '-' : `${formatHours(r.hours)} + ${formatHours(r.giftHours)}`),
    },
    { title: t('template.price'), dataIndex: 'price', search: false, sorter: true, exportAs: 'money', render: (_, r) => formatMoney(r.price) },
    { title: t('template.validDays'), dataIndex: 'validDays', search: false, sorter: true, exportAs: 'count' },
    { title: t('template.classes'), dataIndex: 'classIds', search: false, render: (_, r) => (r.classIds.length ? t('template.classCount', { n: r.classIds.length }) : t('template.allClasses')) },
    {
      title: t('template.onSale'),
      dataIndex: 'onSale',
      valueType: 'select',
      valueEnum: { true: { text: t('common.yes') }, false: { text: t('common.no') } },
      render: (_, r) => <Tag color={r.onSale ? 'green' : 'default'}>{r.onSale ? t('template.onSale') : t('template.offSale')}</Tag>,
    },
    { title: t('template.issued'), dataIndex: 'issuedCount', search: false, sorter: true, exportAs: 'count' },
  ];
  return (
    <CrudScreen<CardTemplate>
      actionRef={actionRef}
      headerTitle={t('menu.schoolClassCard')}
      columns={columns}
      list={fetchTemplates}
      exportName={t('menu.schoolClassCard')}
      tools={tools}
      canEdit={caps.editSetup}
      addLabel={t('template.add')}
      form={(p) => <TemplateForm tpl={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('template.deleteConfirm', { name: r.name }), onDelete: () => deleteTemplate(r.id), successText: t('school.deleted') })}
    />
  );
}
