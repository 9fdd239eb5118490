/**
 * /campus/permissions/add (?id= to edit): a permission group's name, the ten flags of docs/api.md#entities as switches and the
 * data scope (own / campus / company). The owner's group keeps everything (switches locked; the server refuses too).
 */
import React, { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Radio, Result, Space, Switch, Typography } from 'antd';
import { history, useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import FormPage from '@/components/FormPage';
import { useSave } from '@/components/FormModal';
import { createPermissionGroup, fetchPermissionGroup, updatePermissionGroup } from '@/services/campus';
import type { DataScope, PermissionGroup } from '@/types/campus';
import { PERMISSION_FLAGS, type PermissionFlag } from '@/types/session';
import { DATA_SCOPES } from '@/domain/dataScope';

type Values = { name: string; dataScope: DataScope } & Record<PermissionFlag, boolean>;

export default function PermissionGroupEditPage() {
  const { t } = useIntl();
  const save = useSave();
  const [params] = useSearchParams();
  const id = params.get('id') ? Number(params.get('id')) : undefined;
  const [form] = Form.useForm<Values>();
  const [group, setGroup] = useState<PermissionGroup>();
  const [loading, setLoading] = useState(id !== undefined);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id === undefined) {
      form.setFieldsValue({ name: '', dataScope: 'own', ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, f === 'staging'])) } as Values);
      return;
    }
    setLoading(true);
    fetchPermissionGroup(id)
      .then((g) => {
        setGroup(g);
        form.setFieldsValue({ name: g.name, dataScope: g.dataScope, ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, g.flags[f] === 1])) } as Values);
      })
      .catch(() => setMissing(true))
      .finally(() => setLoading(false));
  }, [id, form]);

  if (missing) return <Result status="404" title={t('group.notFound')} extra={<Button onClick={() => history.push('/campus/permissions')}>{t('group.back')}</Button>} />;
  const locked = !!group?.ownerGroup;

  const onFinish = async (v: Values) => {
    const body = {
      name: v.name.trim(),
      dataScope: v.dataScope,
      flags: Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, v[f] ? 1 : 0])) as Record<PermissionFlag, 0 | 1>,
    };
    setSaving(true);
    // A refusal is shown by the request layer; the form keeps its values.
    await save(() => (id !== undefined ? updatePermissionGroup({ ...body, id }) : createPermissionGroup(body)), t('common.saved'), () => history.push('/campus/permissions'));
    setSaving(false);
  };

  return (
    <FormPage title={t(id !== undefined ? 'group.edit' : 'group.new')} loading={loading}>
      {locked && <Alert type="info" showIcon message={t('group.ownerLocked')} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 720 }} name="permissionGroup">
        <Form.Item name="name" label={t('group.name')} rules={[{ required: true, whitespace: true, message: t('group.name.required') }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Typography.Title level={4}>{t('group.flags')}</Typography.Title>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '0 24px' }}>
          {PERMISSION_FLAGS.map((f) => (
            <Form.Item key={f} name={f} label={t(`menu.group.${f}`)} valuePropName="checked">
              <Switch disabled={locked} />
            </Form.Item>
          ))}
        </div>
        <Form.Item name="dataScope" label={t('group.dataScope')} extra={t('group.scope.hint')}>
          <Radio.Group disabled={locked} optionType="button" options={DATA_SCOPES.map((s) => ({ value: s, label: t(`group.scope.${s}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
          <Button onClick={() => history.push('/campus/permissions')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </FormPage>
  );
}
