/**
 * /template-message (PRODUCT.md §5.11): message templates with variables in braces. The form refuses an unknown
 * variable (the server too) and previews the text with sample values; the real preview for a receiver is in
 * SendNoticeModal's receiver list.
 */
import React, { useRef } from 'react';
import { App, Button, Form, Space, Tag, Typography } from 'antd';
import { ProFormDependency, ProFormSelect, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { createTemplate, deleteTemplate, fetchTemplates, updateTemplate } from '@/services/notice';
import DeleteAction from '@/components/DeleteAction';
import FormModal from '@/components/FormModal';
import { PlainText } from '@/components/Teaching';
import { parseTemplate, renderTemplate, TEMPLATE_VARIABLES, type TemplateValues } from '@/domain/templates';
import { TEMPLATE_SCENES, type MessageTemplate, type TemplateScene } from '@/types/notice';
import { compactTable } from '@/components/RowActions';

const SAMPLE: TemplateValues = { studentName: '李小雨', className: '中国舞基础 A 班', remainingHours: 2.5, expiryDate: '2026-12-31', lessonTime: '2026-12-05 10:00', campusName: 'Downtown', companyName: 'Starlight Dance' };

export function TemplateForm({ tpl, trigger, onDone }: { tpl?: MessageTemplate; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  return (
    <FormModal
      form={form}
      name={`messageTemplate${tpl?.id ?? 'New'}`}
      title={t(tpl ? 'msgtpl.editTitle' : 'msgtpl.addTitle')}
      trigger={trigger}
      width={640}
      initialValues={tpl ?? { scene: 'general' }}
      onFinish={async (v: Record<string, unknown>) => {
        const body = { name: String(v.name ?? '').trim(), scene: v.scene as TemplateScene, text: String(v.text ?? '').trim() };
        try {
          if (tpl) await updateTemplate({ ...body, id: tpl.id });
          else await createTemplate(body);
          message.success(t('common.saved'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormText name="name" label={t('msgtpl.nameLabel')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('msgtpl.name.required') }]} />
      <ProFormSelect name="scene" label={t('msgtpl.scene')} options={TEMPLATE_SCENES.map((s) => ({ value: s, label: t(`msgtpl.scene.${s}`) }))} rules={[{ required: true }]} />
      <ProFormTextArea
        name="text"
        label={t('msgtpl.text')}
        fieldProps={{ maxLength: 500, showCount: true, rows: 4 }}
        rules={[
          { required: true, whitespace: true, message: t('msgtpl.text.required') },
          {
            validator: (_: unknown, v?: string) => {
              const unknown = v ? parseTemplate(v).unknown : [];
              return unknown.length ? Promise.reject(new Error(t('msgtpl.unknownVars', { n: unknown.length, names: unknown.map((u) => `{${u}}`).join(', ') }))) : Promise.resolve();
            },
          },
        ]}
      />
      <Space wrap size={4} style={{ marginBottom: 16 }} role="group" aria-label={t('msgtpl.insertVariable')}>
        {TEMPLATE_VARIABLES.map((name) => (
          <Button key={name} size="small" onClick={() => form.setFieldValue('text', `${form.getFieldValue('text') ?? ''}{${name}}`)}>
            {t(`msgtpl.var.${name}`)}
          </Button>
        ))}
      </Space>
      <ProFormDependency name={['text']}>
        {({ text }) => (
          <div>
            <Typography.Text type="secondary">{t('msgtpl.preview')}</Typography.Text>
            <div style={{ background: '#f5f5f5', padding: 12, borderRadius: 6 }} data-testid="template-preview">
              <PlainText text={renderTemplate(String(text ?? ''), SAMPLE) || '-'} />
            </div>
          </div>
        )}
      </ProFormDependency>
    </FormModal>
  );
}

export default function TemplateMessagePage() {
  const { t } = useIntl();
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();
  const columns: ProColumns<MessageTemplate>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('msgtpl.nameLabel'), dataIndex: 'name', search: false, sorter: true },
    { title: t('msgtpl.scene'), dataIndex: 'scene', valueType: 'select', valueEnum: Object.fromEntries(TEMPLATE_SCENES.map((s) => [s, { text: t(`msgtpl.scene.${s}`) }])), render: (_, r) => <Tag>{t(`msgtpl.scene.${r.scene}`)}</Tag> },
    { title: t('msgtpl.text'), dataIndex: 'text', search: false, render: (_, r) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.text}</Typography.Text> },
    { title: t('msgtpl.updatedAt'), dataIndex: 'updatedAt', search: false, sorter: true },
    {
      title: t('common.actions'),
      fixed: 'right',
      valueType: 'option',
      render: (_, r) => (
        <Space size={8}>
          <TemplateForm tpl={r} onDone={reload} trigger={<a>{t('common.edit')}</a>} />
          <DeleteAction title={t('msgtpl.deleteConfirm', { name: r.name })} onDelete={() => deleteTemplate(r.id)} onDone={reload} />
        </Space>
      ),
    },
  ];
  return (
    <div style={{ padding: 24 }}>
      <ProTable<MessageTemplate>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        actionRef={actionRef}
        headerTitle={t('menu.templateMessage')}
        {...compactTable(columns)}
        request={tableRequest(fetchTemplates)}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [<TemplateForm key="add" onDone={reload} trigger={<Button type="primary">{t('msgtpl.addTitle')}</Button>} />]}
      />
    </div>
  );
}
