/** Dashboard widget: today's lessons, each opening its roll call. */
import React from 'react';
import { Card, List, Space, Typography } from 'antd';
import { useApi, OVERVIEW_REFRESH } from '@/hooks/useApi';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchScheduleOverview } from '@/services/schedule';
import { RollCallTag } from '@/components/schedule/labels';

export default function TodayLessons() {
  const { t } = useIntl();
  const { data, loading } = useApi(fetchScheduleOverview, [], OVERVIEW_REFRESH);
  return (
    <Card title={t('schedule.widget.todayLessons', { n: data?.today.length ?? 0 })} extra={<Link to="/schedule-table">{t('schedule.widget.timetable')}</Link>} loading={loading && !data}>
      <List
        size="small"
        data-testid="today-lessons"
        dataSource={data?.today.slice(0, 8) ?? []}
        locale={{ emptyText: t('schedule.widget.noLessonsToday') }}
        renderItem={(l) => (
          <List.Item extra={<RollCallTag state={l.rollCall} />}>
            <Space direction="vertical" size={0}>
              <Link to={`/schedule/class-record?lessonId=${l.id}`}>{`${l.start}–${l.end} ${l.className}`}</Link>
              <Typography.Text type="secondary">{`${l.teacherName} · ${l.roomName} · ${t('schedule.widget.students', { n: l.studentCount })}`}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {(data?.today.length ?? 0) > 8 && <Link to="/schedule-table">{t('schedule.widget.more', { n: (data?.today.length ?? 0) - 8 })}</Link>}
    </Card>
  );
}
