/** /setting: the company's rules (CompanySettings: ledger, roll call, leads, reminders) and the online-sale cap. */
import React, { useEffect, useState } from 'react';
import { App, Button, Form, Space, Switch, Typography } from 'antd';
import NumberInput from '@/components/NumberInput';
import { useIntl } from '@/locales/useIntl';
import FormPage from '@/components/FormPage';
import { fetchCompanySettings, saveCompanySettings, type CompanySettingsView } from '@/services/campus';

const SWITCHES = ['truantConsumes', 'leaveConsumes', 'allowNegative'] as const;
const NUMBERS: { key: keyof CompanySettingsView; min: number; max: number }[] = [
  { key: 'leadPoolDays', min: 1, max: 365 },
  { key: 'leadOwnLimit', min: 1, max: 10000 },
  { key: 'lowHoursThreshold', min: 0, max: 100 },
  { key: 'expiryReminderDays', min: 1, max: 365 },
];
const CAP: { key: keyof CompanySettingsView; min: number; max: number }[] = [
  { key: 'onlineMaxHours', min: 1, max: 1000 },
  { key: 'onlineMaxMonths', min: 1, max: 60 },
];

export default function SettingPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanySettingsView>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    fetchCompanySettings()
      .then((s) => form.setFieldsValue(s))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [form]);

  const numberItem = ({ key, min, max }: { key: keyof CompanySettingsView; min: number; max: number }) => (
    <Form.Item
      key={key}
      name={key}
      label={t(`setting.${key}`)}
      extra={t(`setting.${key}.hint`)}
      rules={[
        { required: true, message: t('setting.required') },
        { validator: (_r: unknown, v?: number) => (v === undefined || (Number.isInteger(v) && v >= min && v <= max) ? Promise.resolve() : Promise.reject(new Error(t('setting.range', { min, max })))) },
      ]}
    >
      <NumberInput style={{ maxWidth: 200 }} />
    </Form.Item>
  );

  return (
    <FormPage title={t('setting.title')} loading={loading}>
      <Form
        form={form}
        layout="vertical"
        name="companySettings"
        style={{ maxWidth: 640 }}
        onFinish={async (v) => {
          setSaving(true);
          try {
            form.setFieldsValue(await saveCompanySettings(v));
            message.success(t('common.saved'));
          } catch {
            /* shown by the request layer; values stay */
          } finally {
            setSaving(false);
          }
        }}
      >
        <Typography.Title level={4}>{t('setting.ledger')}</Typography.Title>
        {SWITCHES.map((k) => (
          <Form.Item key={k} name={k} label={t(`setting.${k}`)} extra={t(`setting.${k}.hint`)} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
        <Typography.Title level={4}>{t('setting.leadsReminders')}</Typography.Title>
        {NUMBERS.map(numberItem)}
        <Typography.Title level={4}>{t('setting.onlineCap')}</Typography.Title>
        {CAP.map(numberItem)}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Space>
      </Form>
    </FormPage>
  );
}
