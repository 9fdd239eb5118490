/**
 * course-scheduling (docs/rules.md#scheduling): batch-create a class's lessons over a date range on chosen weekdays and times,
 * skipping holidays. The server checks teacher, room and student clashes; a refusal lists each one and keeps the form.
 */
import React, { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { ProFormCheckbox, ProFormDateRangePicker, ProFormItem, ProFormList, ProFormSelect, ProFormSwitch, type ProFormInstance } from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import NumberInput from '@/components/NumberInput';
import { batchSchedule } from '@/services/schedule';
import type { BatchScheduleInput, BatchScheduleResult, Clash } from '@/types/schedule';
import { WEEKDAYS, type Weekday } from '@/utils/dates';
import ClashList, { clashesOf } from './ClashList';
import { TIME_OPTIONS, useScheduleOptions } from './labels';

interface Values {
  classId: number;
  range: [Dayjs | string, Dayjs | string];
  slots: { weekday: Weekday; start: string; end: string }[];
  teacherId?: number;
  roomId?: number;
  hours?: number;
  skipHolidays: boolean;
  overrideRoom: boolean;
}

export default function ScheduleModal({ onDone, trigger }: { onDone: () => void; trigger?: React.ReactElement }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { options } = useScheduleOptions();
  const formRef = React.useRef<ProFormInstance<Values>>();
  const [clashes, setClashes] = useState<Clash[]>([]);
  const [preview, setPreview] = useState<BatchScheduleResult>();
  const [checking, setChecking] = useState(false);
  const weekdayOptions = WEEKDAYS.map((w) => ({ value: w.value, label: t(`weekday.${w.key}`) }));

  const toBody = (v: Values, dryRun: boolean): BatchScheduleInput => ({
    classId: v.classId,
    startDate: dayjs(v.range[0]).format('YYYY-MM-DD'),
    endDate: dayjs(v.range[1]).format('YYYY-MM-DD'),
    slots: v.slots,
    teacherId: v.teacherId,
    roomId: v.roomId,
    hours: v.hours,
    skipHolidays: v.skipHolidays,
    overrideRoom: v.overrideRoom,
    dryRun,
  });

  const check = async () => {
    const v = await formRef.current?.validateFields();
    if (!v) return;
    setChecking(true);
    try {
      const res = await batchSchedule(toBody(v as Values, true));
      setPreview(res);
      setClashes(res.clashes);
    } catch {
      /* shown by the request layer */
    } finally {
      setChecking(false);
    }
  };

  return (
    <FormModal<Values>
      title={t('schedule.batch.title')}
      formRef={formRef}
      width={760}
      trigger={trigger ?? <Button type="primary">{t('schedule.batch.open')}</Button>}
      modalProps={{ onCancel: () => { setClashes([]); setPreview(undefined); } }}
      initialValues={{ slots: [{ weekday: 1, start: '18:30', end: '19:30' }], skipHolidays: true, overrideRoom: false }}
      submitter={{
        searchConfig: { submitText: t('schedule.batch.save') },
        render: (_, dom) => [
          <Button key="check" loading={checking} onClick={check}>
            {t('schedule.batch.check')}
          </Button>,
          ...dom,
        ],
      }}
      onValuesChange={() => setPreview(undefined)}
      onFinish={async (v) => {
        try {
          const res = await batchSchedule(toBody(v, false), { skipErrorHandler: true });
          message.success(t('schedule.batch.saved', { n: res.created.length, skipped: res.skipped.length }));
          setClashes([]);
          setPreview(undefined);
          onDone();
          return true;
        } catch (e) {
          const list = clashesOf(e);
          if (list) setClashes(list);
          message.error(e instanceof Error ? e.message : t('request.fallback'));
          return false;
        }
      }}
    >
      <ClashList clashes={clashes} overridable />
      {preview && !clashes.length && (
        <Typography.Paragraph type="success" data-testid="batch-preview">
          {t('schedule.batch.preview', { n: preview.planned.length, skipped: preview.skipped.length })}
        </Typography.Paragraph>
      )}
      <ProFormSelect
        name="classId"
        label={t('schedule.field.class')}
        rules={[{ required: true, message: t('schedule.field.classRequired') }]}
        showSearch
        options={options.classes.filter((c) => c.status === 'open').map((c) => ({ value: c.value, label: c.label }))}
        fieldProps={{
          optionFilterProp: 'label',
          onChange: (id: number) => {
            const cls = options.classes.find((c) => c.value === id);
            if (cls) formRef.current?.setFieldsValue({ hours: cls.hours });
          },
        }}
      />
      <ProFormDateRangePicker name="range" label={t('schedule.field.range')} rules={[{ required: true, message: t('schedule.field.rangeRequired') }]} />
      <ProFormList
        name="slots"
        label={t('schedule.field.slots')}
        creatorButtonProps={{ creatorButtonText: t('schedule.field.addSlot'), icon: <PlusOutlined /> }}
        min={1}
        copyIconProps={false}
        creatorRecord={{ weekday: 1, start: '18:30', end: '19:30' }}
      >
        <Space align="baseline" wrap>
          <ProFormSelect name="weekday" rules={[{ required: true }]} options={weekdayOptions} fieldProps={{ 'aria-label': t('schedule.field.weekday'), style: { width: 110 } }} />
          <ProFormSelect name="start" rules={[{ required: true }]} options={TIME_OPTIONS} showSearch fieldProps={{ 'aria-label': t('schedule.field.start'), style: { width: 100 } }} />
          <ProFormSelect name="end" rules={[{ required: true }]} options={TIME_OPTIONS} showSearch fieldProps={{ 'aria-label': t('schedule.field.end'), style: { width: 100 } }} />
        </Space>
      </ProFormList>
      <Space wrap>
        <ProFormSelect name="teacherId" label={t('schedule.field.teacherOverride')} allowClear options={options.teachers} width="sm" />
        <ProFormSelect name="roomId" label={t('schedule.field.roomOverride')} allowClear options={options.rooms} width="sm" />
        <ProFormItem name="hours" label={t('schedule.field.hours')}>
          <NumberInput oneDecimal style={{ width: 100 }} aria-label={t('schedule.field.hours')} />
        </ProFormItem>
      </Space>
      <ProFormSwitch name="skipHolidays" label={t('schedule.field.skipHolidays')} />
      <ProFormCheckbox name="overrideRoom">{t('schedule.field.overrideRoom')}</ProFormCheckbox>
    </FormModal>
  );
}
