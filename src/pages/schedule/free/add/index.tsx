/**
 * /schedule/free/add (docs/screens.md#schedule): book a lead (from the customer center, or a new name and mobile, which
 * becomes a lead) into a lesson or a free slot. The lead's status becomes "trial".
 */
import React, { useState } from 'react';
import { App, Card } from 'antd';
import {
  ProForm,
  ProFormDatePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { createTrial, fetchTrialLeadOptions } from '@/services/schedule';
import SearchSelect, { searchBookableLessons } from '@/components/SearchSelect';
import type { Clash } from '@/types/schedule';
import ClashList, { clashesOf } from '@/components/schedule/ClashList';
import { TIME_OPTIONS, useScheduleOptions } from '@/components/schedule/labels';
import { MOBILE_RE } from '@/utils/fields';

interface Values {
  who: 'lead' | 'new';
  leadId?: number;
  leadName?: string;
  mobile?: string;
  where: 'lesson' | 'slot';
  lessonId?: number;
  date?: Dayjs;
  start?: string;
  end?: string;
  teacherId?: number;
  course?: string;
  remark?: string;
}

/** A choice between two ways of filling the form (who the trial is for, where it takes place), as buttons. */
function ModeButtons<K extends 'who' | 'where'>({ name, modes }: { name: K; modes: readonly Values[K][] }) {
  const { t } = useIntl();
  return <ProFormRadio.Group name={name} label={t(`trial.${name}`)} radioType="button" options={modes.map((m) => ({ value: m, label: t(`trial.${name}.${m}`) }))} />;
}

export default function FreeTrialAddPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { options } = useScheduleOptions();
  const [clashes, setClashes] = useState<Clash[]>([]);
  return (
    <div style={{ padding: 24 }}>
      <Card title={t('menu.freeAdd')} style={{ maxWidth: 760 }}>
        <ClashList clashes={clashes} />
        <ProForm<Values>
          initialValues={{ who: 'lead', where: 'lesson' }}
          submitter={{ searchConfig: { submitText: t('trial.book') } }}
          onFinish={async (v) => {
            try {
              await createTrial(
                {
                  leadId: v.who === 'lead' ? v.leadId : undefined,
                  leadName: v.who === 'new' ? v.leadName : undefined,
                  mobile: v.who === 'new' ? v.mobile : undefined,
                  lessonId: v.where === 'lesson' ? v.lessonId : undefined,
                  date: v.where === 'slot' && v.date ? dayjs(v.date).format('YYYY-MM-DD') : undefined,
                  start: v.where === 'slot' ? v.start : undefined,
                  end: v.where === 'slot' ? v.end : undefined,
                  teacherId: v.where === 'slot' ? v.teacherId : undefined,
                  course: v.where === 'slot' ? v.course : undefined,
                  remark: v.remark,
                },
                { skipErrorHandler: true },
              );
              message.success(t('trial.booked'));
              history.push('/schedule/free/list');
              return true;
            } catch (e) {
              setClashes(clashesOf(e) ?? []);
              message.error(e instanceof Error ? e.message : t('request.fallback'));
              return false;
            }
          }}
        >
          <ModeButtons name="who" modes={['lead', 'new']} />
          <ProFormDependency name={['who']}>
            {({ who }) =>
              who === 'lead' ? (
                <SearchSelect name="leadId" label={t('trial.lead')} requiredText={t('trial.leadRequired')} search={fetchTrialLeadOptions} fieldProps={{ placeholder: t('trial.leadHint') }} />
              ) : (
                <>
                  <ProFormText name="leadName" label={t('trial.name')} rules={[{ required: true, message: t('trial.nameRequired') }]} fieldProps={{ maxLength: 32 }} />
                  <ProFormText
                    name="mobile"
                    label={t('trial.mobile')}
                    rules={[
                      { required: true, message: t('trial.mobileRequired') },
                      { pattern: MOBILE_RE, message: t('trial.mobileInvalid') },
                    ]}
                    fieldProps={{ maxLength: 11 }}
                  />
                </>
              )
            }
          </ProFormDependency>
          <ModeButtons name="where" modes={['lesson', 'slot']} />
          <ProFormDependency name={['where']}>
            {({ where }) =>
              where === 'lesson' ? (
                <SearchSelect name="lessonId" label={t('schedule.lesson')} requiredText={t('trial.lessonRequired')} search={searchBookableLessons} />
              ) : (
                <>
                  <ProFormDatePicker name="date" label={t('schedule.field.date')} rules={[{ required: true }]} fieldProps={{ disabledDate: (d: Dayjs) => d.isBefore(dayjs(), 'day') }} />
                  <ProFormSelect name="start" label={t('schedule.field.start')} options={TIME_OPTIONS} showSearch rules={[{ required: true }]} width="sm" />
                  <ProFormSelect name="end" label={t('schedule.field.end')} options={TIME_OPTIONS} showSearch rules={[{ required: true }]} width="sm" />
                  <ProFormSelect name="teacherId" label={t('schedule.field.teacher')} options={options.teachers} showSearch rules={[{ required: true }]} />
                  <ProFormText name="course" label={t('schedule.field.course')} fieldProps={{ maxLength: 32 }} />
                </>
              )
            }
          </ProFormDependency>
          <ProFormTextArea name="remark" label={t('common.remark')} fieldProps={{ maxLength: 200 }} />
        </ProForm>
      </Card>
    </div>
  );
}
