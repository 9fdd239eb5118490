/**
 * The parent's dashboard (issue 31): one card per child with the hours left (the student list's figure, computed by
 * the server with `renewalState`), the next lessons, the homework to hand in and the unread notices about the child,
 * which link to the inbox (`/notice`, the one screen of these a parent may open).
 */
import React from 'react';
import { Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchParentOverview } from '@/services/parent';
import HeaderHelp from '@/components/HeaderHelp';
import type { ParentChild } from '@/types/parent';

function ChildCard({ child }: { child: ParentChild }) {
  const { t } = useIntl();
  return (
    <Card data-testid={`parent-child-${child.studentId}`} aria-label={t('parent.child', { name: child.name })} role="region">
      <Space align="baseline" wrap style={{ display: 'flex', marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {child.name}
        </Typography.Title>
        <Typography.Text type="secondary">{child.campusName}</Typography.Text>
      </Space>
      <Space align="end" wrap>
        <Statistic
          title={<HeaderHelp title={t('parent.hoursLeft')} help={t('parent.hoursHelp')} />}
          value={child.hoursLeft.toFixed(1)}
          valueRender={(node) => <span data-testid="parent-hours-left">{node}</span>}
        />
        {child.usableCards === 0 && <Tag>{t('parent.noCard')}</Tag>}
        {child.low && <Tag color="orange">{t('parent.low')}</Tag>}
        {child.expiring && <Tag color="gold">{t('parent.expiring')}</Tag>}
      </Space>

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('parent.nextLessons')}
      </Typography.Title>
      <List
        size="small"
        data-testid="parent-next-lessons"
        dataSource={child.nextLessons}
        locale={{ emptyText: t('parent.noLessons') }}
        renderItem={(l) => (
          <List.Item>
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{`${l.date} ${l.start}–${l.end}`}</Typography.Text>
              <Typography.Text type="secondary">{t('parent.lessonWhere', { className: l.className, room: l.roomName, teacher: l.teacherName })}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('parent.homeworkDue')}
      </Typography.Title>
      <List
        size="small"
        data-testid="parent-homework"
        dataSource={child.homeworkDue}
        locale={{ emptyText: t('parent.noHomework') }}
        renderItem={(h) => (
          <List.Item extra={h.status === 'rejected' ? <Tag color="red">{t('parent.sentBack')}</Tag> : undefined}>
            <Space direction="vertical" size={0}>
              <Typography.Text>{h.title}</Typography.Text>
              <Typography.Text type="secondary">{`${h.className} · ${t('parent.dueOn', { date: h.dueDate })}`}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />

      <div style={{ marginTop: 16 }} data-testid="parent-unread">
        <Link to="/notice">{t('parent.unread', { n: child.unreadNotices })}</Link>
      </div>
    </Card>
  );
}

export default function ParentDashboard() {
  const { t } = useIntl();
  const { data, loading } = useRequest(fetchParentOverview);
  if (loading && !data) return <Card><Skeleton active /></Card>;
  if (!data) return null;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>{t('parent.unreadAll', { n: data.unreadTotal })}</Typography.Text>
        <Link to="/notice">{t('parent.openInbox')}</Link>
      </Space>
      {data.children.length === 0 ? (
        <Card>
          <Empty description={t('parent.none')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {data.children.map((c) => (
            <Col key={c.studentId} xs={24} lg={12} xxl={8}>
              <ChildCard child={c} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
