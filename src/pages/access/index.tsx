/** /access: every staff member and their permission group; change one or a selection (docs/rules.md#permission-groups-and-data-scope). */
import React, { useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { ProFormSelect, type ActionType, type ProColumns } from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { ListPage, actionsColumn } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { rowCheckbox } from '@/components/rowSelection';
import { tableRequest } from '@/services/list';
import { assignGroup, fetchPermissionGroups, fetchStaffAccess } from '@/services/campus';
import { fetchCampusOptions } from '@/services/school';
import type { StaffAccess } from '@/types/campus';

const groupOptions = async () => (await fetchPermissionGroups()).map((g) => ({ value: g.id, label: g.name }));

function AssignForm({ staff, trigger, title, onDone }: { staff: StaffAccess[]; trigger: React.ReactElement; title: string; onDone: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<{ groupId: number }>
      title={title}
      trigger={trigger}
      width={420}
      initialValues={staff.length === 1 ? { groupId: staff[0].groupId } : undefined}
      onFinish={(v) =>
        save(
          () =>
            assignGroup(
              staff.map((s) => s.staffId),
              v.groupId,
            ),
          t('access.assigned'),
          onDone,
        )
      }
    >
      <ProFormSelect name="groupId" label={t('access.group')} request={groupOptions} rules={[{ required: true, message: t('access.group.required') }]} />
    </FormModal>
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
    actionsColumn<StaffAccess>((r) => [<AssignForm key="a" staff={[r]} title={t('access.changeFor', { name: r.name })} onDone={reload} trigger={<a aria-label={`${t('access.change')} ${r.name}`}>{t('access.change')}</a>} />]),
  ];
  return (
    <ListPage<StaffAccess>
      pagination={{ defaultPageSize: 20 }}
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
  );
}
