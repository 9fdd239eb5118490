/**
 * /account/student: parent accounts linked to one or more students (docs/rules.md#permission-groups-and-data-scope). A mobile that already has an
 * account gets an invitation that links the students when accepted (docs/rules.md#people-and-credentials), listed under Invitations.
 */
import React, { useRef } from 'react';
import { Button, Space } from 'antd';
import { ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { ListPage, actionsColumn } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { createParentAccount, fetchParentAccounts, linkParentStudents } from '@/services/campus';
import SearchSelect, { searchStudents } from '@/components/SearchSelect';
import type { ParentAccount } from '@/types/campus';
import { AccountMobileField, accountActions, accountStatusColumn, PasswordField } from '@/components/account/shared';
import { InvitationsButton } from '@/components/account/Invitations';

function StudentsField() {
  const { t } = useIntl();
  return (
    <SearchSelect name="studentIds" label={t('account.students')} mode="multiple" requiredText={t('account.students.required')} search={searchStudents} />
  );
}

function CreateParent({ onDone }: { onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<{ name: string; mobile: string; password?: string; studentIds: number[] }>
      title={t('account.parentAdd')}
      trigger={<Button type="primary">{t('account.parentAdd')}</Button>}
      width={480}
      onFinish={(v) =>
        save(
          () => createParentAccount({ name: v.name.trim(), mobile: v.mobile.trim(), ...(v.password ? { password: v.password } : {}), studentIds: v.studentIds }),
          (res) => ('invitation' in res ? t('invitation.sent', { mobile: res.invitation.mobile }) : t('account.created')),
          onDone,
        )
      }
    >
      <ProFormText name="name" label={t('account.parentName')} fieldProps={{ maxLength: 32 }} rules={[{ required: true, whitespace: true, message: t('account.parentName.required') }]} />
      <AccountMobileField />
      <PasswordField label={t('account.password')} firstPassword />
      <StudentsField />
    </FormModal>
  );
}

function LinkStudents({ row, onDone }: { row: ParentAccount; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<{ studentIds: number[] }>
      title={t('account.linkFor', { name: row.name })}
      trigger={<a aria-label={t('account.linkFor', { name: row.name })}>{t('account.link')}</a>}
      width={480}
      onFinish={(v) => save(() => linkParentStudents(row.roleId, v.studentIds), t('common.saved'), onDone)}
    >
      <StudentsField />
    </FormModal>
  );
}

export default function ParentAccountsPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const reload = () => ref.current?.reload();
  const columns: ProColumns<ParentAccount>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('account.parentName'), dataIndex: 'name', search: false, sorter: true },
    { title: t('account.mobile'), dataIndex: 'mobile', search: false },
    { title: t('account.students'), dataIndex: 'studentNames', search: false, render: (_, r) => (r.studentNames.length ? r.studentNames.join(', ') : '—') },
    accountStatusColumn<ParentAccount>(),
    { title: t('account.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    actionsColumn<ParentAccount>((r) => (
      <Space size={8}>
        <LinkStudents row={r} onDone={reload} />
        {accountActions(r.roleId, r, reload)}
      </Space>
    )),
  ];
  return (
    <ListPage<ParentAccount>
      pagination={{ defaultPageSize: 20 }}
      rowKey="roleId"
      actionRef={ref}
      headerTitle={t('account.parentTitle')}
      columns={columns}
      request={tableRequest(fetchParentAccounts)}
      tools={[<InvitationsButton key="invitations" kind="parent" />, <CreateParent key="add" onDone={reload} />]}
    />
  );
}
