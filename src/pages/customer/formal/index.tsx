/** /customer/formal: converted customers (status formal), each with a link to its student (docs/screens.md#customer-center). */
import React from 'react';
import { type ProColumns } from '@ant-design/pro-components';
import { ListPage } from '@/components/crud';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { tableRequest, type TableParams } from '@/services/list';
import { fetchCustomerCampuses, fetchLeads, fetchOwners } from '@/services/customer';
import type { Lead } from '@/types/customer';
import { seesAllLeads } from '@/domain/leads';
import TimeSelect from '@/components/TimeSelect';
import { formatMobile, IntentionTag, sourceEnum } from '@/components/customer/labels';

type Params = TableParams & { convertedRange?: [string, string] };

export default function FormalCustomersPage() {
  const { t } = useIntl();
  const { currentUser } = useSession();
  const all = seesAllLeads(currentUser?.role);

  const columns: ProColumns<Lead>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('cu.keywordHint') } },
    { title: t('cu.field.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('cu.field.mobile'), dataIndex: 'mobile', search: false, render: (_, r) => formatMobile(r.mobile) },
    {
      title: t('cu.field.student'),
      dataIndex: 'studentId',
      search: false,
      render: (_, r) =>
        r.studentId !== undefined ? (
          <Link to={`/student/list?keyword=${encodeURIComponent(r.mobile)}&studentId=${r.studentId}`}>{t('cu.formal.openStudent', { name: r.name })}</Link>
        ) : (
          '-'
        ),
    },
    { title: t('cu.field.parentName'), dataIndex: 'parentName', search: false, renderText: (v?: string) => v || '-' },
    { title: t('cu.field.source'), dataIndex: 'source', valueType: 'select', valueEnum: sourceEnum(), render: (_, r) => t(`cu.source.${r.source}`) },
    {
      title: t('cu.field.owner'),
      dataIndex: 'ownerId',
      valueType: 'select',
      hideInSearch: !all,
      request: async () => (await fetchOwners()).map((o) => ({ value: String(o.value), label: o.label })),
      render: (_, r) => r.ownerName ?? t('cu.owner.pool'),
    },
    { title: t('cu.field.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCustomerCampuses, render: (_, r) => r.campusName },
    { title: t('cu.field.intention'), dataIndex: 'intention', search: false, render: (_, r) => <IntentionTag intention={r.intention} /> },
    { title: t('cu.field.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, renderText: (v: string) => v.slice(0, 10) },
    { title: t('cu.formal.convertedAt'), dataIndex: 'convertedAt', search: false, sorter: true, defaultSortOrder: 'descend', renderText: (v?: string) => (v ? v.slice(0, 16) : '-') },
    { title: t('cu.formal.convertedAt'), dataIndex: 'convertedRange', hideInTable: true, renderFormItem: () => <TimeSelect /> },
  ];

  return (
    <ListPage<Lead, Params>
      headerTitle={t('menu.customerFormal')}
      columns={columns}
      request={tableRequest<Lead, Params>(
        fetchLeads,
        (p) => ({ status: 'formal', convertedRange: undefined, convertedStart: p.convertedRange?.[0], convertedEnd: p.convertedRange?.[1] }),
        [],
      )}
      scroll={{ x: 1200 }}
    />
  );
}
