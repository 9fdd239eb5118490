/** The avatar of /user/setting: the current picture and an upload (images only, ≤ 2 MB), saved at once. */
import React from 'react';
import { App, Avatar, Space } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { updateAvatar } from '@/services/notice';
import ImageUpload from './ImageUpload';

export default function AvatarField({ onSaved }: { onSaved: () => Promise<void> | void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { currentUser } = useSession();
  return (
    <Space align="start" style={{ marginBottom: 16 }}>
      <Avatar size={64} src={currentUser?.info.avatar || undefined} alt={t('setting.avatar')} />
      <ImageUpload
        id="setting-avatar"
        label={t('setting.avatar')}
        onChange={async (v) => {
          if (!v) return;
          try {
            await updateAvatar(v);
            message.success(t('common.saved'));
            await onSaved();
          } catch {
            /* shown by the request layer */
          }
        }}
      />
    </Space>
  );
}
