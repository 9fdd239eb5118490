/**
 * The header bell (docs/screens.md#teaching-and-communication): the unread count of the user's inbox, with what else needs them (pending
 * leave, returns to review, follow-ups due) in its tooltip; it opens /notice. Refreshed on every route change and
 * when the inbox changes. The first count is asked for when the browser is first idle (src/utils/idle.ts): the page's
 * own content comes first.
 */
import React from 'react';
import { Badge, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Link, useLocation } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchInboxSummary } from '@/services/notice';
import { useIdle } from '@/hooks/useIdle';
import BulletinBanner from './BulletinBanner';

export default function NoticeBell() {
  const { t } = useIntl();
  const location = useLocation();
  const idle = useIdle();
  const { data, refresh } = useRequest(fetchInboxSummary, { ready: idle, refreshDeps: [location.pathname], pollingInterval: 60_000, pollingWhenHidden: false });
  React.useEffect(() => {
    const on = () => refresh();
    window.addEventListener('inbox-changed', on);
    return () => window.removeEventListener('inbox-changed', on);
  }, [refresh]);
  const unread = data?.unread ?? 0;
  const lines = [
    t('bell.unread', { n: unread }),
    ...(data?.pendingLeave ? [t('bell.pendingLeave', { n: data.pendingLeave })] : []),
    ...(data?.returnsToReview ? [t('bell.returnsToReview', { n: data.returnsToReview })] : []),
    ...(data?.followUpsDue ? [t('bell.followUpsDue', { n: data.followUpsDue })] : []),
  ];
  const todo = (data?.pendingLeave ?? 0) + (data?.returnsToReview ?? 0) + (data?.followUpsDue ?? 0);
  return (
    <>
    <BulletinBanner />
    <Tooltip title={lines.map((l) => <div key={l}>{l}</div>)}>
      <Link to="/notice" aria-label={lines.join('; ')} data-testid="notice-bell" style={{ display: 'inline-flex', color: 'inherit' }}>
        <Badge count={unread} size="small" dot={unread === 0 && todo > 0} offset={[2, 0]}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Link>
    </Tooltip>
    </>
  );
}
