/**
 * The newest unread bulletin, shown once on the dashboard (docs/rules.md#notices-and-notifications) as a banner over the page (an overlay:
 * the dashboard's layout does not shift). Showing it marks it read, so it does not come back. It never covers a modal
 * (issue 31): it waits while one is open, e.g. the subscription reminder at login (src/utils/promptQueue.ts).
 */
import React from 'react';
import { Typography } from 'antd';
import { useLocation } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchUnreadBulletin, markBulletinRead } from '@/services/notice';
import { useQueuedNotification } from '@/hooks/usePrompt';

export default function BulletinBanner() {
  const { t } = useIntl();
  const notify = useQueuedNotification();
  const location = useLocation();
  const onDashboard = location.pathname === '/dashboard';
  React.useEffect(() => {
    if (!onDashboard) return;
    let cancelled = false;
    let cancelWaiting: (() => void) | undefined;
    fetchUnreadBulletin()
      .then((b) => {
        if (!b || cancelled) return;
        cancelWaiting = notify(
          {
            key: `bulletin-${b.id}`,
            type: 'info',
            placement: 'top',
            duration: 0,
            message: t('bulletin.banner', { title: b.title }),
            description: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} ellipsis={{ rows: 4 }}>{b.body}</Typography.Paragraph>,
            props: { 'data-testid': 'bulletin-banner', role: 'status' } as React.HTMLAttributes<HTMLDivElement>,
          },
          // Read once the user could see it (not while it waited behind a dialog).
          () => void markBulletinRead(b.id).catch(() => undefined),
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      cancelWaiting?.();
    };
  }, [onDashboard, notify, t]);
  return null;
}
