/** Pieces shared by /account/staff and /account/student: password field, reset, disable/enable, status. */
import React from 'react';
import { App, Popconfirm, Tag } from 'antd';
import { serverMessage } from './serverMessage';
import { ProFormText } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { disableAccount, enableAccount, resetAccountPassword } from '@/services/campus';

/**
 * A password the company types. `firstPassword`: the first password of a new account, optional (a mobile that
 * already has an account is invited instead and the password is not used; the server asks for one when it is needed).
 */
export function PasswordField({ label, firstPassword }: { label: string; firstPassword?: boolean }) {
  const { t } = useIntl();
  return (
    <ProFormText.Password
      name="password"
      label={label}
      extra={firstPassword ? t('invitation.passwordHint') : undefined}
      fieldProps={{ maxLength: 32, autoComplete: 'new-password' }}
      rules={[
        ...(firstPassword ? [] : [{ required: true, message: t('account.password.required') }]),
        { min: 6, max: 32, message: t('account.password.rule') },
      ]}
    />
  );
}

export function ResetPasswordForm({ roleId, name }: { roleId: number; name: string }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <FormModal<{ password: string }>
      title={t('account.resetFor', { name })}
      trigger={<a aria-label={`${t('account.reset')} ${name}`}>{t('account.reset')}</a>}
      width={400}
      onFinish={async (v) => {
        try {
          await resetAccountPassword(roleId, v.password);
          message.success(t('account.resetDone'));
          return true;
        } catch (e) {
          // A refusal names its cause (an account of another company, the owner's): shown as the server said it.
          message.error(serverMessage(e, t('request.fallback')));
          return false;
        }
      }}
    >
      <PasswordField label={t('account.newPassword')} />
    </FormModal>
  );
}

export function ToggleAccount({ roleId, name, disabled, onDone }: { roleId: number; name: string; disabled: boolean; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={t(disabled ? 'account.enableConfirm' : 'account.disableConfirm', { name })}
      onConfirm={async () => {
        try {
          if (disabled) await enableAccount(roleId);
          else await disableAccount(roleId);
          message.success(t(disabled ? 'account.enabled' : 'account.disabledDone'));
          onDone();
        } catch {
          /* shown by the request layer */
        }
      }}
    >
      <a aria-label={`${t(disabled ? 'account.enable' : 'account.disable')} ${name}`}>{t(disabled ? 'account.enable' : 'account.disable')}</a>
    </Popconfirm>
  );
}

export function StatusTag({ status }: { status?: 'active' | 'disabled' }) {
  const { t } = useIntl();
  if (!status) return <Tag>{t('account.none')}</Tag>;
  return <Tag color={status === 'active' ? 'green' : 'red'}>{t(`account.status.${status}`)}</Tag>;
}

