/**
 * The invitations waiting for a person (docs/rules.md#people-and-credentials): each company and role, who invited and when, with Accept
 * and Decline. Shown after a login (src/components/account/InvitationPrompt.tsx) and, for a person without a usable
 * membership, by the login page with the login's ticket. The caller does the answering; an error stays in the dialog.
 */
import React, { useState } from 'react';
import { Alert, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { serverMessage } from './serverMessage';
import { ROLE_LABEL_KEYS } from '@/utils/constants';
import type { MyInvitation } from '@/types/invitation';

export interface InvitationItem extends MyInvitation {
  /** Answered in this dialog. */
  answer?: 'accepted' | 'declined';
  /** The membership an acceptance created (its store). */
  roleId?: number;
}

export interface InvitationDialogProps {
  open: boolean;
  invitations: InvitationItem[];
  onAccept: (inv: InvitationItem) => Promise<void>;
  onDecline: (inv: InvitationItem) => Promise<void>;
  /** Closing without answering everything (answer later). */
  onClose: () => void;
  /** What an accepted row offers (e.g. open the store). */
  acceptedAction?: (inv: InvitationItem) => React.ReactNode;
}

export default function InvitationDialog({ open, invitations, onAccept, onDecline, onClose, acceptedAction }: InvitationDialogProps) {
  const { t } = useIntl();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const pending = invitations.filter((i) => !i.answer).length;

  const run = async (key: string, action: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(serverMessage(e, t('request.fallback')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Modal
      open={open}
      title={t('invitation.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={520}
      footer={
        <Button onClick={onClose} disabled={!!busy}>
          {pending ? t('invitation.later') : t('invitation.close')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('invitation.intro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 12 }} />}
      <List
        dataSource={invitations}
        rowKey="id"
        renderItem={(inv) => (
          <List.Item
            data-testid={`invitation-${inv.id}`}
            actions={
              inv.answer === 'accepted'
                ? [<Tag key="s" color="green">{t('invitation.joined')}</Tag>, acceptedAction?.(inv)].filter(Boolean)
                : inv.answer === 'declined'
                  ? [<Tag key="s">{t('invitation.declined')}</Tag>]
                  : [
                      <Button
                        key="accept"
                        type="primary"
                        size="small"
                        loading={busy === `a${inv.id}`}
                        disabled={!!busy && busy !== `a${inv.id}`}
                        aria-label={t('invitation.acceptFor', { company: inv.companyName })}
                        onClick={() => run(`a${inv.id}`, () => onAccept(inv))}
                      >
                        {t('invitation.accept')}
                      </Button>,
                      <Button
                        key="decline"
                        size="small"
                        loading={busy === `d${inv.id}`}
                        disabled={!!busy && busy !== `d${inv.id}`}
                        aria-label={t('invitation.declineFor', { company: inv.companyName })}
                        onClick={() => run(`d${inv.id}`, () => onDecline(inv))}
                      >
                        {t('invitation.decline')}
                      </Button>,
                    ]
            }
          >
            <List.Item.Meta
              title={inv.companyName}
              description={
                <Space direction="vertical" size={0}>
                  <span>{t('invitation.asRole', { role: t(ROLE_LABEL_KEYS[inv.role]) })}</span>
                  <Typography.Text type="secondary">{t('invitation.invitedBy', { name: inv.inviterName, at: inv.createdAt.slice(0, 16) })}</Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
