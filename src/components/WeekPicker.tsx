/**
 * The timetable's week picker: the week reads "2026 · Week 48 (11-23 – 11-29)" / "2026年第48周（11-23 – 11-29）",
 * an ISO week (Monday to Sunday, like the timetable itself) with its days, instead of antd's "2026-48th".
 */
import React from 'react';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { isoWeekOf, weekDates } from '@/utils/dates';

export function useWeekLabel() {
  const { t } = useIntl();
  return (date: string) => {
    const { year, week } = isoWeekOf(date);
    const days = weekDates(date);
    return t('schedule.table.weekLabel', { year, week, from: days[0].slice(5), to: days[6].slice(5) });
  };
}

export default function WeekPicker({ value, onChange, label }: { value: string; onChange: (date: string) => void; label: string }) {
  const weekLabel = useWeekLabel();
  return (
    <DatePicker
      picker="week"
      allowClear={false}
      value={dayjs(value)}
      format={(d: Dayjs) => weekLabel(d.format('YYYY-MM-DD'))}
      onChange={(d) => d && onChange(d.format('YYYY-MM-DD'))}
      aria-label={label}
      style={{ width: 250 }}
    />
  );
}
