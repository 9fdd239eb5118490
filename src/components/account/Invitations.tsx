/**
 * The company's invitations (docs/rules.md#people-and-credentials) on /account/staff and /account/student: a toolbar button opening the
 * list of invitations sent (staff or parents), with their answer, and a cancel link for those still waiting.
 */
import React, { useRef, useState } from 'react';
import { App, Button, Drawer, Popconfirm, Tag } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { cancelInvitation, fetchInvitations } from '@/services/invitation';
import { ROLE_LABEL_KEYS } from '@/utils/constants';
import { INVITATION_STATUSES, type Invitation, type InvitationStatus } from '@/types/invitation';

const STATUS_COLOR: Record<InvitationStatus, string | undefined> = { pending: 'gold', accepted: 'green', declined: 'red', cancelled: undefined };

export function InvitationStatusTag({ status }: { status: InvitationStatus }) {
  const { t } = useIntl();
  return <Tag color={STATUS_COLOR[status]}>{t(`invitation.status.${status}`)}</Tag>;
}

/** Cancels a pending invitation (the person can no longer accept it). */
export function CancelInvitation({ id, name, onDone }: { id: number; name: string; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={t('invitation.cancelConfirm', { name })}
      onConfirm={async () => {
        try {
          await cancelInvitation(id);
          message.success(t('invitation.cancelled'));
          onDone();
        } catch {
          /* shown by the request layer */
        }
      }}
    >
      <a aria-label={t('invitation.cancelFor', { name })}>{t('invitation.cancel')}</a>
    </Popconfirm>
  );
}

/** Toolbar button and drawer: the invitations of one kind (staff logins or parent accounts). */
export function InvitationsButton({ kind, onChange }: { kind: 'staff' | 'parent'; onChange?: () => void }) {
  const { t } = useIntl();
  const [open, setOpen] = useState(false);
  const ref = useRef<ActionType>();
  const changed = () => {
    ref.current?.reload();
    onChange?.();
  };
  const columns: ProColumns<Invitation>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('invitation.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('invitation.mobile'), dataIndex: 'mobile', search: false },
    kind === 'staff'
      ? { title: t('invitation.role'), dataIndex: 'role', search: false, render: (_, r) => `${t(ROLE_LABEL_KEYS[r.role])}${r.groupName ? ` · ${r.groupName}` : ''}` }
      : { title: t('invitation.students'), dataIndex: 'studentNames', search: false, render: (_, r) => (r.studentNames.length ? r.studentNames.join(', ') : '—') },
    { title: t('invitation.inviter'), dataIndex: 'inviterName', search: false },
    { title: t('invitation.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    {
      title: t('invitation.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(INVITATION_STATUSES.map((s) => [s, { text: t(`invitation.status.${s}`) }])),
      render: (_, r) => <InvitationStatusTag status={r.status} />,
    },
    { title: t('invitation.decidedAt'), dataIndex: 'decidedAt', search: false, render: (_, r) => r.decidedAt ?? '—' },
    {
      title: t('common.actions'),
      valueType: 'option',
      render: (_, r) => (r.status === 'pending' ? <CancelInvitation id={r.id} name={r.name} onDone={changed} /> : null),
    },
  ];
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('invitation.list')}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={920} title={t('invitation.listTitle')} destroyOnHidden>
        <ListTable<Invitation>
          rowKey="id"
          actionRef={ref}
          scroll={{ x: 'max-content' }}
          columns={columns}
          params={{ kind }}
          request={tableRequest(fetchInvitations)}
          options={false}
        />
      </Drawer>
    </>
  );
}
