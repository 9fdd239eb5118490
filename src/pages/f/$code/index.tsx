/**
 * /f/:code — the public lead-collection form (no login, no layout). A submission becomes a lead with source "form".
 */
import React, { useState } from 'react';
import { Button, Form, Input, Radio, Result, Typography } from 'antd';
import { useParams } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import PublicFrame from '@/components/PublicFrame';
import NumberInput from '@/components/NumberInput';
import { numberRange } from '@/components/NumberInput/rules';
import { fetchPublicGatherForm, submitPublicGatherForm } from '@/services/customer';
import type { GatherField, PublicGatherBody } from '@/types/customer';
import { MOBILE_RE } from '@/utils/fields';

function FieldInput({ field }: { field: GatherField }) {
  const { t } = useIntl();
  const rules = [
    ...(field.required ? [{ required: true, whitespace: field.key !== 'age', message: t('cu.public.required', { field: field.label }) }] : []),
    ...(field.key === 'mobile' ? [{ pattern: MOBILE_RE, message: t('cu.field.mobile.invalid') }] : []),
    ...(field.key === 'age' ? [numberRange({ min: 1, max: 99, integer: true })] : []),
  ];
  let input: React.ReactNode = <Input maxLength={50} />;
  if (field.key === 'mobile') input = <Input maxLength={11} inputMode="numeric" />;
  if (field.key === 'age') input = <NumberInput />;
  if (field.key === 'remark') input = <Input.TextArea maxLength={500} rows={3} />;
  if (field.key === 'gender')
    input = (
      <Radio.Group>
        <Radio value="female">{t('cu.gender.female')}</Radio>
        <Radio value="male">{t('cu.gender.male')}</Radio>
      </Radio.Group>
    );
  return (
    <Form.Item name={field.key} label={field.label} rules={rules}>
      {input}
    </Form.Item>
  );
}

export default function PublicGatherFormPage() {
  const { t } = useIntl();
  const { code = '' } = useParams<{ code: string }>();
  const { data, loading, error } = useRequest(() => fetchPublicGatherForm(code), { refreshDeps: [code] });
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm();

  const onFinish = async (values: Record<string, unknown>) => {
    const body: PublicGatherBody = {};
    for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') body[k as keyof PublicGatherBody] = String(v).trim();
    setSending(true);
    try {
      await submitPublicGatherForm(code, body);
      setDone(true);
    } catch {
      /* the request layer shows the message; the form keeps the values */
    } finally {
      setSending(false);
    }
  };

  return (
    <PublicFrame background="#f0f5f5" width={520} loading={loading} error={error} errorStatus="warning" errorTitle={t('cu.public.unavailable')}>
      {!loading && data && !done && (
        <>
          <Typography.Title level={3}>{data.title}</Typography.Title>
          <Typography.Paragraph type="secondary">
            {data.companyName} · {data.campusName}
          </Typography.Paragraph>
          {data.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Typography.Paragraph>}
          <Form form={form} layout="vertical" onFinish={onFinish}>
            {data.fields.map((f) => (
              <FieldInput key={f.key} field={f} />
            ))}
            <Button type="primary" htmlType="submit" block loading={sending}>
              {t('cu.public.submit')}
            </Button>
          </Form>
        </>
      )}
      {done && (
        <Result
          status="success"
          title={t('cu.public.thanks')}
          subTitle={t('cu.public.thanksBody')}
          extra={
            <Button
              onClick={() => {
                form.resetFields();
                setDone(false);
              }}
            >
              {t('cu.public.again')}
            </Button>
          }
        />
      )}
    </PublicFrame>
  );
}
