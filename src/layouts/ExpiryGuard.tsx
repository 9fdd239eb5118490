/**
 * Subscription reminder and lock-out (docs/rules.md#subscription-and-expiry, #roles-and-access, docs/api.md#error-catalogue): 1–30 days → a reminder once per role and company
 * (local key expire_tip_{roleId}_{companyId}, cleared when days rise above 30); 0 days → a blocking dialog on every
 * route but /campus/order and /renew. Owners (permissions type 0) get a renew button, others are told to contact
 * the store manager. Skipped for admin, service and operation.
 */
import React, { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { history } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { useLogout } from '@/hooks/useLogout';
import { usePromptSlot } from '@/hooks/usePrompt';
import { fetchServiceContact } from '@/services/session';
import { expireTipKey, expiryState, reminderDecision } from '@/utils/expiry';

export default function ExpiryGuard({ blocked }: { blocked: boolean }) {
  const { t } = useIntl();
  const { currentUser, permissions } = useSession();
  const logout = useLogout();
  const [reminderOpen, setReminderOpen] = useState(false);
  const [dismissedPath, setDismissedPath] = useState<string>();
  const day = currentUser?.company.day ?? 9999;
  const role = currentUser?.role;
  const owner = permissions?.type === 0;
  const state = expiryState(day, role);
  const { data: contact } = useRequest(fetchServiceContact, { ready: state === 'expired' });
  // The reminder is a prompt the user did not ask for: one dialog at a time, never under or over another modal.
  const reminderShown = usePromptSlot(reminderOpen);

  useEffect(() => {
    if (!currentUser || !role) return;
    const key = expireTipKey(currentUser.roleId, currentUser.company.id);
    const decision = reminderDecision(day, role, localStorage.getItem(key) !== null);
    if (decision.storage === 'set') localStorage.setItem(key, String(Date.now()));
    if (decision.storage === 'clear') localStorage.removeItem(key);
    setReminderOpen(decision.show);
  }, [currentUser, day, role]);

  const goRenew = () => {
    setReminderOpen(false);
    history.push('/renew');
  };

  const lockOpen = blocked && dismissedPath !== history.location.pathname;

  return (
    <>
      <Modal
        open={reminderShown}
        title={t('expiry.reminder.title')}
        onCancel={() => setReminderOpen(false)}
        footer={[
          <Button key="ignore" onClick={() => setReminderOpen(false)}>
            {t('expiry.ignore')}
          </Button>,
          owner ? (
            <Button key="renew" type="primary" onClick={goRenew}>
              {t('expiry.goRenew')}
            </Button>
          ) : (
            <Button key="ok" type="primary" onClick={() => setReminderOpen(false)}>
              {t('expiry.confirm')}
            </Button>
          ),
        ]}
      >
        <Typography.Paragraph>{t('expiry.reminder.text', { days: day })}</Typography.Paragraph>
      </Modal>
      <Modal
        open={lockOpen}
        title={t('expiry.expired.title')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={[
          <Button key="logout" danger onClick={() => void logout()}>
            {t('header.logout')}
          </Button>,
          owner ? (
            <Button key="renew" type="primary" onClick={() => history.push('/renew')}>
              {t('expiry.goRenew')}
            </Button>
          ) : (
            <Button key="ok" type="primary" onClick={() => setDismissedPath(history.location.pathname)}>
              {t('expiry.confirm')}
            </Button>
          ),
        ]}
      >
        <Typography.Paragraph>{owner ? t('expiry.expired.owner') : t('expiry.expired.staff')}</Typography.Paragraph>
        {contact && (
          <Typography.Paragraph type="secondary">
            {t('expiry.contact', { name: contact.name, phone: contact.phone, wechat: contact.wechat })}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
