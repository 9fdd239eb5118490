/** /campus/invoice: invoices the company asks for on paid subscription orders; the platform issues or rejects them. */
import React, { useRef } from 'react';
import { Button, Tag } from 'antd';
import { ProFormSelect, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ListPage } from '@/components/crud';
import FormModal, { useSave } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchInvoices, fetchPaidSubscriptionOrders, requestInvoice } from '@/services/campus';
import type { InvoiceRequest } from '@/types/campus';
import { formatMoney } from '@/utils/format';

const COLORS = { requested: 'blue', issued: 'green', rejected: 'red' } as const;

function RequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<{ orderId: number; title: string; taxNo: string; email: string }>
      title={t('invoice.request')}
      trigger={<Button type="primary">{t('invoice.request')}</Button>}
      width={480}
      onFinish={(v) => save(() => requestInvoice({ orderId: v.orderId, title: v.title.trim(), taxNo: v.taxNo.trim().toUpperCase(), email: v.email.trim() }), t('invoice.requested'), onDone)}
    >
      <ProFormSelect
        name="orderId"
        label={t('invoice.order')}
        request={async () => (await fetchPaidSubscriptionOrders()).list.map((o) => ({ value: o.id, label: `${o.orderNo} · ${o.packageName} · ${formatMoney(o.amount)}` }))}
        rules={[{ required: true, message: t('invoice.order.required') }]}
      />
      <ProFormText name="title" label={t('invoice.titleField')} fieldProps={{ maxLength: 100 }} rules={[{ required: true, whitespace: true, message: t('web.required') }]} />
      <ProFormText
        name="taxNo"
        label={t('invoice.taxNo')}
        fieldProps={{ maxLength: 20 }}
        rules={[
          { required: true, message: t('web.required') },
          { pattern: /^[0-9A-Za-z]{15,20}$/, message: t('invoice.taxNo.rule') },
        ]}
      />
      <ProFormText
        name="email"
        label={t('invoice.email')}
        fieldProps={{ maxLength: 100 }}
        rules={[
          { required: true, message: t('web.required') },
          { type: 'email', message: t('invoice.email.rule') },
        ]}
      />
    </FormModal>
  );
}

export default function InvoicePage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const columns: ProColumns<InvoiceRequest>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('invoice.order'), dataIndex: 'orderNo', search: false },
    { title: t('web.amount'), dataIndex: 'amount', search: false, sorter: true, render: (_, r) => formatMoney(r.amount) },
    { title: t('invoice.titleField'), dataIndex: 'title', search: false },
    { title: t('invoice.taxNo'), dataIndex: 'taxNo', search: false },
    { title: t('invoice.email'), dataIndex: 'email', search: false },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { requested: { text: t('invoice.status.requested') }, issued: { text: t('invoice.status.issued') }, rejected: { text: t('invoice.status.rejected') } },
      render: (_, r) => <Tag color={COLORS[r.status]}>{t(`invoice.status.${r.status}`)}</Tag>,
    },
    {
      title: t('invoice.result'),
      dataIndex: 'invoiceNo',
      search: false,
      render: (_, r) => (r.status === 'issued' ? `${r.invoiceNo} · ${r.issuedAt}` : r.status === 'rejected' ? r.rejectReason : '—'),
    },
    { title: t('online.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
  ];
  return (
    <ListPage<InvoiceRequest>
      pagination={{ defaultPageSize: 20 }}
      actionRef={ref}
      headerTitle={t('invoice.heading')}
      columns={columns}
      request={tableRequest(fetchInvoices)}
      tools={[<RequestForm key="req" onDone={() => ref.current?.reload()} />]}
    />
  );
}
