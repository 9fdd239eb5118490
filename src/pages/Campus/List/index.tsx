/**
 * /campus/list: the company's campuses (SPEC §7 /v2/company_kt/campus calls): add, edit, make main, renew a branch
 * campus with a package (an order like /renew's), and each campus's staff.
 */
import React, { useRef, useState } from 'react';
import { App, Button, Drawer, Popconfirm, Space, Tag } from 'antd';
import { ProFormSelect, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { GuardedModalForm } from '@/components/FormModal';
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
  const { message } = App.useApp();
  return (
    <GuardedModalForm<CampusInput>
      name={`campusForm${campus?.id ?? 'New'}`}
      title={t(campus ? 'campusList.edit' : 'campusList.add')}
      trigger={trigger}
      width={480}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={campus}
      onFinish={async (v) => {
        try {
          const body = { name: v.name.trim(), address: v.address.trim(), phone: v.phone.trim() };
          if (campus) await updateCampus({ ...body, id: campus.id });
          else await createCampus(body);
          message.success(t('common.saved'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormText name="name" label={t('campusList.name')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('campusList.name.required') }]} />
      <ProFormText name="address" label={t('campusList.address')} fieldProps={{ maxLength: 120 }} rules={[{ required: true, whitespace: true, message: t('campusList.address.required') }]} />
      <ProFormText name="phone" label={t('campusList.phone')} fieldProps={{ maxLength: 32 }} rules={[{ required: true, whitespace: true, message: t('campusList.phone.required') }, phoneRule(t('ev.phone.invalid'))]} />
    </GuardedModalForm>
  );
}

function RenewForm({ campus, onDone }: { campus: Campus; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <GuardedModalForm<{ packageId: number }>
      title={t('campusList.renewOf', { name: campus.name })}
      trigger={<a aria-label={t('campusList.renewOf', { name: campus.name })}>{t('campusList.renew')}</a>}
      width={440}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      onFinish={async (v) => {
        try {
          const r = await renewCampus(campus.id, v.packageId);
          message.success(t('campusList.renewed', { name: campus.name, date: r.campus.validUntil }));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormSelect
        name="packageId"
        label={t('campusList.package')}
        request={async () => (await fetchRenewPackages()).map((p) => ({ value: p.id, label: t('campusList.packageOption', { name: p.name, days: p.days, price: formatMoney(p.price) }) }))}
        rules={[{ required: true, message: t('campusList.package.required') }]}
      />
    </GuardedModalForm>
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
  const { message } = App.useApp();
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
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, c) => (
        <Space size={8} wrap>
          <CampusForm campus={c} onDone={reload} trigger={<a aria-label={`${t('common.edit')} ${c.name}`}>{t('common.edit')}</a>} />
          <a onClick={() => setStaffOf(c)} aria-label={t('campusList.staffOf', { name: c.name })}>
            {t('campusList.staff')}
          </a>
          {!c.isMain && (
            <Popconfirm
              title={t('campusList.setMainConfirm', { name: c.name })}
              onConfirm={async () => {
                try {
                  await setMainCampus(c.id);
                  message.success(t('campusList.mainDone', { name: c.name }));
                  reload();
                } catch {
                  /* shown by the request layer */
                }
              }}
            >
              <a aria-label={`${t('campusList.setMain')} ${c.name}`}>{t('campusList.setMain')}</a>
            </Popconfirm>
          )}
          {!c.isMain && access.isOwner && <RenewForm campus={c} onDone={reload} />}
        </Space>
      ),
    },
  ];
  return (
    <div style={{ padding: 24 }}>
      <ListTable<Campus>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        actionRef={ref}
        headerTitle={t('campusList.title')}
        columns={columns}
        request={tableRequest(fetchCampuses)}
        toolBarRender={() => [<CampusForm key="add" onDone={reload} trigger={<Button type="primary">{t('campusList.add')}</Button>} />]}
      />
      <StaffDrawer campus={staffOf} onClose={() => setStaffOf(undefined)} />
    </div>
  );
}
