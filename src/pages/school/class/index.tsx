/**
 * /school/class: classes (campus, course, teacher, room, capacity, hours per lesson, dates, status); add, edit,
 * delete (refused while students or future lessons remain); enrol and remove students within capacity.
 */
import React, { useRef, useState } from 'react';
import FormModal, { useSave } from '@/components/FormModal';
import { CrudScreen, RecordForm } from '@/components/crud';
import { Button, Drawer, Form, Popconfirm, Progress, Space, Tag } from 'antd';
import { ProFormDatePicker, ProFormDependency, ProFormSelect, ProFormText, type ActionType } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import SearchSelect, { searchStudents } from '@/components/SearchSelect';
import { useIntl } from '@/locales/useIntl';
import type { ExportableColumn } from '@/components/ExportButton';
import NumberInput from '@/components/NumberInput';
import { tableRequest } from '@/services/list';
import {
  createClass,
  deleteClass,
  enrolStudents,
  fetchCampusOptions,
  fetchClasses,
  fetchRoomOptions,
  fetchStaffOptions,
  fetchStudents,
  removeFromClass,
  updateClass,
  type ClassBody,
  type StudentRow,
} from '@/services/school';
import type { SchoolClass } from '@/types/school';
import { formatHours } from '@/utils/format';
import DrillBanner, { useDrill } from '@/components/DrillBanner';
import { dateStr, enumOf, todayStr } from '@/utils/fields';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

const COURSES = ['中国舞', '芭蕾', '街舞', '拉丁', '爵士', '少儿舞蹈', '现代舞', '古典舞'];

function ClassForm({ cls, trigger, onDone }: { cls?: SchoolClass; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  const [form] = Form.useForm();
  return (
    <RecordForm<SchoolClass, Record<string, unknown>, ClassBody>
      name="classForm"
      record={cls}
      title={t(cls ? 'class.edit' : 'class.add')}
      form={form}
      trigger={trigger}
      width={600}
      defaults={{ status: 'open', hoursPerLesson: 1, startDate: todayStr() }}
      toBody={(v) => ({
        campusId: v.campusId as number,
        name: String(v.name ?? '').trim(),
        course: String(v.course ?? '').trim(),
        teacherId: v.teacherId as number,
        roomId: v.roomId as number,
        capacity: v.capacity as number,
        hoursPerLesson: v.hoursPerLesson as number,
        startDate: dateStr(v.startDate) ?? '',
        endDate: dateStr(v.endDate) ?? '',
        status: v.status as ClassBody['status'],
      })}
      create={createClass}
      update={updateClass}
      onDone={onDone}
    >
      <ProFormText name="name" label={t('class.name')} fieldProps={{ maxLength: 40 }} rules={[{ required: true, whitespace: true, message: t('class.name.required') }]} />
      <ProFormSelect
        name="course"
        label={t('class.course')}
        options={COURSES.map((c) => ({ value: c, label: c }))}
        fieldProps={{ showSearch: true }}
        rules={[{ required: true, message: t('class.course.required') }]}
      />
      <ProFormSelect
        name="campusId"
        label={t('school.campus')}
        request={fetchCampusOptions}
        fieldProps={{ onChange: () => form.setFieldsValue({ roomId: undefined }) }}
        rules={[{ required: true, message: t('school.campus.required') }]}
      />
      <ProFormSelect name="teacherId" label={t('class.teacher')} request={() => fetchStaffOptions({ role: 'teacher' })} fieldProps={{ showSearch: true }} rules={[{ required: true, message: t('class.teacher.required') }]} />
      <ProFormDependency name={['campusId']}>
        {({ campusId }) => (
          <ProFormSelect
            name="roomId"
            label={t('class.room')}
            params={{ campusId }}
            request={async (p: { campusId?: number }) => (p.campusId ? fetchRoomOptions({ campusId: p.campusId }) : [])}
            disabled={!campusId}
            rules={[{ required: true, message: t('class.room.required') }]}
          />
        )}
      </ProFormDependency>
      <Form.Item
        name="capacity"
        label={t('class.capacity')}
        rules={[
          { required: true, message: t('room.capacity.required') },
          { validator: (_r: unknown, v?: number) => (v === undefined || (Number.isInteger(v) && v >= 1) ? Promise.resolve() : Promise.reject(new Error(t('room.capacity.min')))) },
        ]}
      >
        <NumberInput placeholder="20" />
      </Form.Item>
      <Form.Item
        name="hoursPerLesson"
        label={t('class.hoursPerLesson')}
        rules={[
          { required: true, message: t('card.field.hours.required') },
          { validator: (_r: unknown, v?: number) => (v === undefined || v > 0 ? Promise.resolve() : Promise.reject(new Error(t('card.field.hours.positive')))) },
        ]}
      >
        <NumberInput oneDecimal placeholder="1.0" />
      </Form.Item>
      <ProFormDatePicker name="startDate" label={t('class.startDate')} fieldProps={{ format: 'YYYY-MM-DD' }} rules={[{ required: true, message: t('class.date.required') }]} />
      <ProFormDatePicker
        name="endDate"
        label={t('class.endDate')}
        fieldProps={{ format: 'YYYY-MM-DD' }}
        dependencies={['startDate']}
        rules={[
          { required: true, message: t('class.date.required') },
          ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
            validator: (_r: unknown, v: unknown) => {
              const s = dateStr(getFieldValue('startDate'));
              const e = dateStr(v);
              return !s || !e || s <= e ? Promise.resolve() : Promise.reject(new Error(t('class.date.order')));
            },
          }),
        ]}
      />
      <ProFormSelect
        name="status"
        label={t('common.status')}
        options={[
          { value: 'open', label: t('class.status.open') },
          { value: 'closed', label: t('class.status.closed') },
        ]}
        rules={[{ required: true }]}
      />
    </RecordForm>
  );
}

