/** /user/setting: name, password, mobile with SMS code (docs/screens.md#teaching-and-communication). Failed saves keep what was typed. */
import React, { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { changeMobile, changePassword, sendSms, updateProfile } from '@/services/session';
import { loadSession } from '@/services/bootstrap';
import AvatarField from '@/components/AvatarField';
import NewPasswordFields from '@/components/account/NewPasswordFields';
import { MOBILE_RE } from '@/utils/fields';

const MOBILE = MOBILE_RE;

/** One of the page's three cards (profile, password, mobile), a third of the width on large screens. */
function SettingCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Col xs={24} lg={8}>
      <Card title={title}>{children}</Card>
    </Col>
  );
}

/** Each card's submit button: "Save", spinning while that card's change is sent. */
function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useIntl();
  return (
    <Button type="primary" htmlType="submit" loading={busy}>
      {t('common.save')}
    </Button>
  );
}

export default function UserSettingPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { currentUser, setSession } = useSession();
  const [saving, setSaving] = useState<string>();
  const [countdown, setCountdown] = useState(0);
  const [mobileForm] = Form.useForm<{ mobile: string; code: string }>();
  const [pwForm] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const timer = useRef<ReturnType<typeof setInterval>>();
  useEffect(() => () => clearInterval(timer.current), []);

  const run = async (key: string, fn: () => Promise<unknown>, after?: () => void) => {
    if (saving) return;
    setSaving(key);
    try {
      await fn();
      message.success(t('common.saved'));
      after?.();
      await setSession(await loadSession());
    } catch {
      /* the request layer showed the server message; the form keeps its values */
    } finally {
      setSaving(undefined);
    }
  };

  const onSend = async () => {
    const { mobile } = await mobileForm.validateFields(['mobile']);
    try {
      await sendSms({ mobile, scene: 'bind' });
      setCountdown(60);
      timer.current = setInterval(() => setCountdown((c) => (c <= 1 ? (clearInterval(timer.current), 0) : c - 1)), 1000);
    } catch (e) {
      message.error(e instanceof Error ? e.message : t('request.fallback'));
    }
  };

  if (!currentUser) return null;
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('menu.userSetting')}</Typography.Title>
      <Row gutter={[24, 24]}>
        <SettingCard title={t('setting.profile')}>
          <AvatarField onSaved={async () => setSession(await loadSession())} />
          <Form layout="vertical" initialValues={{ name: currentUser.name }} onFinish={(v: { name: string }) => run('profile', () => updateProfile(v))}>
            <Form.Item label={t('setting.account')}>
              <Input value={currentUser.info.username} disabled aria-label={t('setting.account')} />
            </Form.Item>
            <Form.Item name="name" label={t('setting.name')} rules={[{ required: true, whitespace: true, message: t('setting.name.required') }, { max: 32 }]}>
              <Input maxLength={32} />
            </Form.Item>
            <SaveButton busy={saving === 'profile'} />
          </Form>
        </SettingCard>
        <SettingCard title={t('setting.password')}>
          <Form
            form={pwForm}
            layout="vertical"
            onFinish={(v) => run('password', () => changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword }), () => pwForm.resetFields())}
          >
            <Form.Item name="oldPassword" label={t('setting.oldPassword')} rules={[{ required: true, message: t('setting.oldPassword.required') }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <NewPasswordFields differentFrom={(get) => get('oldPassword')} />
            <SaveButton busy={saving === 'password'} />
          </Form>
        </SettingCard>
        <SettingCard title={t('setting.mobile')}>
          <Typography.Paragraph type="secondary">{t('setting.mobile.current', { mobile: currentUser.mobile })}</Typography.Paragraph>
          <Form form={mobileForm} layout="vertical" onFinish={(v) => run('mobile', () => changeMobile(v), () => mobileForm.resetFields())}>
            <Form.Item name="mobile" label={t('setting.mobile.new')} rules={[{ required: true, message: t('login.mobile.required') }, { pattern: MOBILE, message: t('login.mobile.invalid') }]}>
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item label={t('login.code')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.code.required') }]}>
                  <Input maxLength={6} aria-label={t('login.code')} />
                </Form.Item>
                <Button onClick={onSend} disabled={countdown > 0}>
                  {countdown > 0 ? t('login.code.resend', { s: countdown }) : t('login.code.send')}
                </Button>
              </Space.Compact>
            </Form.Item>
            <SaveButton busy={saving === 'mobile'} />
          </Form>
        </SettingCard>
      </Row>
    </div>
  );
}
