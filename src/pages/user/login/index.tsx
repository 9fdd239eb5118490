/** Login (docs/screens.md#routes-and-shell): outside the layout, password and SMS tabs, same-origin redirect after login. */
import React, { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Tabs, Typography } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { history, useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { loginByPassword, loginBySms, sendSms } from '@/services/session';
import { loadSession } from '@/services/bootstrap';
import { tokenStore } from '@/utils/tokenStore';
import { resetUnauthorized, RequestError } from '@/utils/request';
import { takeSessionEnd } from '@/utils/sessionEnd';
import { safeRedirect } from '@/utils/redirect';
import { landingPath } from '@/utils/expiry';
import { rememberLoginPassword } from '@/utils/firstLogin';
import { useSession } from '@/hooks/useSession';
import LangSwitch from '@/components/LangSwitch';
import type { LoginResult } from '@/types/session';
import { isInvitationTicket, type InvitationTicket, type LoginAnswer } from '@/types/invitation';
import { answerWithTicket } from '@/services/invitation';
import styles from './index.less';
import { MOBILE_RE } from '@/utils/fields';

const MOBILE = MOBILE_RE;
export const SMS_COUNTDOWN_SECONDS = 60;
/** Only a person without a usable membership but with invitations sees it (docs/rules.md#people-and-credentials): loaded on demand. */
const InvitationDialog = React.lazy(() => import('@/components/account/InvitationDialog'));

export default function Login() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const { setSession } = useSession();
  const [tab, setTab] = useState<'password' | 'sms'>('password');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [smsForm] = Form.useForm<{ mobile: string; code: string }>();
  const timer = useRef<ReturnType<typeof setInterval>>();
  // A login without a usable membership but with pending invitations: decide them first (accepting signs in).
  const [ticket, setTicket] = useState<InvitationTicket>();

  useEffect(() => () => clearInterval(timer.current), []);
  // Signed out because the account was disabled (issue 31): the server's message, with whom to contact.
  useEffect(() => {
    const ended = takeSessionEnd();
    if (ended) setError(ended);
  }, []);
  useEffect(() => {
    document.title = t('login.title');
  }, [t]);

  const signIn = async (res: LoginResult) => {
    tokenStore.set(res.token, res.satoken);
    resetUnauthorized();
    const session = await loadSession();
    if (!session.currentUser.mustChangePassword) rememberLoginPassword(undefined);
    await setSession(session);
    history.replace(safeRedirect(params.get('redirect'), landingPath(session.currentUser?.company.day, session.currentUser?.role, session.permissions?.type)));
  };

  const finish = async (call: () => Promise<LoginAnswer>) => {
    if (submitting) return;
    setSubmitting(true);
    setError(undefined);
    try {
      const res = await call();
      if (isInvitationTicket(res)) setTicket(res);
      else await signIn(res);
    } catch (e) {
      rememberLoginPassword(undefined);
      setError(e instanceof RequestError ? e.message : t('request.fallback'));
    } finally {
      setSubmitting(false);
    }
  };

  const startCountdown = () => {
    setCountdown(SMS_COUNTDOWN_SECONDS);
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      setCountdown((c) => {
        if (c <= 1) {
          clearInterval(timer.current);
          return 0;
        }
        return c - 1;
      });
    }, 1000);
  };

  const onSend = async () => {
    try {
      const { mobile } = await smsForm.validateFields(['mobile']);
      setSending(true);
      setError(undefined);
      await sendSms({ mobile, scene: 'login' });
      startCountdown();
    } catch (e) {
      if (e instanceof RequestError) setError(e.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.lang}>
        <LangSwitch />
      </div>
      <section className={styles.card} aria-labelledby="login-title">
        <div className={styles.brand}>
          <img src={`${process.env.ROUTER_BASE || '/'}logo.svg`.replace('//', '/')} alt="" width={40} height={40} />
          <Typography.Title level={2} id="login-title" style={{ margin: 0 }}>
            {t('app.name')}
          </Typography.Title>
        </div>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as 'password' | 'sms');
            setError(undefined);
          }}
          items={[
            { key: 'password', label: t('login.tab.password') },
            { key: 'sms', label: t('login.tab.sms') },
          ]}
        />
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        {tab === 'password' ? (
          <Form<{ username: string; password: string }>
            key="password"
            name="password-login"
            size="large"
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => {
              // Kept in memory for the first-login password change (a one-time password), forgotten after it.
              rememberLoginPassword(v.password);
              return finish(() => loginByPassword({ username: v.username.trim(), password: v.password }));
            }}
          >
            <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.username.required') }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('login.username.placeholder')} />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.password.required') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('login.password.placeholder')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </Form>
        ) : (
          <Form
            key="sms"
            form={smsForm}
            name="sms-login"
            size="large"
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => finish(() => loginBySms({ mobile: v.mobile, code: v.code }))}
          >
            <Form.Item
              name="mobile"
              label={t('login.mobile')}
              rules={[
                { required: true, message: t('login.mobile.required') },
                { pattern: MOBILE, message: t('login.mobile.invalid') },
              ]}
            >
              <Input prefix={<MobileOutlined />} autoComplete="tel" maxLength={11} placeholder={t('login.mobile.placeholder')} />
            </Form.Item>
            <Form.Item label={t('login.code')} required>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.code.required') }, { pattern: /^\d{6}$/, message: t('login.code.invalid') }]}>
                  <Input prefix={<SafetyOutlined />} aria-label={t('login.code')} autoComplete="one-time-code" maxLength={6} placeholder={t('login.code.placeholder')} />
                </Form.Item>
                <Button onClick={onSend} disabled={countdown > 0} loading={sending} style={{ minWidth: 128 }}>
                  {countdown > 0 ? t('login.code.resend', { s: countdown }) : t('login.code.send')}
                </Button>
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </Form>
        )}
      </section>
      {ticket && (
        <React.Suspense fallback={null}>
          <InvitationDialog
            open
            invitations={ticket.invitations}
            onAccept={async (inv) => {
              const res = await answerWithTicket(ticket.ticket, inv.id, true);
              if (!isInvitationTicket(res)) await signIn(res);
            }}
            onDecline={async (inv) => {
              const res = await answerWithTicket(ticket.ticket, inv.id, false);
              if (!isInvitationTicket(res)) return;
              if (res.invitations.length) setTicket(res);
              else {
                setTicket(undefined);
                rememberLoginPassword(undefined);
                setError(t('invitation.noneLeft'));
              }
            }}
            onClose={() => {
              setTicket(undefined);
              rememberLoginPassword(undefined);
            }}
          />
        </React.Suspense>
      )}
      <footer className={styles.footer}>{t('footer.copyright', { year: new Date().getFullYear() })}</footer>
    </main>
  );
}
