/**
 * /cool/system: the customer-service contact (shown in the expiry dialogs, docs/api.md#calls-named-by-the-spec GET /v2/company_role/service),
 * the platform fee and the defaults for new companies. Only the admin saves; service and operation read.
 */
import React from 'react';
import { Card, Form, Skeleton, Typography } from 'antd';
import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import NumberInput from '@/components/NumberInput';
import { numberRange, type RangeOptions } from '@/components/NumberInput/rules';
import { useIntl } from '@/locales/useIntl';
import { useSave } from '@/components/FormModal';
import { useAppAccess } from '@/hooks/useSession';
import { fetchPlatformSettings, savePlatformSettings, saveServiceContact } from '@/services/platform';
import type { PlatformSettings } from '@/types/platform';
import type { ServiceContact } from '@/types/session';
import { phoneRule } from '@/utils/fields';

/** A required number of the platform settings, within its range. */
function SettingNumber({ name, label, extra, range, suffix }: { name: keyof PlatformSettings; label: string; extra?: string; range: RangeOptions; suffix?: string }) {
  const { t } = useIntl();
  return (
    <Form.Item name={name} label={label} extra={extra} rules={[{ required: true, message: t('pfCool.required') }, numberRange(range)]}>
      <NumberInput suffix={suffix} />
    </Form.Item>
  );
}

export default function CoolSystemPage() {
  const { t } = useIntl();
  const save = useSave();
  const access = useAppAccess();
  const canWrite = access.platformAdmin;
  const { data, refresh } = useRequest(fetchPlatformSettings);
  const submitter = canWrite ? { searchConfig: { submitText: t('common.save') }, resetButtonProps: false as const } : (false as const);
  const required = (msg: string) => [{ required: true, message: msg }];
  return (
    <div style={{ padding: 24, maxWidth: 760 }}>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('pfCool.service')}</Typography.Title>} style={{ marginBottom: 24 }}>
            <ProForm<ServiceContact>
              name="serviceContact"
              initialValues={data.serviceContact}
              disabled={!canWrite}
              submitter={submitter}
              onFinish={(v) => save(() => saveServiceContact({ name: v.name.trim(), phone: v.phone.trim(), wechat: v.wechat.trim() }), t('common.saved'), refresh)}
            >
              <ProFormText name="name" label={t('pfCool.serviceName')} fieldProps={{ maxLength: 60 }} rules={required(t('pfCool.required'))} />
              <ProFormText name="phone" label={t('pfCool.servicePhone')} fieldProps={{ maxLength: 32 }} rules={[...required(t('pfCool.required')), phoneRule(t('ev.phone.invalid'))]} />
              <ProFormText name="wechat" label={t('pfCool.serviceWechat')} fieldProps={{ maxLength: 60 }} rules={required(t('pfCool.required'))} />
            </ProForm>
          </Card>
          <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('pfCool.feeAndDefaults')}</Typography.Title>}>
            <ProForm<PlatformSettings>
              name="platformSettings"
              initialValues={data.settings}
              disabled={!canWrite}
              submitter={submitter}
              onFinish={(v) => save(() => savePlatformSettings({ ...v, welcomeNote: (v.welcomeNote ?? '').trim() }), t('common.saved'), refresh)}
            >
              <SettingNumber name="feePercent" label={t('pfCool.fee')} extra={t('pfCool.feeHint')} range={{ min: 0, max: 100 }} suffix="%" />
              <SettingNumber name="trialDays" label={t('pfCool.trialDays')} range={{ min: 1, max: 365, integer: true }} />
              <SettingNumber name="defaultCampuses" label={t('pfCool.defaultCampuses')} range={{ min: 1, max: 100, integer: true }} />
              <SettingNumber name="defaultCapHours" label={t('pfCool.capHours')} range={{ min: 1, max: 1000, integer: true }} />
              <SettingNumber name="defaultCapMonths" label={t('pfCool.capMonths')} range={{ min: 1, max: 36, integer: true }} />
              <ProFormTextArea name="welcomeNote" label={t('pfCool.welcomeNote')} fieldProps={{ maxLength: 500 }} />
            </ProForm>
          </Card>
        </>
      )}
    </div>
  );
}
