/** Dashboard widget: lessons waiting for roll call and pending leave requests, with links into the screens. */
import React from 'react';
import { Card, Col, List, Row, Statistic } from 'antd';
import { useApi, OVERVIEW_REFRESH } from '@/hooks/useApi';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchScheduleOverview } from '@/services/schedule';

export default function ScheduleTodo() {
  const { t } = useIntl();
  const { data, loading } = useApi(fetchScheduleOverview, [], OVERVIEW_REFRESH);
  return (
    <Card title={t('schedule.widget.scheduleTodo')} loading={loading && !data}>
      <Row gutter={16}>
        <Col span={12}>
          <Link to="/schedule/class-record?rollCall=waiting">
            <Statistic title={t('schedule.widget.waitingRollCall')} value={data?.waitingRollCall ?? 0} valueStyle={{ color: data?.waitingRollCall ? '#fa8c16' : undefined }} />
          </Link>
        </Col>
        <Col span={12}>
          <Link to="/student/list?tab=leave&status=pending" data-testid="pending-leave-link">
            <Statistic title={t('schedule.widget.pendingLeave')} value={data?.pendingLeave ?? 0} />
          </Link>
        </Col>
      </Row>
      <List
        size="small"
        style={{ marginTop: 12 }}
        dataSource={data?.waitingLessons ?? []}
        locale={{ emptyText: t('schedule.widget.allCalled') }}
        renderItem={(l) => (
          <List.Item>
            <Link to={`/schedule/class-record?lessonId=${l.id}`}>{`${l.date} ${l.start} ${l.className}`}</Link>
            <span>{l.teacherName}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
