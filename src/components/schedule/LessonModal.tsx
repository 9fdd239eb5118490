/** Add one lesson, or move / change one (date, times, teacher, room, hours), with the same clash checks. */
import React, { useState } from 'react';
import { App } from 'antd';
import { ProFormCheckbox, ProFormDatePicker, ProFormItem, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import NumberInput from '@/components/NumberInput';
import { createLesson, updateLesson } from '@/services/schedule';
import type { Clash, Lesson, LessonKind } from '@/types/schedule';
import ClashList, { clashesOf } from './ClashList';
import { TIME_OPTIONS, useScheduleOptions } from './labels';

interface Values {
  classId: number;
  date: Dayjs | string;
  start: string;
  end: string;
  teacherId?: number;
  roomId?: number;
  hours?: number;
  kind?: LessonKind;
  remark?: string;
  overrideRoom?: boolean;
}

export default function LessonModal({ lesson, trigger, onDone, defaultDate }: { lesson?: Lesson; trigger: React.ReactElement; onDone: (l: Lesson) => void; defaultDate?: string }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { options } = useScheduleOptions();
  const [clashes, setClashes] = useState<Clash[]>([]);
  return (
    <FormModal<Values>
      title={lesson ? t('schedule.lesson.move') : t('schedule.lesson.add')}
      trigger={trigger}
      width={560}
      modalProps={{ onCancel: () => setClashes([]) }}
      initialValues={
        lesson
          ? { classId: lesson.classId, date: dayjs(lesson.date), start: lesson.start, end: lesson.end, teacherId: lesson.teacherId, roomId: lesson.roomId, hours: lesson.hours, kind: lesson.kind, remark: lesson.remark }
          : { date: defaultDate ? dayjs(defaultDate) : undefined, kind: 'normal', start: '18:30', end: '19:30' }
      }
      onFinish={async (v) => {
        const body = { ...v, date: dayjs(v.date).format('YYYY-MM-DD') };
        try {
          const saved = lesson ? await updateLesson({ ...body, id: lesson.id }, { skipErrorHandler: true }) : await createLesson(body, { skipErrorHandler: true });
          message.success(t('common.saved'));
          setClashes([]);
          onDone(saved);
          return true;
        } catch (e) {
          setClashes(clashesOf(e) ?? []);
          message.error(e instanceof Error ? e.message : t('request.fallback'));
          return false;
        }
      }}
    >
      <ClashList clashes={clashes} overridable />
      <ProFormSelect
        name="classId"
        label={t('schedule.field.class')}
        disabled={!!lesson}
        rules={[{ required: true, message: t('schedule.field.classRequired') }]}
        showSearch
        options={options.classes.filter((c) => c.status === 'open' || c.value === lesson?.classId).map((c) => ({ value: c.value, label: c.label }))}
      />
      <ProFormDatePicker name="date" label={t('schedule.field.date')} rules={[{ required: true }]} />
      <ProFormSelect name="start" label={t('schedule.field.start')} options={TIME_OPTIONS} showSearch rules={[{ required: true }]} width="sm" />
      <ProFormSelect name="end" label={t('schedule.field.end')} options={TIME_OPTIONS} showSearch rules={[{ required: true }]} width="sm" />
      <ProFormSelect name="teacherId" label={t('schedule.field.teacher')} options={options.teachers} allowClear placeholder={t('schedule.field.classDefault')} />
      <ProFormSelect name="roomId" label={t('schedule.field.room')} options={options.rooms} allowClear placeholder={t('schedule.field.classDefault')} />
      <ProFormItem name="hours" label={t('schedule.field.hours')}>
        <NumberInput oneDecimal placeholder={t('schedule.field.classDefault')} aria-label={t('schedule.field.hours')} />
      </ProFormItem>
      <ProFormSelect
        name="kind"
        label={t('schedule.field.kind')}
        options={(['normal', 'trial', 'makeup'] as const).map((k) => ({ value: k, label: t(`schedule.kind.${k}`) }))}
      />
      <ProFormText name="remark" label={t('common.remark')} fieldProps={{ maxLength: 200 }} />
      <ProFormCheckbox name="overrideRoom">{t('schedule.field.overrideRoom')}</ProFormCheckbox>
    </FormModal>
  );
}
