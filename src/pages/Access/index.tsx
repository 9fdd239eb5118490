/** /access: every staff member and their permission group; change one or a selection (PRODUCT.md §5.13). */
import React, { useRef, useState } from 'react';
import { App, Button, Tag } from 'antd';
import { ProFormSelect, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { GuardedModalForm } from '@/components/FormModal';
import ListTable from '@/components/ListTable';
import { useIntl } from '@/locales/useIntl';
import { rowCheckbox } from '@/components/rowSelection';
import { tableRequest } from '@/services/list';
import { assignGroup, fetchPermissionGroups, fetchStaffAccess } from '@/services/campus';
import { fetchCampusOptions } from '@/services/school';
import type { StaffAccess } from '@/types/campus';

const groupOptions = async () => (await fetchPermissionGroups()).map((g) => ({ value: g.id, label: g.name }));

function AssignForm({ staff, trigger, title, onDone }: { staff: StaffAccess[]; trigger: React.ReactElement; title: string; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <GuardedModalForm<{ groupId: number }>
      title={title}
      trigger={trigger}
      width={420}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={staff.length === 1 ? { groupId: staff[0].groupId } : undefined}
      onFinish={async (v) => {
        try {
          await assignGroup(
            staff.map((s) => s.staffId),
            v.groupId,
          );
          message.success(t('access.assigned'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormSelect name="groupId" label={t('access.group')} request={groupOptions} rules={[{ required: true, message: t('access.group.required') }]} />
    </GuardedModalForm>
  );
}

export default function AccessPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const [selected, setSelected] = useState<StaffAccess[]>([]);
  const reload = () => {
    setSelected([]);
    ref.current?.clearSelected?.();
    ref.current?.reload();
  };
  const columns: ProColumns<StaffAccess>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('access.staff'),
      dataIndex: 'name',
      search: false,
      sorter: true,
      render: (_, r) => (
        <>
          {r.name} {r.owner && <Tag color="gold">{t('access.owner')}</Tag>}
        </>
      ),
    },
    {
      title: t('access.role'),
      dataIndex: 'role',
      valueType: 'select',
      valueEnum: Object.fromEntries(['dealer', 'manager', 'teacher', 'sales'].map((r) => [r, { text: t(`role.${r}`) }])),
    },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    { title: t('access.group'), dataIndex: 'groupId', valueType: 'select', request: groupOptions, render: (_, r) => r.groupName ?? t('access.noGroup') },
    { title: t('access.account'), dataIndex: 'hasAccount', search: false, render: (_, r) => t(r.hasAccount ? 'access.hasAccount' : 'access.noAccount') },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => [<AssignForm key="a" staff={[r]} title={t('access.changeFor', { name: r.name })} onDone={reload} trigger={<a aria-label={`${t('access.change')} ${r.name}`}>{t('access.change')}</a>} />],
    },
  ];
  return (
    <div style={{ padding: 24 }}>
      <ListTable<StaffAccess>
        scroll={{ x: 'max-content' }}
        rowKey="staffId"
        actionRef={ref}
        headerTitle={t('access.title')}
        columns={columns}
        request={tableRequest(fetchStaffAccess)}
        rowSelection={{ onChange: (_, rows) => setSelected(rows), getCheckboxProps: rowCheckbox((r) => r.name) }}
        toolBarRender={() =>
          selected.length
            ? [<AssignForm key="batch" staff={selected} title={t('access.batch', { n: selected.length })} onDone={reload} trigger={<Button type="primary">{t('access.batch', { n: selected.length })}</Button>} />]
            : []
        }
      />
    </div>
  );
}
