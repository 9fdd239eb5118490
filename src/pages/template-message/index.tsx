/**
 * /template-message (docs/rules.md#notices-and-notifications): message templates with variables in braces. The form refuses an unknown
 * variable (the server too) and previews the text with sample values; the real preview for a receiver is in
 * SendNoticeModal's receiver list.
 */
import React from 'react';
import { Button, Form, Space, Tag, Typography } from 'antd';
import { ProFormDependency, ProFormSelect, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { CrudScreen, RecordForm } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { createTemplate, deleteTemplate, fetchTemplates, updateTemplate } from '@/services/notice';
import { PlainText } from '@/components/Teaching';
import { parseTemplate, renderTemplate, TEMPLATE_VARIABLES, type TemplateValues } from '@/domain/templates';
import { TEMPLATE_SCENES, type MessageTemplate, type TemplateScene } from '@/types/notice';

type TemplateBody = Parameters<typeof createTemplate>[0];

const SAMPLE: TemplateValues = { studentName: '李小雨', className: '中国舞基础 A 班', remainingHours: 2.5, expiryDate: '2026-12-31', lessonTime: '2026-12-05 10:00', campusName: 'Downtown', companyName: 'Starlight Dance' };

export function TemplateForm({ tpl, trigger, onDone }: { tpl?: MessageTemplate; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const [form] = Form.useForm();
  return (
    <RecordForm<MessageTemplate, Record<string, unknown>, TemplateBody>
      form={form}
      name="messageTemplate"
      record={tpl}
      title={t(tpl ? 'msgtpl.editTitle' : 'msgtpl.addTitle')}
      trigger={trigger}
      width={640}
      defaults={{ scene: 'general' }}
      toBody={(v) => ({ name: String(v.name ?? '').trim(), scene: v.scene as TemplateScene, text: String(v.text ?? '').trim() })}
      create={createTemplate}
      update={updateTemplate}
      onDone={onDone}
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
    </RecordForm>
  );
}

export default function TemplateMessagePage() {
  const { t } = useIntl();
  const columns: ProColumns<MessageTemplate>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('msgtpl.nameLabel'), dataIndex: 'name', search: false, sorter: true },
    { title: t('msgtpl.scene'), dataIndex: 'scene', valueType: 'select', valueEnum: Object.fromEntries(TEMPLATE_SCENES.map((s) => [s, { text: t(`msgtpl.scene.${s}`) }])), render: (_, r) => <Tag>{t(`msgtpl.scene.${r.scene}`)}</Tag> },
    { title: t('msgtpl.text'), dataIndex: 'text', search: false, render: (_, r) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.text}</Typography.Text> },
    { title: t('msgtpl.updatedAt'), dataIndex: 'updatedAt', search: false, sorter: true },
  ];
  return (
    <CrudScreen<MessageTemplate>
      headerTitle={t('menu.templateMessage')}
      columns={columns}
      list={fetchTemplates}
      addLabel={t('msgtpl.addTitle')}
      form={(p) => <TemplateForm tpl={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('msgtpl.deleteConfirm', { name: r.name }), onDelete: () => deleteTemplate(r.id) })}
    />
  );
}
