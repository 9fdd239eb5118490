/** Small pieces shared by the schedule screens: tags, time options, the filter options hook. */
import React from 'react';
import { Tag } from 'antd';
import { useApi } from '@/hooks/useApi';
import { useIntl } from '@/locales/useIntl';
import { fetchScheduleFilterOptions, type ScheduleFilterOptions } from '@/services/schedule';
import type { AttendanceMark, LessonKind, LessonStatus, RollCallState, TrialStatus } from '@/types/schedule';
import type { LeaveStatus } from '@/types/school';

const ROLL_COLOR: Record<RollCallState, string> = { notDue: 'default', waiting: 'orange', done: 'green' };
const STATUS_COLOR: Record<LessonStatus, string> = { scheduled: 'blue', finished: 'green', cancelled: 'default' };
const MARK_COLOR: Record<AttendanceMark, string> = { present: 'green', leave: 'gold', truant: 'red' };
const TRIAL_COLOR: Record<TrialStatus, string> = { booked: 'blue', attended: 'cyan', noShow: 'orange', converted: 'green', cancelled: 'default' };
const LEAVE_COLOR: Record<LeaveStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

export function RollCallTag({ state }: { state: RollCallState }) {
  const { t } = useIntl();
  return <Tag color={ROLL_COLOR[state]}>{t(`schedule.rollCall.${state}`)}</Tag>;
}

export function LessonStatusTag({ status }: { status: LessonStatus }) {
  const { t } = useIntl();
  return <Tag color={STATUS_COLOR[status]}>{t(`schedule.status.${status}`)}</Tag>;
}

export function MarkTag({ mark }: { mark: AttendanceMark }) {
  const { t } = useIntl();
  return <Tag color={MARK_COLOR[mark]}>{t(`schedule.mark.${mark}`)}</Tag>;
}

export function TrialStatusTag({ status }: { status: TrialStatus }) {
  const { t } = useIntl();
  return <Tag color={TRIAL_COLOR[status]}>{t(`trial.status.${status}`)}</Tag>;
}

export function LeaveStatusTag({ status }: { status: LeaveStatus }) {
  const { t } = useIntl();
  return <Tag color={LEAVE_COLOR[status]}>{t(`leave.status.${status}`)}</Tag>;
}

export function KindTag({ kind }: { kind: LessonKind }) {
  const { t } = useIntl();
  if (kind === 'normal') return null;
  return <Tag color={kind === 'trial' ? 'purple' : 'geekblue'}>{t(`schedule.kind.${kind}`)}</Tag>;
}

/** Times of day every 15 minutes, 06:00 to 23:00. */
export const TIME_OPTIONS: { value: string; label: string }[] = Array.from({ length: (23 - 6) * 4 + 1 }, (_, i) => {
  const m = 6 * 60 + i * 15;
  const v = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { value: v, label: v };
});

const EMPTY: ScheduleFilterOptions = { teachers: [], rooms: [], classes: [], campuses: [] };

/** Teachers, rooms, classes and campuses of the company (a teacher sees only themselves and their classes). */
export function useScheduleOptions() {
  const { data, loading } = useApi(fetchScheduleFilterOptions);
  return { options: data ?? EMPTY, loading };
}

/** ProTable valueEnum of options. */
export function toValueEnum(list: { value: number; label: string }[]): Record<number, { text: string }> {
  return Object.fromEntries(list.map((o) => [o.value, { text: o.label }]));
}
