/** /school/room: rooms per campus with capacity; add, edit, delete (refused while classes or lessons use it). */
import React, { useRef } from 'react';
import DeleteAction from '@/components/DeleteAction';
import { App, Button, Space } from 'antd';
import { ProFormSelect, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import FormModal from '@/components/FormModal';
import { Form } from 'antd';
import { useIntl } from '@/locales/useIntl';
import NumberInput from '@/components/NumberInput';
import { tableRequest } from '@/services/list';
import { createRoom, deleteRoom, fetchCampusOptions, fetchRooms, updateRoom } from '@/services/school';
import type { Room } from '@/types/school';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

function RoomForm({ room, trigger, onDone }: { room?: Room; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <FormModal
      name={`roomForm${room?.id ?? 'New'}`}
      title={t(room ? 'room.edit' : 'room.add')}
      trigger={trigger}
      width={480}
      modalProps={{ maskClosable: false }}
      initialValues={room}
      onFinish={async (v: { campusId: number; name: string; capacity: number }) => {
        try {
          const body = { campusId: v.campusId, name: v.name.trim(), capacity: v.capacity };
          if (room) await updateRoom({ ...body, id: room.id });
          else await createRoom(body);
          message.success(t('common.saved'));
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormSelect name="campusId" label={t('school.campus')} request={fetchCampusOptions} rules={[{ required: true, message: t('school.campus.required') }]} />
      <ProFormText name="name" label={t('room.name')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('room.name.required') }]} />
      <Form.Item
        name="capacity"
        label={t('room.capacity')}
        rules={[
          { required: true, message: t('room.capacity.required') },
          { validator: (_r: unknown, v?: number) => (v === undefined || (Number.isInteger(v) && v >= 1) ? Promise.resolve() : Promise.reject(new Error(t('room.capacity.min')))) },
        ]}
      >
        <NumberInput placeholder="20" />
      </Form.Item>
    </FormModal>
  );
}

export default function RoomPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const caps = useSchoolCaps();
  const ref = useRef<ActionType>();
  const reload = () => ref.current?.reload();
  const columns: ProColumns<Room>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('room.keywordHint') } },
    { title: t('room.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    { title: t('room.capacity'), dataIndex: 'capacity', search: false, sorter: true },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      hideInTable: !caps.editSetup,
      render: (_, r) => (
        <Space size={8}>
          <RoomForm room={r} onDone={reload} trigger={<a>{t('common.edit')}</a>} />
          <DeleteAction title={t('room.deleteConfirm', { name: r.name })} onDelete={() => deleteRoom(r.id)} onDone={reload} successText={t('school.deleted')} />
        </Space>
      ),
    },
  ];
  return (
    <div style={{ padding: 24 }}>
      <ListTable<Room>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        actionRef={ref}
        headerTitle={t('menu.schoolRoom')}
        columns={columns}
        request={tableRequest(fetchRooms)}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => (caps.editSetup ? [<RoomForm key="add" onDone={reload} trigger={<Button type="primary">{t('room.add')}</Button>} />] : [])}
      />
    </div>
  );
}
