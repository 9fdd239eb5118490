/**
 * The newest unread bulletin, shown once on the dashboard (PRODUCT.md §5.11) as a banner over the page (an overlay:
 * the dashboard's layout does not shift). Showing it marks it read, so it does not come back.
 */
import React from 'react';
import { App, Typography } from 'antd';
import { useLocation } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchUnreadBulletin, markBulletinRead } from '@/services/notice';

export default function BulletinBanner() {
  const { t } = useIntl();
  const { notification } = App.useApp();
  const location = useLocation();
  const onDashboard = location.pathname === '/dashboard';
  React.useEffect(() => {
    if (!onDashboard) return;
    let cancelled = false;
    fetchUnreadBulletin()
      .then((b) => {
        if (!b || cancelled) return;
        notification.info({
          key: `bulletin-${b.id}`,
          placement: 'top',
          duration: 0,
          message: t('bulletin.banner', { title: b.title }),
          description: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} ellipsis={{ rows: 4 }}>{b.body}</Typography.Paragraph>,
          props: { 'data-testid': 'bulletin-banner', role: 'status' } as React.HTMLAttributes<HTMLDivElement>,
        });
        void markBulletinRead(b.id).catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [onDashboard, notification, t]);
  return null;
}
