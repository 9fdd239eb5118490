/**
 * /campus/list: the company's campuses (docs/api.md#calls-named-by-the-spec /v2/company_kt/campus calls): add, edit, make main, renew a branch
 * campus with a package (an order like /renew's), and each campus's staff.
 */
import React, { useRef, useState } from 'react';
import { Button, Drawer, Popconfirm, Space, Tag } from 'antd';
import { ProFormSelect, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { ListPage, RecordForm, actionsColumn } from '@/components/crud';
import ListTable from '@/components/ListTable';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { createCampus, fetchCampuses, fetchCampusStaff, fetchRenewPackages, renewCampus, setMainCampus, updateCampus, type CampusInput } from '@/services/campus';
import type { Campus } from '@/types/campus';
import { formatMoney } from '@/utils/format';
import { phoneRule } from '@/utils/fields';
import type { Staff } from '@/types/school';

function CampusForm({ campus, trigger, onDone }: { campus?: Campus; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <RecordForm<Campus, CampusInput, CampusInput>
      name="campusForm"
      record={campus}
      title={t(campus ? 'campusList.edit' : 'campusList.add')}
      trigger={trigger}
      toBody={(v) => ({ name: v.name.trim(), address: v.address.trim(), phone: v.phone.trim() })}
      create={createCampus}
      update={updateCampus}
      onDone={onDone}
    >
      <ProFormText name="name" label={t('campusList.name')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('campusList.name.required') }]} />
      <ProFormText name="address" label={t('campusList.address')} fieldProps={{ maxLength: 120 }} rules={[{ required: true, whitespace: true, message: t('campusList.address.required') }]} />
      <ProFormText name="phone" label={t('campusList.phone')} fieldProps={{ maxLength: 32 }} rules={[{ required: true, whitespace: true, message: t('campusList.phone.required') }, phoneRule(t('ev.phone.invalid'))]} />
    </RecordForm>
  );
}

function RenewForm({ campus, onDone }: { campus: Campus; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<{ packageId: number }>
      title={t('campusList.renewOf', { name: campus.name })}
      trigger={<a aria-label={t('campusList.renewOf', { name: campus.name })}>{t('campusList.renew')}</a>}
      width={440}
      onFinish={(v) => save(() => renewCampus(campus.id, v.packageId), (r) => t('campusList.renewed', { name: campus.name, date: r.campus.validUntil }), onDone)}
    >
      <ProFormSelect
        name="packageId"
        label={t('campusList.package')}
        request={async () => (await fetchRenewPackages()).map((p) => ({ value: p.id, label: t('campusList.packageOption', { name: p.name, days: p.days, price: formatMoney(p.price) }) }))}
        rules={[{ required: true, message: t('campusList.package.required') }]}
      />
    </FormModal>
  );
}

function StaffDrawer({ campus, onClose }: { campus?: Campus; onClose: () => void }) {
  const { t } = useIntl();
  const columns: ProColumns<Staff>[] = [
    { title: t('access.staff'), dataIndex: 'name', sorter: true },
    { title: t('access.role'), dataIndex: 'role', render: (_, r) => t(`role.${r.role}`) },
    { title: t('campusList.phone'), dataIndex: 'mobile' },
    { title: t('campusList.hireDate'), dataIndex: 'hireDate', sorter: true },
    { title: t('common.status'), dataIndex: 'status', render: (_, r) => t(`campusList.staffStatus.${r.status}`) },
  ];
  return (
    <Drawer open={!!campus} onClose={onClose} width={720} title={campus ? t('campusList.staffOf', { name: campus.name }) : ''} destroyOnHidden>
      {campus && (
        <ListTable<Staff>
          scroll={{ x: 'max-content' }}
          rowKey="id"
          columns={columns}
          search={false}
          options={false}
          request={tableRequest((q) => fetchCampusStaff({ ...q, campusId: campus.id }))}
          pagination={{ pageSize: 10 }}
        />
      )}
    </Drawer>
  );
}

export default function CampusListPage() {
  const { t } = useIntl();
  const save = useSave();
  const access = useAppAccess();
  const ref = useRef<ActionType>();
  const [staffOf, setStaffOf] = useState<Campus>();
  const reload = () => ref.current?.reload();
  const columns: ProColumns<Campus>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('campusList.name'),
      dataIndex: 'name',
      search: false,
      sorter: true,
      render: (_, c) => (
        <Space size={4}>
          {c.name}
          {c.isMain && <Tag color="blue">{t('campusList.main')}</Tag>}
        </Space>
      ),
    },
    { title: t('campusList.address'), dataIndex: 'address', search: false },
    { title: t('campusList.phone'), dataIndex: 'phone', search: false },
    {
      title: t('campusList.validUntil'),
      dataIndex: 'validUntil',
      search: false,
      sorter: true,
      render: (_, c) => (
        <Space size={4} wrap>
          {c.validUntil}
          {c.isMain && <Tag>{t('campusList.followsCompany')}</Tag>}
          {c.day <= 0 ? <Tag color="red">{t('campusList.expired')}</Tag> : c.day <= 30 ? <Tag color="orange">{t('campusList.daysLeft', { n: c.day })}</Tag> : null}
        </Space>
      ),
    },
    { title: t('campusList.staffCount'), dataIndex: 'staffCount', search: false, sorter: true },
    actionsColumn<Campus>((c) => (
      <Space size={8} wrap>
        <CampusForm campus={c} onDone={reload} trigger={<a aria-label={`${t('common.edit')} ${c.name}`}>{t('common.edit')}</a>} />
        <a onClick={() => setStaffOf(c)} aria-label={t('campusList.staffOf', { name: c.name })}>
          {t('campusList.staff')}
        </a>
        {!c.isMain && (
          <Popconfirm
            title={t('campusList.setMainConfirm', { name: c.name })}
            onConfirm={() => save(() => setMainCampus(c.id), t('campusList.mainDone', { name: c.name }), reload)}
          >
            <a aria-label={`${t('campusList.setMain')} ${c.name}`}>{t('campusList.setMain')}</a>
          </Popconfirm>
        )}
        {!c.isMain && access.isOwner && <RenewForm campus={c} onDone={reload} />}
      </Space>
    )),
  ];
  return (
    <ListPage<Campus>
      pagination={{ defaultPageSize: 20 }}
      actionRef={ref}
      headerTitle={t('campusList.title')}
      columns={columns}
      request={tableRequest(fetchCampuses)}
      tools={[<CampusForm key="add" onDone={reload} trigger={<Button type="primary">{t('campusList.add')}</Button>} />]}
    >
    <StaffDrawer campus={staffOf} onClose={() => setStaffOf(undefined)} />
    </ListPage>
  );
}