function ClassStudents({ cls, onClose, onChanged }: { cls?: SchoolClass; onClose: () => void; onChanged: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  const caps = useSchoolCaps();
  const ref = useRef<ActionType>();
  const changed = () => {
    ref.current?.reload();
    onChanged();
  };
  return (
    <Drawer open={!!cls} onClose={onClose} width={760} title={cls ? t('class.studentsOf', { name: cls.name }) : ''} destroyOnHidden>
      {cls && (
        <ListTable<StudentRow>
          scroll={{ x: 'max-content' }}
          rowKey="id"
          actionRef={ref}
          search={false}
          options={false}
          request={tableRequest(fetchStudents, () => ({ classId: cls.id }))}
          pagination={{ defaultPageSize: 10 }}
          toolBarRender={() =>
            caps.editStudents
              ? [
                  <FormModal
                    key="enrol"
                    name="classEnrol"
                    title={t('class.enrolTitle', { name: cls.name })}
                    trigger={<Button type="primary">{t('student.enrol')}</Button>}
                    onFinish={(v: { studentIds: number[] }) => save(() => enrolStudents(cls.id, v.studentIds), t('student.enrolled'), changed)}
                  >
                    <SearchSelect name="studentIds" label={t('student.title')} mode="multiple" requiredText={t('card.field.student.required')} search={searchStudents} />
                  </FormModal>,
                ]
              : []
          }
          columns={[
            { title: t('student.name'), dataIndex: 'name' },
            { title: t('student.mobile'), dataIndex: 'mobile' },
            { title: t('student.activeHours'), dataIndex: 'activeHours', render: (_, r) => formatHours(r.activeHours) },
            {
              title: t('common.actions'),
              valueType: 'option',
              fixed: 'right',
              hideInTable: !caps.editStudents,
              render: (_, r) => (
                <Popconfirm
                  title={t('student.removeConfirm', { cls: cls.name })}
                  onConfirm={async () => {
                    try {
                      await removeFromClass(cls.id, r.id);
                      changed();
                    } catch {
                      /* shown by the request layer */
                    }
                  }}
                >
                  <a>{t('student.remove')}</a>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}

export default function ClassPage() {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  const ref = useRef<ActionType>();
  // Opened from an analysis figure (class fill rate): its filter (?drill=...) narrows the list (docs/rules.md#analysis-metrics).
  const drill = useDrill();
  const [students, setStudents] = useState<SchoolClass>();
  const reload = () => ref.current?.reload();
  const columns: ExportableColumn<SchoolClass>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('class.keywordHint') } },
    { title: t('class.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('class.course'), dataIndex: 'course', valueType: 'select', sorter: true, valueEnum: enumOf(COURSES, (c) => c) },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    { title: t('class.teacher'), dataIndex: 'teacherId', valueType: 'select', request: () => fetchStaffOptions({ role: 'teacher' }), render: (_, r) => r.teacherName },
    { title: t('class.room'), dataIndex: 'roomName', search: false },
    {
      title: t('class.enrolment'),
      dataIndex: 'studentCount',
      search: false,
      sorter: true,
      render: (_, r) => (
        <Space>
          <span>
            {r.studentCount}/{r.capacity}
          </span>
          <Progress aria-label={`${r.studentCount} / ${r.capacity}`} percent={Math.round((r.studentCount / r.capacity) * 100)} size="small" showInfo={false} style={{ width: 60, margin: 0 }} />
        </Space>
      ),
    },
    { title: t('class.hoursPerLesson'), dataIndex: 'hoursPerLesson', search: false, exportAs: 'hours', render: (_, r) => formatHours(r.hoursPerLesson) },
    { title: t('class.startDate'), dataIndex: 'startDate', search: false, sorter: true, exportAs: 'date' },
    { title: t('class.endDate'), dataIndex: 'endDate', search: false, sorter: true, exportAs: 'date' },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: enumOf(['open', 'closed'] as const, (s) => t(`class.status.${s}`)),
      render: (_, r) => <Tag color={r.status === 'open' ? 'green' : 'default'}>{t(`class.status.${r.status}`)}</Tag>,
    },
  ];
  return (
    <CrudScreen<SchoolClass>
      before={<DrillBanner />}
      params={drill}
      actionRef={ref}
      headerTitle={t('menu.schoolClass')}
      columns={columns}
      list={fetchClasses}
      scroll={{ x: 1300 }}
      exportName={t('menu.schoolClass')}
      canEdit={caps.editSetup}
      addLabel={t('class.add')}
      rowActions={(r) => <a onClick={() => setStudents(r)}>{t('class.students')}</a>}
      form={(p) => <ClassForm cls={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('class.deleteConfirm', { name: r.name }), onDelete: () => deleteClass(r.id), successText: t('school.deleted') })}
    >
      <ClassStudents cls={students} onClose={() => setStudents(undefined)} onChanged={reload} />
    </CrudScreen>
  );
}
