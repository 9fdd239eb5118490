/** /campus/permissions: the company's permission groups (flags, data scope, members); edit opens /campus/permissions/add?id=. */
import React, { useRef } from 'react';
import { Button, Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ListPage, actionsColumn } from '@/components/crud';
import { Link, history } from 'umi';
import DeleteAction from '@/components/DeleteAction';
import { useIntl } from '@/locales/useIntl';
import { deletePermissionGroup, fetchPermissionGroups } from '@/services/campus';
import type { PermissionGroup } from '@/types/campus';
import { PERMISSION_FLAGS } from '@/types/session';

export default function PermissionGroupsPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const reload = () => ref.current?.reload();
  const columns: ProColumns<PermissionGroup>[] = [
    {
      title: t('group.name'),
      dataIndex: 'name',
      render: (_, g) => (
        <Space size={4} wrap>
          <span>{g.name}</span>
          {g.ownerGroup && <Tag color="gold">{t('group.ownerGroup')}</Tag>}
          {g.defaultFor && <Tag>{t('group.default', { role: t(`role.${g.defaultFor}`) })}</Tag>}
        </Space>
      ),
    },
    {
      title: t('group.flags'),
      dataIndex: 'flags',
      render: (_, g) => {
        const on = PERMISSION_FLAGS.filter((f) => g.flags[f] === 1);
        return (
          <Space size={[4, 4]} wrap>
            {on.map((f) => (
              <Tag key={f}>{t(`menu.group.${f}`)}</Tag>
            ))}
            <span>({t('group.flagCount', { n: on.length })})</span>
          </Space>
        );
      },
    },
    { title: t('group.dataScope'), dataIndex: 'dataScope', width: 140, render: (_, g) => t(`group.scope.${g.dataScope}`) },
    { title: t('group.members'), dataIndex: 'memberCount', width: 100 },
    actionsColumn<PermissionGroup>(
      (g) => (
        <Space size={8}>
          <Link to={`/campus/permissions/add?id=${g.id}`} aria-label={`${t('common.edit')} ${g.name}`}>
            {t('common.edit')}
          </Link>
          {!g.defaultFor && !g.ownerGroup && (
            <DeleteAction title={t('group.deleteConfirm', { name: g.name })} onDelete={() => deletePermissionGroup(g.id)} onDone={reload} />
          )}
        </Space>
      ),
      { width: 140 },
    ),
  ];
  return (
    <ListPage<PermissionGroup>
      actionRef={ref}
      headerTitle={t('group.title')}
      columns={columns}
      search={false}
      pagination={false}
      request={async () => {
        const list = await fetchPermissionGroups();
        return { data: list, total: list.length, success: true };
      }}
      toolBarRender={() => [
        <Button key="add" type="primary" onClick={() => history.push('/campus/permissions/add')}>
          {t('group.add')}
        </Button>,
      ]}
    />
  );
}
