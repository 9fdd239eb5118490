/**
 * /schedule-table (docs/screens.md#schedule): the timetable by date (week grid, month view with lunar dates), by teacher,
 * by class, by room; a lesson opens its detail; course-scheduling; view-course-table (printable week).
 */
import React, { useMemo, useState } from 'react';
import { Button, Card, Segmented, Select, Space, Spin, Typography } from 'antd';
import { LeftOutlined, PrinterOutlined, RightOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import MonthCalendar from '@/components/MonthCalendar';
import { fetchLessonRange } from '@/services/schedule';
import { addDays, weekDates } from '@/utils/dates';
import { monthGrid } from '@/utils/calendar';
import ScheduleModal from '@/components/schedule/ScheduleModal';
import LessonModal from '@/components/schedule/LessonModal';
import LessonDrawer from '@/components/schedule/LessonDrawer';
import { useScheduleOptions } from '@/components/schedule/labels';
import WeekGrid, { type GroupBy } from './components/WeekGrid';
import styles from './index.less';
import WeekPicker from '@/components/WeekPicker';

type View = 'week' | 'month';

export default function ScheduleTablePage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const canManage = access.isDealer || access.isManager;
  const today = dayjs().format('YYYY-MM-DD');
  const { options } = useScheduleOptions();
  const [view, setView] = useState<View>('week');
  const [groupBy, setGroupBy] = useState<GroupBy>('date');
  const [anchor, setAnchor] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [filter, setFilter] = useState<{ teacherId?: number; classId?: number; roomId?: number; campusId?: number }>({});
  const [openId, setOpenId] = useState<number>();

  const days = useMemo(() => weekDates(anchor), [anchor]);
  const range = useMemo(() => {
    if (view === 'week') return { startDate: days[0], endDate: days[6] };
    const grid = monthGrid(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    return { startDate: grid[0].date, endDate: grid[grid.length - 1].date };
  }, [view, days, month]);

  const { data: lessons = [], loading, refresh } = useRequest(() => fetchLessonRange({ ...range, ...filter, includeCancelled: view === 'week' }), {
    refreshDeps: [range.startDate, range.endDate, filter.teacherId, filter.classId, filter.roomId, filter.campusId, view],
  });
  const counts = useMemo(() => {
    const c: Record<string, number> = {};
    for (const l of lessons) if (l.status !== 'cancelled') c[l.date] = (c[l.date] ?? 0) + 1;
    return c;
  }, [lessons]);

  const filterSelect = (key: 'teacherId' | 'classId' | 'roomId' | 'campusId', list: { value: number; label: string }[], label: string) => (
    <Select
      key={key}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={label}
      aria-label={label}
      style={{ width: 150 }}
      value={filter[key]}
      options={list.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(v?: number) => setFilter((f) => ({ ...f, [key]: v }))}
    />
  );

  return (
    <div style={{ padding: 24 }}>
      <Card>
        <div className={styles.printTitle}>
          {t('schedule.table.printTitle', { start: days[0], end: days[6] })}
        </div>
        <Space wrap className={styles.noPrint} style={{ marginBottom: 16, justifyContent: 'space-between', width: '100%' }}>
          <Space wrap>
            <Segmented<View>
              value={view}
              onChange={setView}
              options={[
                { value: 'week', label: t('schedule.table.week') },
                { value: 'month', label: t('schedule.table.month') },
              ]}
            />
            {view === 'week' && (
              <>
                <Button icon={<LeftOutlined />} aria-label={t('schedule.table.prevWeek')} onClick={() => setAnchor(addDays(anchor, -7))} />
                <WeekPicker value={anchor} onChange={setAnchor} label={t('schedule.table.pickWeek')} />
                <Button icon={<RightOutlined />} aria-label={t('schedule.table.nextWeek')} onClick={() => setAnchor(addDays(anchor, 7))} />
                <Button onClick={() => setAnchor(today)}>{t('schedule.table.thisWeek')}</Button>
                <Segmented<GroupBy>
                  value={groupBy}
                  onChange={setGroupBy}
                  options={(['date', 'teacher', 'class', 'room'] as const).map((g) => ({ value: g, label: t(`schedule.group.by.${g}`) }))}
                />
              </>
            )}
          </Space>
          <Space wrap>
            {options.campuses.length > 1 && filterSelect('campusId', options.campuses, t('schedule.field.campus'))}
            {filterSelect('teacherId', options.teachers, t('schedule.field.teacher'))}
            {filterSelect('classId', options.classes, t('schedule.field.class'))}
            {filterSelect('roomId', options.rooms, t('schedule.field.room'))}
          </Space>
        </Space>
        <Space className={styles.noPrint} style={{ marginBottom: 16 }} wrap>
          {canManage && <ScheduleModal onDone={refresh} />}
          {canManage && <LessonModal trigger={<Button>{t('schedule.lesson.add')}</Button>} onDone={refresh} defaultDate={anchor} />}
          {view === 'week' && (
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('schedule.table.print')}
            </Button>
          )}
          <Typography.Text type="secondary" data-testid="lesson-count">
            {t('schedule.table.count', { n: lessons.filter((l) => l.status !== 'cancelled').length })}
          </Typography.Text>
        </Space>
        <Spin spinning={loading}>
          {view === 'week' ? (
            <WeekGrid days={days} lessons={lessons} groupBy={groupBy} today={today} onOpen={setOpenId} />
          ) : (
            <MonthCalendar
              month={month}
              today={today}
              counts={counts}
              countLabel={t('schedule.table.lessons')}
              onMonthChange={setMonth}
              onSelect={(d) => {
                setAnchor(d);
                setView('week');
              }}
            />
          )}
        </Spin>
      </Card>
      <LessonDrawer lessonId={openId} onClose={() => setOpenId(undefined)} onChanged={refresh} />
    </div>
  );
}
