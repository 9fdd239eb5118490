/**
 * First login with a password someone else set (a one-time password from the platform, a first password from the
 * company: `currentUser.mustChangePassword`, docs/rules.md#people-and-credentials). The layout shows only this dialog: it cannot be
 * closed, the server refuses every company call until the change (403), and the person may only choose a password
 * (new one twice) or log out. The current password is the one typed at the login (kept in memory, src/utils/firstLogin.ts);
 * after a reload the dialog asks for it.
 */
import React, { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { useLogout } from '@/hooks/useLogout';
import { choosePassword } from '@/services/session';
import { loadSession } from '@/services/bootstrap';
import { loginPassword, rememberLoginPassword } from '@/utils/firstLogin';
import { RequestError } from '@/utils/request';
import NewPasswordFields from './NewPasswordFields';

interface Values {
  oldPassword?: string;
  newPassword: string;
  confirm: string;
}

export default function FirstPasswordDialog() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { setSession } = useSession();
  const logout = useLogout();
  const [form] = Form.useForm<Values>();
  const [known] = useState(() => loginPassword());
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (v: Values) => {
    setSaving(true);
    setError(undefined);
    try {
      await choosePassword({ oldPassword: known ?? v.oldPassword ?? '', newPassword: v.newPassword });
      rememberLoginPassword(undefined);
      message.success(t('firstLogin.saved'));
      await setSession(await loadSession());
    } catch (e) {
      setError(e instanceof RequestError ? e.message : t('request.fallback'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('firstLogin.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="logout" onClick={() => void logout()}>
          {t('header.logout')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => form.submit()}>
          {t('firstLogin.submit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('firstLogin.intro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        {!known && (
          <Form.Item name="oldPassword" label={t('firstLogin.given')} rules={[{ required: true, message: t('setting.oldPassword.required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <NewPasswordFields differentFrom={(get) => known ?? get('oldPassword')} sameMessage="firstLogin.same" onConfirmEnter={() => form.submit()} />
      </Form>
    </Modal>
  );
}
