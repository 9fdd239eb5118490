/**
 * The new-password pair of every password form (personal settings, the first-login dialog): 6 to 32 characters,
 * typed twice. `differentFrom` (optional) refuses a new password equal to the current one (the server refuses it too).
 */
import React from 'react';
import { Form, Input } from 'antd';
import { useIntl } from '@/locales/useIntl';

export default function NewPasswordFields({
  differentFrom,
  sameMessage = 'setting.newPassword.same',
  onConfirmEnter,
}: {
  differentFrom?: (get: (name: string) => unknown) => unknown;
  /** Message key when the new password equals the current one. */
  sameMessage?: string;
  onConfirmEnter?: () => void;
}) {
  const { t } = useIntl();
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('setting.newPassword')}
        rules={[
          { required: true, min: 6, max: 32, message: t('setting.newPassword.rule') },
          ...(differentFrom
            ? [
                ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
                  validator: (_r: unknown, value: unknown) =>
                    !value || value !== differentFrom(getFieldValue) ? Promise.resolve() : Promise.reject(new Error(t(sameMessage))),
                }),
              ]
            : []),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('setting.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('setting.confirmPassword.required') },
          ({ getFieldValue }) => ({
            validator: (_r, value) => (!value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('setting.confirmPassword.mismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" onPressEnter={onConfirmEnter} />
      </Form.Item>
    </>
  );
}
