/**
 * /gather: lead-collection forms (docs/screens.md#customer-center): the fields asked, a public link (/f/{code}) and its QR code; a
 * submission through the link becomes a lead with source "form" in the pool (a known mobile is linked, not duplicated).
 */
import React, { useRef, useState } from 'react';
import { App, Button, Drawer, Modal, QRCode, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProForm, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { CrudScreen, RecordForm } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { tableRequest } from '@/services/list';
import { createGatherForm, deleteGatherForm, fetchCustomerCampuses, fetchGatherForms, fetchGatherSubmissions, updateGatherForm } from '@/services/customer';
import type { GatherField, GatherForm, GatherFormBody, GatherSubmission } from '@/types/customer';
import FieldsEditor, { defaultFields } from './components/FieldsEditor';
import { formatMobile } from '@/components/customer/labels';

export function publicLink(code: string): string {
  return `${window.location.origin}/f/${code}`;
}

function FormEditor({ form, onDone, trigger }: { form?: GatherForm; onDone: () => void; trigger: JSX.Element }) {
  const { t } = useIntl();
  return (
    <RecordForm<GatherForm, GatherFormBody, GatherFormBody>
      name="gatherForm"
      record={form}
      title={form ? t('cu.gather.edit') : t('cu.gather.add')}
      width={640}
      trigger={trigger}
      defaults={{ enabled: true, fields: defaultFields(t) }}
      toBody={(values) => values}
      create={createGatherForm}
      update={updateGatherForm}
      onDone={onDone}
    >
      <ProFormText name="title" label={t('cu.gather.title')} fieldProps={{ maxLength: 60 }} rules={[{ required: true, whitespace: true, message: t('cu.gather.title.required') }]} />
      <ProFormSelect name="campusId" label={t('cu.field.campus')} request={fetchCustomerCampuses} rules={[{ required: true, message: t('cu.field.campus.required') }]} />
      <ProFormTextArea name="description" label={t('cu.gather.description')} fieldProps={{ maxLength: 500, showCount: true }} />
      <ProForm.Item
        name="fields"
        label={t('cu.gather.fields')}
        rules={[
          {
            validator: async (_: unknown, v?: GatherField[]) => {
              if (v?.some((f) => !f.label.trim())) throw new Error(t('cu.gather.label.required'));
            },
          },
        ]}
      >
        <FieldsEditor />
      </ProForm.Item>
      <ProFormSwitch name="enabled" label={t('cu.gather.enabled')} />
    </RecordForm>
  );
}

function ShareModal({ form, onClose }: { form?: GatherForm; onClose: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const box = useRef<HTMLDivElement>(null);
  const download = () => {
    const canvas = box.current?.querySelector('canvas');
    if (!canvas || !form) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = `form-${form.code}.png`;
    a.click();
  };
  return (
    <Modal open={!!form} title={form?.title} onCancel={onClose} footer={null} destroyOnHidden>
      {form && (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <div ref={box}>
            <QRCode value={publicLink(form.code)} size={200} status={form.enabled ? 'active' : 'expired'} />
          </div>
          <Typography.Paragraph copyable={{ text: publicLink(form.code), onCopy: () => message.success(t('cu.gather.copied')) }} data-testid="public-link">
            {publicLink(form.code)}
          </Typography.Paragraph>
          <Space>
            <Button onClick={download}>{t('cu.gather.downloadQr')}</Button>
            <Button href={`/f/${form.code}`} target="_blank" rel="noopener noreferrer">
              {t('cu.gather.open')}
            </Button>
          </Space>
          {!form.enabled && <Typography.Text type="warning">{t('cu.gather.disabledHint')}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}

function Submissions({ form, onClose }: { form?: GatherForm; onClose: () => void }) {
  const { t } = useIntl();
  const columns: ProColumns<GatherSubmission>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('cu.field.name'), dataIndex: 'name', search: false },
    { title: t('cu.field.mobile'), dataIndex: 'mobile', search: false, render: (_, r) => formatMobile(r.mobile) },
    {
      title: t('cu.gather.result'),
      dataIndex: 'result',
      valueType: 'select',
      valueEnum: { lead: { text: t('cu.gather.result.lead') }, duplicate: { text: t('cu.gather.result.duplicate') } },
      render: (_, r) => <Tag color={r.result === 'lead' ? 'green' : 'orange'}>{t(`cu.gather.result.${r.result}`)}</Tag>,
    },
    {
      title: t('cu.gather.values'),
      dataIndex: 'values',
      search: false,
      render: (_, r) =>
        Object.entries(r.values)
          .filter(([k, v]) => v && k !== 'name' && k !== 'mobile')
          .map(([k, v]) => `${t(`cu.gather.field.${k}`)}: ${v}`)
          .join('; ') || '-',
    },
    { title: t('cu.field.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', renderText: (v: string) => v.slice(0, 16) },
  ];
  return (
    <Drawer open={!!form} width={860} title={form ? t('cu.gather.submissionsOf', { title: form.title }) : ''} onClose={onClose} destroyOnHidden>
      {form && (
        <ListTable<GatherSubmission>
          scroll={{ x: 'max-content' }}
          rowKey="id"
          columns={columns}
          request={tableRequest((q) => fetchGatherSubmissions({ ...q, formId: form.id }))}
          pagination={{ defaultPageSize: 10 }}
          search={{ labelWidth: 'auto' }}
          options={false}
        />
      )}
    </Drawer>
  );
}

export default function GatherPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const [share, setShare] = useState<GatherForm>();
  const [subs, setSubs] = useState<GatherForm>();
  const reload = () => ref.current?.reload();

  const columns: ProColumns<GatherForm>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('cu.gather.title'), dataIndex: 'title', search: false, sorter: true },
    { title: t('cu.field.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCustomerCampuses, render: (_, r) => r.campusName },
    { title: t('cu.gather.fields'), dataIndex: 'fields', search: false, render: (_, r) => r.fields.map((f) => f.label).join('、') },
    {
      title: t('cu.gather.enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: t('cu.gather.on') }, false: { text: t('cu.gather.off') } },
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          aria-label={t('cu.gather.enabled')}
          onChange={async (enabled) => {
            try {
              await updateGatherForm({ id: r.id, campusId: r.campusId, title: r.title, description: r.description, fields: r.fields, enabled });
              reload();
            } catch {
              /* shown by the request layer */
            }
          }}
        />
      ),
    },
    { title: t('cu.gather.submissions'), dataIndex: 'submissionCount', search: false, sorter: true, render: (_, r) => <a onClick={() => setSubs(r)}>{r.submissionCount}</a> },
    {
      title: t('cu.gather.leads'),
      dataIndex: 'leadCount',
      search: false,
      sorter: true,
    },
    { title: t('cu.field.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', renderText: (v: string) => v.slice(0, 10) },
  ];

  return (
    <CrudScreen<GatherForm>
      headerTitle={t('menu.gather')}
      actionRef={ref}
      columns={columns}
      list={fetchGatherForms}
      pagination={{ defaultPageSize: 10 }}
      addLabel={t('cu.gather.add')}
      addIcon={<PlusOutlined />}
      rowActions={(r) => <a onClick={() => setShare(r)}>{t('cu.gather.share')}</a>}
      form={(p) => <FormEditor form={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('cu.gather.deleteTitle', { title: r.title }), onDelete: () => deleteGatherForm(r.id), successText: t('cu.del.done') })}
    >
      <ShareModal form={share} onClose={() => setShare(undefined)} />
      <Submissions form={subs} onClose={() => setSubs(undefined)} />
    </CrudScreen>
  );
}
