/** /account/user: every login account across companies, with its memberships and open sessions (read-only). */
import React from 'react';
import { Space, Tag } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { fetchCompanyOptions, fetchUserAccounts } from '@/services/platform';
import type { PlatformUserAccount } from '@/types/platform';
import { ROLES } from '@/types/session';
import ListTable from '@/components/ListTable';

export default function AccountUserPage() {
  const { t } = useIntl();
  const companies = useRequest(fetchCompanyOptions);
  const columns: ProColumns<PlatformUserAccount>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('pfAccount.keywordHint') } },
    { title: t('pfAccount.username'), dataIndex: 'username', search: false, sorter: true },
    { title: t('pfAccount.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('pfAccount.mobile'), dataIndex: 'mobile', search: false },
    {
      title: t('pfAccount.role'),
      dataIndex: 'role',
      valueType: 'select',
      hideInTable: true,
      valueEnum: Object.fromEntries(ROLES.map((r) => [r, { text: t(`role.${r}`) }])),
    },
    {
      title: t('pfOperate.company'),
      dataIndex: 'companyId',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { showSearch: true },
      valueEnum: Object.fromEntries((companies.data ?? []).map((c) => [String(c.value), { text: c.label }])),
    },
    {
      title: t('pfAccount.memberships'),
      dataIndex: 'companies',
      search: false,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.companies.map((c) => (
            <Tag key={`${c.companyId}-${c.role}`} color={c.owner ? 'blue' : undefined}>
              {`${c.companyName} (${t(`role.${c.role}`)})`}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('pfAccount.sessions'), dataIndex: 'sessions', search: false, sorter: true },
  ];
  return (
    <ListTable<PlatformUserAccount>
      rowKey="id"
      headerTitle={t('menu.accountUser')}
      columns={columns}
      request={tableRequest(fetchUserAccounts)}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      search={{ labelWidth: 'auto' }}
    />
  );
}
