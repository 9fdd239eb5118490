/** /school/room: rooms per campus with capacity; add, edit, delete (refused while classes or lessons use it). */
import React from 'react';
import { Form } from 'antd';
import { ProFormSelect, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { CrudScreen, RecordForm } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import NumberInput from '@/components/NumberInput';
import { createRoom, deleteRoom, fetchCampusOptions, fetchRooms, updateRoom, type RoomBody } from '@/services/school';
import type { Room } from '@/types/school';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

function RoomForm({ room, trigger, onDone }: { room?: Room; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <RecordForm<Room, { campusId: number; name: string; capacity: number }, RoomBody>
      name="roomForm"
      record={room}
      title={t(room ? 'room.edit' : 'room.add')}
      trigger={trigger}
      toBody={(v) => ({ campusId: v.campusId, name: v.name.trim(), capacity: v.capacity })}
      create={createRoom}
      update={updateRoom}
      onDone={onDone}
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
    </RecordForm>
  );
}

export default function RoomPage() {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  const columns: ProColumns<Room>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('room.keywordHint') } },
    { title: t('room.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    { title: t('room.capacity'), dataIndex: 'capacity', search: false, sorter: true },
  ];
  return (
    <CrudScreen<Room>
      headerTitle={t('menu.schoolRoom')}
      columns={columns}
      list={fetchRooms}
      canEdit={caps.editSetup}
      addLabel={t('room.add')}
      form={(p) => <RoomForm room={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('room.deleteConfirm', { name: r.name }), onDelete: () => deleteRoom(r.id), successText: t('school.deleted') })}
    />
  );
}
