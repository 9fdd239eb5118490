/** The week timetable: by date (a column per day) or by teacher / class / room (a row per one, a column per day). */
import React, { useMemo } from 'react';
import { Empty } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { Lesson } from '@/types/schedule';
import { dayRecord } from '@/utils/calendar';
import { WEEKDAYS } from '@/utils/dates';
import styles from '../index.less';

export type GroupBy = 'date' | 'teacher' | 'class' | 'room';

function LessonChip({ lesson, onOpen, show }: { lesson: Lesson; onOpen: (id: number) => void; show: GroupBy }) {
  const cls = [styles.chip, lesson.status === 'cancelled' ? styles.cancelled : lesson.rollCall === 'waiting' ? styles.waiting : lesson.rollCall === 'done' ? styles.done : ''].join(' ');
  return (
    <button type="button" className={cls} onClick={() => onOpen(lesson.id)} data-testid="lesson-chip" data-lesson-id={lesson.id}>
      <strong>
        {lesson.start}–{lesson.end}
      </strong>
      {show !== 'class' && <div>{lesson.className}</div>}
      {show !== 'teacher' && <div>{lesson.teacherName}</div>}
      {show !== 'room' && <div>{lesson.roomName}</div>}
    </button>
  );
}

export function DayHead({ date, today, inTable }: { date: string; today: string; inTable?: boolean }) {
  const { t } = useIntl();
  const rec = useMemo(() => {
    try {
      return dayRecord(date);
    } catch {
      return undefined;
    }
  }, [date]);
  const note = rec ? (rec.festival ? t(`festival.${rec.festival}`) : rec.solarTerm ? t(`solarTerm.${rec.solarTerm}`) : `${rec.lunarMonthName}${rec.lunarDayName}`) : '';
  const wd = WEEKDAYS[(rec?.weekday ?? 1) - 1];
  return (
    <div className={[styles.dayHead, date === today ? styles.today : ''].join(' ')} role={inTable ? undefined : 'columnheader'}>
      {t(`weekday.${wd.key}`)} {date.slice(5)}
      <small>{note}</small>
    </div>
  );
}

export default function WeekGrid({ days, lessons, groupBy, today, onOpen }: { days: string[]; lessons: Lesson[]; groupBy: GroupBy; today: string; onOpen: (id: number) => void }) {
  const { t } = useIntl();
  const byDay = useMemo(() => {
    const m = new Map<string, Lesson[]>();
    for (const l of lessons) m.set(l.date, [...(m.get(l.date) ?? []), l]);
    return m;
  }, [lessons]);
  const rows = useMemo(() => {
    if (groupBy === 'date') return [];
    const key = (l: Lesson) => (groupBy === 'teacher' ? [l.teacherId, l.teacherName] : groupBy === 'class' ? [l.classId, l.className] : [l.roomId, l.roomName]) as [number, string];
    const m = new Map<number, { id: number; name: string; cells: Map<string, Lesson[]> }>();
    for (const l of lessons) {
      const [id, name] = key(l);
      const row = m.get(id) ?? { id, name, cells: new Map<string, Lesson[]>() };
      row.cells.set(l.date, [...(row.cells.get(l.date) ?? []), l]);
      m.set(id, row);
    }
    return [...m.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  }, [lessons, groupBy]);

  if (groupBy === 'date') {
    return (
      <div className={styles.grid} role="grid" aria-label={t('schedule.table.week')} data-testid="week-grid">
        {/* Rows are `display: contents`: the cells stay items of the CSS grid (grid → row → cell for assistive tech). */}
        <div role="row" style={{ display: 'contents' }}>
          {days.map((d) => (
            <DayHead key={d} date={d} today={today} />
          ))}
        </div>
        <div role="row" style={{ display: 'contents' }}>
          {days.map((d) => (
            <div key={d} className={styles.dayCol} role="gridcell" data-date={d}>
              {(byDay.get(d) ?? []).map((l) => (
                <LessonChip key={l.id} lesson={l} onOpen={onOpen} show="date" />
              ))}
            </div>
          ))}
        </div>
      </div>
    );
  }
  if (!rows.length) return <Empty description={t('schedule.table.empty')} />;
  return (
    <table className={styles.matrix} data-testid="week-matrix">
      <thead>
        <tr>
          <th style={{ width: 140 }}>{t(`schedule.group.${groupBy}`)}</th>
          {days.map((d) => (
            <th key={d} style={{ padding: 0 }}>
              <DayHead date={d} today={today} inTable />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.name}</th>
            {days.map((d) => (
              <td key={d}>
                {(r.cells.get(d) ?? []).map((l) => (
                  <LessonChip key={l.id} lesson={l} onOpen={onOpen} show={groupBy} />
                ))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
