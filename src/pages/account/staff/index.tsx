/**
 * /account/staff: the login accounts of the company's staff: create one from a staff member with a mobile number,
 * reset its password, disable (its sessions end at once) and enable it (docs/rules.md#permission-groups-and-data-scope). A mobile that already has
 * an account gets an invitation instead (docs/rules.md#people-and-credentials): the row shows it until the person answers, and the
 * company may cancel it; the Invitations button lists them all.
 */
import React, { useRef } from 'react';
import { Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { ListPage, actionsColumn } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { createStaffAccount, fetchStaffAccounts } from '@/services/campus';
import { AccountMobileField, accountActions, accountStatusColumn, PasswordField, StatusTag } from '@/components/account/shared';
import { CancelInvitation, InvitationsButton } from '@/components/account/Invitations';
import type { StaffAccount } from '@/types/campus';

function CreateForm({ row, onDone }: { row: StaffAccount; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<{ mobile: string; password?: string }>
      title={t('account.createFor', { name: row.name })}
      trigger={<a aria-label={`${t('account.create')} ${row.name}`}>{t('account.create')}</a>}
      width={440}
      initialValues={{ mobile: row.mobile }}
      onFinish={(v) =>
        save(
          () => createStaffAccount({ staffId: row.staffId, mobile: v.mobile.trim(), ...(v.password ? { password: v.password } : {}) }),
          (res) => (res.invitation ? t('invitation.sent', { mobile: res.invitation.mobile }) : t('account.created')),
          onDone,
        )
      }
    >
      <AccountMobileField extra={t('account.mobileHint')} />
      <PasswordField label={t('account.password')} firstPassword />
    </FormModal>
  );
}

export default function StaffAccountsPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const reload = () => ref.current?.reload();
  const columns: ProColumns<StaffAccount>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('access.staff'), dataIndex: 'name', search: false, sorter: true },
    {
      title: t('access.role'),
      dataIndex: 'role',
      valueType: 'select',
      valueEnum: Object.fromEntries(['dealer', 'manager', 'teacher', 'sales'].map((r) => [r, { text: t(`role.${r}`) }])),
    },
    { title: t('school.campus'), dataIndex: 'campusName', search: false },
    { title: t('account.mobile'), dataIndex: 'mobile', search: false },
    { title: t('account.username'), dataIndex: 'username', search: false, render: (_, r) => r.username ?? '—' },
    { title: t('access.group'), dataIndex: 'groupName', search: false },
    accountStatusColumn<StaffAccount>((r) => (r.invitationId !== undefined ? <Tag color="gold">{t('invitation.pendingTag')}</Tag> : <StatusTag status={r.status} />)),
    actionsColumn<StaffAccount>((r) =>
      r.invitationId !== undefined ? (
        <CancelInvitation id={r.invitationId} name={r.name} onDone={reload} />
      ) : r.roleId === undefined ? (
        <CreateForm row={r} onDone={reload} />
      ) : r.owner ? (
        <Tag>{t('invitation.ownerTag')}</Tag>
      ) : (
        <Space size={8}>
          {accountActions(r.roleId, r, reload)}
        </Space>
      ),
    ),
  ];
  return (
    <ListPage<StaffAccount>
      pagination={{ defaultPageSize: 20 }}
      rowKey="staffId"
      actionRef={ref}
      headerTitle={t('account.staffTitle')}
      columns={columns}
      request={tableRequest(fetchStaffAccounts)}
      tools={[<InvitationsButton key="invitations" kind="staff" onChange={reload} />]}
    />
  );
}
