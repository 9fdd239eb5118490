/**
 * After a login (in the layout): the invitations waiting for the signed-in person (docs/rules.md#people-and-credentials), asked once the
 * browser is first idle (src/utils/idle.ts) and once the password is the person's own. Accepting reloads the session,
 * so the store switch offers the new store at once (and the dialog offers to open it); "Later" hides the dialog until
 * the next login. The dialog itself loads on demand: most sessions have no invitation.
 */
import React, { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { useIdle } from '@/hooks/useIdle';
import { usePromptSlot } from '@/hooks/usePrompt';
import { loadSession } from '@/services/bootstrap';
import { switchStore } from '@/services/session';
import { acceptInvitation, declineInvitation, fetchMyInvitations } from '@/services/invitation';
import { tokenStore } from '@/utils/tokenStore';
import type { InvitationItem } from './InvitationDialog';

const InvitationDialog = React.lazy(() => import('./InvitationDialog'));

/** "Later" lasts until the next login: remembered for this session's token only. */
const LATER_KEY = 'invitationsLater';
const sessionMark = () => (tokenStore.get().token ?? '').slice(-12);
function answeredLater(): boolean {
  try {
    return !!sessionMark() && window.sessionStorage.getItem(LATER_KEY) === sessionMark();
  } catch {
    return false;
  }
}
function rememberLater() {
  try {
    window.sessionStorage.setItem(LATER_KEY, sessionMark());
  } catch {
    /* storage refused: the dialog comes back at the next page load */
  }
}

export default function InvitationPrompt() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { currentUser, setSession } = useSession();
  const idle = useIdle();
  const [items, setItems] = useState<InvitationItem[]>([]);
  const [open, setOpen] = useState(false);
  const ready = idle && !!currentUser && !currentUser.mustChangePassword;

  useEffect(() => {
    if (!ready || answeredLater()) return undefined;
    let live = true;
    fetchMyInvitations()
      .then((list) => {
        if (!live || !list.length) return;
        setItems(list);
        setOpen(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ready]);

  // One dialog at a time (issue 31): it waits while the subscription reminder or any other modal is open.
  const shown = usePromptSlot(open);
  if (!shown) return null;

  const mark = (id: number, patch: Partial<InvitationItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)));
  const close = () => {
    if (items.some((i) => !i.answer)) rememberLater();
    setOpen(false);
  };
  const openStore = async (roleId: number) => {
    await switchStore(roleId);
    await setSession(await loadSession());
    setOpen(false);
    history.push('/dashboard');
  };

  return (
    <React.Suspense fallback={null}>
      <InvitationDialog
        open
        invitations={items}
        onAccept={async (inv) => {
          const r = await acceptInvitation(inv.id);
          mark(inv.id, { answer: 'accepted', roleId: r.roleId });
          message.success(t('invitation.acceptedDone', { company: r.companyName }));
          // The store switch lists the new store from now on.
          await setSession(await loadSession());
        }}
        onDecline={async (inv) => {
          await declineInvitation(inv.id);
          mark(inv.id, { answer: 'declined' });
        }}
        onClose={close}
        acceptedAction={(inv) =>
          inv.roleId === undefined ? null : (
            <Button key="open" size="small" type="link" onClick={() => void openStore(inv.roleId!).catch(() => undefined)} aria-label={t('invitation.openFor', { company: inv.companyName })}>
              {t('invitation.open')}
            </Button>
          )
        }
      />
    </React.Suspense>
  );
}
