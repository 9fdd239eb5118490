/** Student create/edit form and the enrol form (docs/screens.md#students), with field rules checked before the server's. */
import React from 'react';
import { Form } from 'antd';
import {
  ProFormDatePicker,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import FormModal, { useSave } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import {
  createStudent,
  enrolStudents,
  fetchCampusOptions,
  fetchClassOptions,
  updateStudent,
  type StudentBody,
} from '@/services/school';
import type { Student } from '@/types/school';
import { dateStr, MOBILE_RE, todayStr } from '@/utils/fields';
import { STUDENT_STATUSES } from '@/components/school/labels';

export function StudentFormModal({ student, trigger, onDone }: { student?: Student; trigger: React.ReactElement; onDone?: (s: Student) => void }) {
  const { t } = useIntl();
  const save = useSave();
  const [form] = Form.useForm();
  const editing = !!student;
  return (
    <FormModal
      name={`studentForm${student?.id ?? 'New'}`}
      title={t(editing ? 'student.edit' : 'student.add')}
      form={form}
      trigger={trigger}
      width={560}
      modalProps={{ maskClosable: false }}
      initialValues={student ? { ...student } : { gender: 'female' }}
      onFinish={async (values: Record<string, unknown>) => {
        const body: StudentBody = {
          campusId: values.campusId as number,
          name: String(values.name ?? '').trim(),
          mobile: String(values.mobile ?? '').trim(),
          parentName: (values.parentName as string | undefined)?.trim() || undefined,
          gender: values.gender as StudentBody['gender'],
          birthday: dateStr(values.birthday),
          status: values.status as StudentBody['status'],
          remark: (values.remark as string | undefined)?.trim() || undefined,
          classIds: editing ? undefined : (values.classIds as number[] | undefined),
        };
        return save(() => (student ? updateStudent({ ...body, id: student.id }) : createStudent(body)), t('common.saved'), onDone);
      }}
    >
      <ProFormText name="name" label={t('student.name')} fieldProps={{ maxLength: 32 }} rules={[{ required: true, whitespace: true, message: t('student.name.required') }]} />
      <ProFormText
        name="mobile"
        label={t('student.mobile')}
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[
          { required: true, message: t('student.mobile.required') },
          { pattern: MOBILE_RE, message: t('student.mobile.invalid') },
        ]}
      />
      <ProFormText name="parentName" label={t('student.parentName')} fieldProps={{ maxLength: 32 }} />
      <ProFormRadio.Group
        name="gender"
        label={t('student.gender')}
        options={[
          { value: 'female', label: t('student.gender.female') },
          { value: 'male', label: t('student.gender.male') },
        ]}
        rules={[{ required: true }]}
      />
      <ProFormDatePicker
        name="birthday"
        label={t('student.birthday')}
        fieldProps={{ format: 'YYYY-MM-DD', disabledDate: (d: { format: (f: string) => string }) => d.format('YYYY-MM-DD') > todayStr() }}
        rules={[
          {
            validator: (_rule: unknown, v: unknown) => {
              const s = dateStr(v);
              return !s || s <= todayStr() ? Promise.resolve() : Promise.reject(new Error(t('student.birthday.future')));
            },
          },
        ]}
      />
      <ProFormSelect name="campusId" label={t('school.campus')} request={fetchCampusOptions} rules={[{ required: true, message: t('school.campus.required') }]} />
      {editing ? (
        <ProFormSelect name="status" label={t('common.status')} options={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`student.status.${s}`) }))} rules={[{ required: true }]} />
      ) : (
        <ProFormSelect name="classIds" label={t('student.classes')} mode="multiple" request={() => fetchClassOptions()} />
      )}
      <ProFormTextArea name="remark" label={t('common.remark')} fieldProps={{ maxLength: 200, showCount: true, rows: 2 }} />
    </FormModal>
  );
}

export function EnrolModal({ studentId, trigger, onDone }: { studentId: number; trigger: React.ReactElement; onDone?: () => void }) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal
      name={`studentEnrol${studentId}`}
      title={t('student.enrol')}
      trigger={trigger}
      width={480}
      onFinish={(values: { classId: number }) => save(() => enrolStudents(values.classId, [studentId]), t('student.enrolled'), () => onDone?.())}
    >
      <ProFormSelect name="classId" label={t('student.class')} showSearch request={() => fetchClassOptions({ enrol: 1 })} rules={[{ required: true, message: t('student.class.required') }]} />
    </FormModal>
  );
}
