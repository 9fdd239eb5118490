/**
 * /schedule/common (docs/screens.md#schedule): the week timetable drawn as a table (DrawTable) and exported as a PNG image
 * (DrawImage) for parents; NewScheduleList: lessons created in the last 7 days.
 */
import React, { useMemo, useState } from 'react';
import { Button, Card, Select, Space, Spin, Tabs } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import { fetchLessonRange, fetchLessons } from '@/services/schedule';
import { tableRequest } from '@/services/list';
import type { Lesson } from '@/types/schedule';
import { addDays, WEEKDAYS, weekDates } from '@/utils/dates';
import { formatHours } from '@/utils/format';
import { RollCallTag, useScheduleOptions } from '@/components/schedule/labels';
import { timetableRows, type DrawLabels } from './components/timetable';
import DrawTable from './components/DrawTable';
import DrawImage from './components/DrawImage';
import WeekPicker from '@/components/WeekPicker';

function NewScheduleList() {
  const { t } = useIntl();
  const since = dayjs().subtract(6, 'day').format('YYYY-MM-DD');
  const columns: ProColumns<Lesson>[] = [
    { title: t('schedule.common.createdAt'), dataIndex: 'createdAt', sorter: true, defaultSortOrder: 'descend' },
    { title: t('schedule.field.class'), dataIndex: 'className' },
    { title: t('schedule.field.time'), dataIndex: 'date', sorter: true, render: (_, r) => `${r.date} ${r.start}–${r.end}` },
    { title: t('schedule.field.teacher'), dataIndex: 'teacherName' },
    { title: t('schedule.field.room'), dataIndex: 'roomName' },
    { title: t('schedule.field.hours'), dataIndex: 'hours', render: (_, r) => formatHours(r.hours) },
    { title: t('schedule.common.createdBy'), dataIndex: 'createdBy' },
    { title: t('schedule.field.rollCall'), dataIndex: 'rollCall', render: (_, r) => <RollCallTag state={r.rollCall} /> },
  ];
  return (
    <ListTable<Lesson>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      search={false}
      headerTitle={t('schedule.common.newTitle', { since })}
      columns={columns}
      request={tableRequest(fetchLessons, () => ({ createdFrom: since }))}
      pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      options={{ reload: true, density: false, setting: false }}
    />
  );
}

export default function ScheduleCommonPage() {
  const { t } = useIntl();
  const { currentUser } = useSession();
  const { options } = useScheduleOptions();
  const today = dayjs().format('YYYY-MM-DD');
  const [anchor, setAnchor] = useState(today);
  const [campusId, setCampusId] = useState<number>();
  const [teacherId, setTeacherId] = useState<number>();
  const days = useMemo(() => weekDates(anchor), [anchor]);
  const { data: lessons = [], loading } = useRequest(() => fetchLessonRange({ startDate: days[0], endDate: days[6], campusId, teacherId }), { refreshDeps: [days[0], campusId, teacherId] });
  const rows = useMemo(() => timetableRows(days, lessons), [days, lessons]);
  const dayHeads = useMemo(() => days.map((d, i) => `${t(`weekday.${WEEKDAYS[i].key}`)} ${d.slice(5)}`), [days, t]);
  const campusName = options.campuses.find((c) => c.value === campusId)?.label;
  const labels: DrawLabels = useMemo(
    () => ({
      title: t('schedule.common.imageTitle', { company: currentUser?.company.name ?? '', campus: campusName ? ` · ${campusName}` : '', start: days[0], end: days[6] }),
      time: t('schedule.common.time'),
      dayHeads,
      empty: t('schedule.table.empty'),
    }),
    [t, currentUser, campusName, days, dayHeads],
  );

  return (
    <div style={{ padding: 24 }}>
      <Card>
        <Tabs
          items={[
            {
              key: 'table',
              label: t('schedule.common.drawTable'),
              children: (
                <>
                  <Space wrap style={{ marginBottom: 16 }}>
                    <Button icon={<LeftOutlined />} aria-label={t('schedule.table.prevWeek')} onClick={() => setAnchor(addDays(anchor, -7))} />
                    <WeekPicker value={anchor} onChange={setAnchor} label={t('schedule.table.pickWeek')} />
                    <Button icon={<RightOutlined />} aria-label={t('schedule.table.nextWeek')} onClick={() => setAnchor(addDays(anchor, 7))} />
                    {options.campuses.length > 1 && (
                      <Select allowClear placeholder={t('schedule.field.campus')} aria-label={t('schedule.field.campus')} style={{ width: 150 }} value={campusId} onChange={setCampusId} options={options.campuses} />
                    )}
                    <Select allowClear showSearch optionFilterProp="label" placeholder={t('schedule.field.teacher')} aria-label={t('schedule.field.teacher')} style={{ width: 150 }} value={teacherId} onChange={setTeacherId} options={options.teachers} />
                  </Space>
                  <Spin spinning={loading}>
                    <Tabs
                      type="card"
                      items={[
                        { key: 'html', label: t('schedule.common.asTable'), children: <DrawTable rows={rows} dayHeads={dayHeads} /> },
                        { key: 'image', label: t('schedule.common.asImage'), children: <DrawImage rows={rows} labels={labels} fileName={`timetable-${days[0]}.png`} /> },
                      ]}
                    />
                  </Spin>
                </>
              ),
            },
            { key: 'new', label: t('schedule.common.newList'), children: <NewScheduleList /> },
          ]}
        />
      </Card>
    </div>
  );
}
