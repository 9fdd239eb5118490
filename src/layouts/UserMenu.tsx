/** Header user menu: store switch (company with role label), personal settings, log out (docs/screens.md#routes-and-shell, docs/rules.md#subscription-and-expiry). */
import React, { useState } from 'react';
import { Dropdown, Spin } from 'antd';
import { CheckOutlined, LogoutOutlined, SettingOutlined, SwapOutlined } from '@ant-design/icons';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { switchStore } from '@/services/session';
import { loadSession } from '@/services/bootstrap';
import { useLogout } from '@/hooks/useLogout';
import { ROLE_LABEL_KEYS } from '@/utils/constants';

export default function UserMenu({ children }: { children: React.ReactNode }) {
  const { t } = useIntl();
  const { stores, currentUser, setSession } = useSession();
  const logout = useLogout();
  const [switching, setSwitching] = useState(false);

  const onSwitch = async (roleId: number) => {
    if (roleId === currentUser?.roleId || switching) return;
    setSwitching(true);
    try {
      await switchStore(roleId);
      const session = await loadSession();
      await setSession(session);
      history.push('/dashboard');
    } catch {
      /* the request layer showed the error */
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Spin spinning={switching} size="small">
      <Dropdown
        trigger={['click', 'hover']}
        menu={{
          items: [
            {
              key: 'stores',
              type: 'group',
              label: t('header.switchStore'),
              children: (stores ?? []).map((s) => ({
                key: `store-${s.roleId}`,
                icon: s.roleId === currentUser?.roleId ? <CheckOutlined /> : <SwapOutlined />,
                label: `${s.companyName} (${t(ROLE_LABEL_KEYS[s.role])})`,
                onClick: () => onSwitch(s.roleId),
              })),
            },
            { type: 'divider' },
            { key: 'setting', icon: <SettingOutlined />, label: t('header.personalSettings'), onClick: () => history.push('/user/setting') },
            { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), onClick: () => void logout() },
          ],
        }}
      >
        <span data-testid="user-menu" style={{ cursor: 'pointer' }}>
          {children}
        </span>
      </Dropdown>
    </Spin>
  );
}
