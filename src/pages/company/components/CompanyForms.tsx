/** The company dialogs of /company: add / edit, renew valid days (with the renewal log), owner mobile. */
import React from 'react';
import { Descriptions, Form, Table, Typography } from 'antd';
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import FormModal, { useSave } from '@/components/FormModal';
import NumberInput from '@/components/NumberInput';
import { numberRange } from '@/components/NumberInput/rules';
import { useIntl } from '@/locales/useIntl';
import { addCompany, fetchRenewLog, modifyOwnerMobile, renewCompany, updateCompany } from '@/services/platform';
import type { CompanyListItem, CompanyRenewal, NewCompanyOwner } from '@/types/platform';
import { MAX_VALID_DAYS, renew } from '@/domain/companyLifecycle';
import SectionTitle from '@/components/SectionTitle';
import OwnerPasswords from './OwnerPasswords';
import { MOBILE_RE } from '@/utils/fields';

const MOBILE = MOBILE_RE;

export function CompanyForm({ company, trigger, onDone }: { company?: CompanyListItem; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  // The new owner's one-time password, shown once after the company is created.
  const [owners, setOwners] = React.useState<NewCompanyOwner[]>();
  return (
    <>
      <FormModal
        title={t(company ? 'pfCompany.edit' : 'pfCompany.add')}
        trigger={trigger}
        width={560}
        initialValues={company ?? { days: undefined }}
        onFinish={async (v: Record<string, unknown>) => {
          const s = (k: string) => (typeof v[k] === 'string' ? (v[k] as string).trim() : undefined) || undefined;
          return save(
            async () => {
              if (company) await updateCompany({ id: company.id, name: s('name') ?? '', contact: s('contact'), address: s('address'), remark: s('remark') });
              else {
                const created = await addCompany({ name: s('name') ?? '', ownerName: s('ownerName') ?? '', ownerMobile: s('ownerMobile') ?? '', days: v.days as number | undefined, contact: s('contact'), address: s('address'), remark: s('remark') });
                setOwners([created.owner]);
              }
            },
            t('common.saved'),
            onDone,
          );
        }}
      >
        <ProFormText name="name" label={t('pfCompany.name')} fieldProps={{ maxLength: 60 }} rules={[{ required: true, whitespace: true, message: t('pfCompany.name.required') }]} />
        {!company && (
          <>
            <ProFormText name="ownerName" label={t('pfCompany.owner')} fieldProps={{ maxLength: 32 }} rules={[{ required: true, whitespace: true, message: t('pfCompany.owner.required') }]} />
            <ProFormText name="ownerMobile" label={t('pfCompany.ownerMobile')} fieldProps={{ maxLength: 11 }} rules={[{ required: true, message: t('pfCompany.mobile.required') }, { pattern: MOBILE, message: t('pfCompany.mobile.invalid') }]} />
            <Form.Item name="days" label={t('pfCompany.validDays')} extra={t('pfCompany.validDays.hint')} rules={[numberRange({ min: 1, max: MAX_VALID_DAYS, integer: true })]}>
              <NumberInput placeholder="365" />
            </Form.Item>
          </>
        )}
        <ProFormText name="contact" label={t('pfCompany.contact')} fieldProps={{ maxLength: 32 }} />
        <ProFormText name="address" label={t('pfCompany.address')} fieldProps={{ maxLength: 120 }} />
        <ProFormTextArea name="remark" label={t('common.remark')} fieldProps={{ maxLength: 200 }} />
      </FormModal>
      <OwnerPasswords owners={owners} onClose={() => setOwners(undefined)} />
    </>
  );
}

export function RenewalLog({ companyId }: { companyId: number }) {
  const { t } = useIntl();
  const { data, loading } = useRequest(() => fetchRenewLog({ companyId, pageSize: 50 }), { refreshDeps: [companyId] });
  return (
    <Table<CompanyRenewal>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={data?.list ?? []}
      pagination={false}
      aria-label={t('pfCompany.renewLog')}
      columns={[
        { title: t('pfCompany.log.at'), dataIndex: 'at', width: 170 },
        { title: t('pfCompany.log.kind'), dataIndex: 'kind', render: (k: string) => t(`pfCompany.log.kind.${k}`) },
        { title: t('pfCompany.log.days'), dataIndex: 'days' },
        { title: t('pfCompany.log.before'), dataIndex: 'before' },
        { title: t('pfCompany.log.after'), dataIndex: 'after' },
        { title: t('pfCompany.log.operator'), dataIndex: 'operator' },
        { title: t('common.remark'), dataIndex: 'remark' },
      ]}
    />
  );
}

export function RenewForm({ company, trigger, onDone, today }: { company: CompanyListItem; trigger: React.ReactElement; onDone: () => void; today: string }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      title={t('pfCompany.renewTitle', { name: company.name })}
      trigger={trigger}
      width={760}
      onFinish={(v: { days?: number; remark?: string }) =>
        save(() => renewCompany({ id: company.id, days: v.days as number, remark: v.remark?.trim() || undefined }), (r) => t('pfCompany.renewed', { before: r.renewal.before, after: r.renewal.after }), onDone)
      }
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('pfCompany.validUntil')}>{company.validUntil}</Descriptions.Item>
        <Descriptions.Item label={t('pfCompany.day')}>{company.day}</Descriptions.Item>
      </Descriptions>
      <Form.Item
        name="days"
        label={t('pfCompany.renewDays')}
        rules={[{ required: true, message: t('pfCompany.renewDays.required') }, numberRange({ min: 1, max: MAX_VALID_DAYS, integer: true })]}
      >
        <NumberInput placeholder="365" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => {
          const days = getFieldValue('days') as number | undefined;
          const r = days ? renew({ status: company.status, validUntil: company.validUntil }, days, today) : undefined;
          return r && typeof r !== 'string' ? <Typography.Paragraph type="secondary">{t('pfCompany.renewPreview', { before: r.before, after: r.after })}</Typography.Paragraph> : null;
        }}
      </Form.Item>
      <ProFormTextArea name="remark" label={t('common.remark')} fieldProps={{ maxLength: 200 }} />
      <SectionTitle>{t('pfCompany.renewLog')}</SectionTitle>
      <RenewalLog companyId={company.id} />
    </FormModal>
  );
}

export function MobileForm({ company, trigger, onDone }: { company: CompanyListItem; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      title={t('pfCompany.mobileTitle', { name: company.name })}
      trigger={trigger}
      width={480}
      onFinish={(v: { mobile?: string }) => save(() => modifyOwnerMobile({ id: company.id, mobile: (v.mobile ?? '').trim() }), t('common.saved'), onDone)}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('pfCompany.currentMobile')}>{company.ownerMobile}</Descriptions.Item>
      </Descriptions>
      <ProFormText name="mobile" label={t('pfCompany.newMobile')} fieldProps={{ maxLength: 11 }} rules={[{ required: true, message: t('pfCompany.mobile.required') }, { pattern: MOBILE, message: t('pfCompany.mobile.invalid') }]} />
    </FormModal>
  );
}
