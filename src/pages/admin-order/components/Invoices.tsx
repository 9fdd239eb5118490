/** Invoice requests of every company on their subscription orders: the platform issues (number, date) or rejects with a reason. */
import React, { useRef } from 'react';
import { Space, Tag } from 'antd';
import { ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { fetchAdminInvoices, issueInvoice, rejectInvoice } from '@/services/platform';
import type { InvoiceRequest } from '@/types/campus';
import ListTable from '@/components/ListTable';
import { orderAmountColumn, orderNoColumn } from '@/components/platform/orderColumns';

const COLORS: Record<string, string> = { requested: 'orange', issued: 'green', rejected: 'red' };

export default function Invoices() {
  const { t } = useIntl();
  const access = useAppAccess();
  const actionRef = useRef<ActionType>();
  const save = useSave();
  const reload = () => actionRef.current?.reload();
  const columns: ProColumns<InvoiceRequest>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('pfInvoice.keywordHint') } },
    { title: t('pfOperate.company'), dataIndex: 'companyName', search: false },
    orderNoColumn(t),
    orderAmountColumn<InvoiceRequest>(t, false),
    { title: t('pfInvoice.title'), dataIndex: 'title', search: false },
    { title: t('pfInvoice.taxNo'), dataIndex: 'taxNo', search: false },
    { title: t('pfInvoice.email'), dataIndex: 'email', search: false },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(['requested', 'issued', 'rejected'].map((s) => [s, { text: t(`pfInvoice.status.${s}`) }])),
      render: (_, r) => <Tag color={COLORS[r.status]}>{t(`pfInvoice.status.${r.status}`)}</Tag>,
    },
    { title: t('pfInvoice.result'), dataIndex: 'invoiceNo', search: false, render: (_, r) => r.invoiceNo ?? r.rejectReason ?? '-' },
    { title: t('pfOrder.createdAt'), dataIndex: 'createdAt', search: false },
    {
      title: t('common.actions'),
      valueType: 'option',
      hideInTable: !access.platformAdmin,
      render: (_, r) =>
        r.status === 'requested' ? (
          <Space size={8}>
            <FormModal
              title={t('pfInvoice.issueTitle', { name: r.companyName })}
              trigger={<a>{t('pfInvoice.issue')}</a>}
              width={440}
              onFinish={(v: { invoiceNo?: string }) => save(() => issueInvoice({ id: r.id, invoiceNo: v.invoiceNo?.trim() || undefined }), t('pfInvoice.issued'), reload)}
            >
              <ProFormText name="invoiceNo" label={t('pfInvoice.number')} extra={t('pfInvoice.numberHint')} fieldProps={{ maxLength: 40 }} />
            </FormModal>
            <FormModal
              title={t('pfInvoice.rejectTitle', { name: r.companyName })}
              trigger={<a>{t('pfInvoice.reject')}</a>}
              width={440}
              onFinish={(v: { reason?: string }) => save(() => rejectInvoice({ id: r.id, reason: (v.reason ?? '').trim() }), t('pfInvoice.rejected'), reload)}
            >
              <ProFormText name="reason" label={t('pfInvoice.reason')} fieldProps={{ maxLength: 200 }} rules={[{ required: true, whitespace: true, message: t('pfInvoice.reason.required') }]} />
            </FormModal>
          </Space>
        ) : null,
    },
  ];
  return (
    <ListTable<InvoiceRequest>
      rowKey="id"
      actionRef={actionRef}
      headerTitle={t('pfInvoice.heading')}
      columns={columns}
      scroll={{ x: 1200 }}
      request={tableRequest(fetchAdminInvoices)}
      pagination={{ defaultPageSize: 20 }}
      search={{ labelWidth: 'auto' }}
    />
  );
}
