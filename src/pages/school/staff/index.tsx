/** /school/staff: staff with role, campus, status and hire date; add, edit, delete (refused while in use). */
import React from 'react';
import { Tag } from 'antd';
import { ProFormDatePicker, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { CrudScreen, RecordForm } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { useSearchParams } from 'umi';
import type { ExportableColumn } from '@/components/ExportButton';
import { createStaff, deleteStaff, fetchCampusOptions, fetchStaff, updateStaff, type StaffBody } from '@/services/school';
import type { Staff } from '@/types/school';
import { ROLE_LABEL_KEYS } from '@/utils/constants';
import { dateStr, enumOf, MOBILE_RE, todayStr } from '@/utils/fields';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

const STAFF_ROLES = ['teacher', 'sales', 'manager', 'dealer'] as const;

function StaffForm({ staff, trigger, onDone }: { staff?: Staff; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <RecordForm<Staff, Record<string, unknown>, StaffBody>
      name="staffForm"
      record={staff}
      title={t(staff ? 'staff.edit' : 'staff.add')}
      trigger={trigger}
      width={520}
      defaults={{ role: 'teacher', status: 'active', hireDate: todayStr() }}
      toBody={(v) => ({
        name: String(v.name ?? '').trim(),
        mobile: String(v.mobile ?? '').trim(),
        role: v.role as StaffBody['role'],
        campusId: v.campusId as number,
        status: v.status as StaffBody['status'],
        hireDate: dateStr(v.hireDate) ?? '',
      })}
      create={createStaff}
      update={updateStaff}
      onDone={onDone}
    >
      <ProFormText name="name" label={t('staff.name')} fieldProps={{ maxLength: 32 }} rules={[{ required: true, whitespace: true, message: t('staff.name.required') }]} />
      <ProFormText
        name="mobile"
        label={t('staff.mobile')}
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[
          { required: true, message: t('student.mobile.required') },
          { pattern: MOBILE_RE, message: t('student.mobile.invalid') },
        ]}
      />
      <ProFormSelect name="role" label={t('staff.role')} options={STAFF_ROLES.map((r) => ({ value: r, label: t(ROLE_LABEL_KEYS[r]) }))} rules={[{ required: true }]} />
      <ProFormSelect name="campusId" label={t('school.campus')} request={fetchCampusOptions} rules={[{ required: true, message: t('school.campus.required') }]} />
      <ProFormSelect
        name="status"
        label={t('common.status')}
        options={[
          { value: 'active', label: t('staff.status.active') },
          { value: 'left', label: t('staff.status.left') },
        ]}
        rules={[{ required: true }]}
      />
      <ProFormDatePicker name="hireDate" label={t('staff.hireDate')} fieldProps={{ format: 'YYYY-MM-DD' }} rules={[{ required: true, message: t('staff.hireDate.required') }]} />
    </RecordForm>
  );
}

export default function StaffPage() {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  // The jump search opens a staff member as ?keyword=<name>.
  const [params] = useSearchParams();
  const columns: ExportableColumn<Staff>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('staff.keywordHint') }, initialValue: params.get('keyword') ?? undefined },
    { title: t('staff.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('staff.mobile'), dataIndex: 'mobile', search: false, exportAs: 'text' },
    { title: t('staff.role'), dataIndex: 'role', valueType: 'select', sorter: true, valueEnum: enumOf(STAFF_ROLES, (r) => t(ROLE_LABEL_KEYS[r])) },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: enumOf(['active', 'left'] as const, (s) => t(`staff.status.${s}`)),
      render: (_, r) => <Tag color={r.status === 'active' ? 'green' : 'default'}>{t(`staff.status.${r.status}`)}</Tag>,
    },
    { title: t('staff.hireDate'), dataIndex: 'hireDate', search: false, sorter: true, exportAs: 'date' },
    { title: t('staff.hireDate'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('staff.account'), dataIndex: 'userId', search: false, render: (_, r) => (r.userId ? <Tag color="cyan">{t('staff.hasAccount')}</Tag> : '-') },
  ];
  return (
    <CrudScreen<Staff>
      headerTitle={t('menu.schoolStaff')}
      columns={columns}
      list={fetchStaff}
      exportName={t('menu.schoolStaff')}
      canEdit={caps.editSetup}
      addLabel={t('staff.add')}
      form={(p) => <StaffForm staff={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('staff.deleteConfirm', { name: r.name }), onDelete: () => deleteStaff(r.id), successText: t('school.deleted') })}
    />
  );
}
