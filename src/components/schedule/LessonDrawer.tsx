/** A lesson's detail: class, teacher, room, time, enrolled students and the roll-call state; move, cancel, roll call. */
import React from 'react';
import { Alert, App, Button, Descriptions, Drawer, List, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { cancelLesson, fetchLesson } from '@/services/schedule';
import { formatHours } from '@/utils/format';
import LessonModal from './LessonModal';
import { KindTag, LessonStatusTag, MarkTag, RollCallTag } from './labels';
import SectionTitle from '@/components/SectionTitle';

export default function LessonDrawer({ lessonId, onClose, onChanged }: { lessonId?: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const access = useAppAccess();
  const canManage = access.isDealer || access.isManager;
  const { data, loading, error, refresh } = useRequest(() => (lessonId ? fetchLesson(lessonId) : Promise.resolve(undefined)), { refreshDeps: [lessonId] });
  const lesson = data?.lesson;
  return (
    <Drawer open={lessonId !== undefined} onClose={onClose} width={520} title={lesson ? `${lesson.className} · ${lesson.date} ${lesson.start}–${lesson.end}` : t('schedule.lesson.detail')} destroyOnHidden>
      {error && !data ? (
        <Alert type="error" showIcon message={t('common.loadFailed')} description={error.message} action={<Button onClick={refresh}>{t('common.retry')}</Button>} />
      ) : loading || !lesson ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered data-testid="lesson-detail">
            <Descriptions.Item label={t('schedule.field.class')}>
              {lesson.className} <KindTag kind={lesson.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={t('schedule.field.course')}>{lesson.course}</Descriptions.Item>
            <Descriptions.Item label={t('schedule.field.teacher')}>{lesson.teacherName}</Descriptions.Item>
            <Descriptions.Item label={t('schedule.field.room')}>
              {lesson.roomName} · {lesson.campusName}
            </Descriptions.Item>
            <Descriptions.Item label={t('schedule.field.time')}>{`${lesson.date} ${lesson.start}–${lesson.end}`}</Descriptions.Item>
            <Descriptions.Item label={t('schedule.field.hours')}>{formatHours(lesson.hours)}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <LessonStatusTag status={lesson.status} /> <RollCallTag state={lesson.rollCall} />
            </Descriptions.Item>
            <Descriptions.Item label={t('schedule.field.students')}>{t('schedule.field.studentsOf', { n: lesson.studentCount, capacity: lesson.capacity })}</Descriptions.Item>
            {lesson.remark && <Descriptions.Item label={t('common.remark')}>{lesson.remark}</Descriptions.Item>}
            {lesson.rollCallBy && <Descriptions.Item label={t('schedule.field.rollCallBy')}>{`${lesson.rollCallBy} · ${lesson.rollCalledAt}`}</Descriptions.Item>}
          </Descriptions>
          <Space style={{ margin: '16px 0' }} wrap>
            {lesson.rollCall !== 'notDue' && (
              <Button type="primary" onClick={() => history.push(`/schedule/class-record?lessonId=${lesson.id}`)}>
                {t('schedule.rollCall.open')}
              </Button>
            )}
            {canManage && lesson.status === 'scheduled' && !lesson.rollCalledAt && (
              <>
                <LessonModal
                  lesson={lesson}
                  trigger={<Button>{t('schedule.lesson.move')}</Button>}
                  onDone={() => {
                    refresh();
                    onChanged();
                  }}
                />
                <Popconfirm
                  title={t('schedule.lesson.cancelConfirm')}
                  onConfirm={async () => {
                    try {
                      await cancelLesson(lesson.id);
                      message.success(t('schedule.lesson.cancelled'));
                      refresh();
                      onChanged();
                    } catch {
                      /* shown by the request layer */
                    }
                  }}
                >
                  <Button danger>{t('schedule.lesson.cancel')}</Button>
                </Popconfirm>
              </>
            )}
          </Space>
          <SectionTitle>{t('schedule.field.students')}</SectionTitle>
          <List
            size="small"
            dataSource={data?.students ?? []}
            locale={{ emptyText: t('schedule.noStudents') }}
            renderItem={(s) => (
              <List.Item>
                <Space>
                  <span>{s.studentName}</span>
                  {s.source === 'reserved' && <Tag>{t('schedule.source.reserved')}</Tag>}
                  {s.approvedLeave && !s.saved && <Tag color="gold">{t('schedule.leaveApproved')}</Tag>}
                </Space>
                {s.saved && s.mark ? <MarkTag mark={s.mark} /> : <Typography.Text type="secondary">{t('schedule.mark.none')}</Typography.Text>}
              </List.Item>
            )}
          />
        </>
      )}
    </Drawer>
  );
}
