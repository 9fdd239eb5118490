/** Pieces shared by /account/staff and /account/student: mobile and password fields, reset, disable/enable, status. */
import React from 'react';
import { App, Popconfirm, Tag } from 'antd';
import { serverMessage } from './serverMessage';
import { ProFormText, type ProColumns } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { t } from '@/locales';
import { useIntl } from '@/locales/useIntl';
import { disableAccount, enableAccount, resetAccountPassword } from '@/services/campus';
import type { AccountStatus } from '@/types/campus';
import { MOBILE_RE } from '@/utils/fields';

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


/** The mobile of a new account (its login); `extra`: a hint under the field. */
export function AccountMobileField({ extra }: { extra?: string }) {
  const { t } = useIntl();
  return (
    <ProFormText
      name="mobile"
      label={t('account.mobile')}
      fieldProps={{ maxLength: 11 }}
      extra={extra}
      rules={[
        { required: true, message: t('account.mobile.required') },
        { pattern: MOBILE_RE, message: t('account.mobile.rule') },
      ]}
    />
  );
}

/** An account row's own actions (a fragment, so that the row's actions cell lists each): reset its password where the company may, disable or enable it. */
export function accountActions(roleId: number, row: { name: string; status?: AccountStatus; canSetPassword?: boolean }, onDone: () => void) {
  return (
    <>
      {row.canSetPassword && <ResetPasswordForm roleId={roleId} name={row.name} />}
      <ToggleAccount roleId={roleId} name={row.name} disabled={row.status === 'disabled'} onDone={onDone} />
    </>
  );
}

/** An account list's status column, filtered by active / disabled; `render` for lists whose rows may show another state. */
export function accountStatusColumn<T extends { status?: AccountStatus }>(render: (r: T) => React.ReactNode = (r) => <StatusTag status={r.status} />): ProColumns<T> {
  return {
    title: t('common.status'),
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: { active: { text: t('account.status.active') }, disabled: { text: t('account.status.disabled') } },
    render: (_, r) => render(r),
  };
}
