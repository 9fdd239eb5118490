/** The student detail drawer: profile, classes, cards (with their operations), ledger and recent lessons. */
import React from 'react';
import { App, Button, Descriptions, Drawer, Empty, Popconfirm, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchStudentDetail, removeFromClass } from '@/services/school';
import type { HourRecord, SchoolClass, StudentCard } from '@/types/school';
import { formatHours, formatMoney } from '@/utils/format';
import { CardActions, ReviewButtons, SellCardModal } from '@/components/school/CardOps';
import { EnrolModal, StudentFormModal } from './StudentForms';
import { CardStatusTag, RecordTypeTag, SignedHours } from '@/components/school/labels';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';
import PrintContract from '@/components/PrintContract';
import { ACTIONS_WIDTH } from '@/components/RowActions';
import StudentArrears from '@/components/arrears/StudentArrears';
import { fetchArrears } from '@/services/arrears';

export default function StudentDrawer({ studentId, onClose, onChanged }: { studentId?: number; onClose: () => void; onChanged?: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const caps = useSchoolCaps();
  const detail = useRequest(() => (studentId ? fetchStudentDetail(studentId) : Promise.resolve(undefined)), { refreshDeps: [studentId] });
  // Open arrears (docs/rules.md#arrears): counted in their tab's label, settled by a sale made from this drawer.
  const arrears = useRequest(() => (studentId ? fetchArrears({ studentId, status: 'open', pageSize: 100, sortField: 'lessonDate', sortOrder: 'ascend', sum: 'hours,value' }) : Promise.resolve(undefined)), { refreshDeps: [studentId] });
  const changed = () => {
    detail.refresh();
    arrears.refresh();
    onChanged?.();
  };
  const d = detail.data;
  return (
    <Drawer
      open={studentId !== undefined}
      onClose={onClose}
      width={960}
      title={d ? t('student.detailTitle', { name: d.student.name }) : t('student.detail')}
      destroyOnHidden
      extra={
        d &&
        caps.editStudents && (
          <Space>
            <StudentFormModal student={d.student} onDone={changed} trigger={<Button>{t('common.edit')}</Button>} />
            {caps.sellCard && <SellCardModal studentId={d.student.id} onDone={changed} trigger={<Button type="primary">{t('card.op.sell')}</Button>} />}
          </Space>
        )
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={[
            {
              key: 'profile',
              label: t('student.tab.profile'),
              children: (
                <Descriptions column={2} bordered size="small">
                  <Descriptions.Item label={t('student.name')}>{d.student.name}</Descriptions.Item>
                  <Descriptions.Item label={t('student.mobile')}>{d.student.mobile}</Descriptions.Item>
                  <Descriptions.Item label={t('student.parentName')}>{d.student.parentName || '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('student.gender')}>{t(`student.gender.${d.student.gender}`)}</Descriptions.Item>
                  <Descriptions.Item label={t('student.birthday')}>{d.student.birthday || '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('school.campus')}>{d.student.campusName}</Descriptions.Item>
                  <Descriptions.Item label={t('common.status')}>{t(`student.status.${d.student.status}`)}</Descriptions.Item>
                  <Descriptions.Item label={t('student.createdAt')}>{d.student.createdAt}</Descriptions.Item>
                  <Descriptions.Item label={t('common.remark')} span={2}>
                    {d.student.remark || '-'}
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'classes',
              label: `${t('student.classes')} (${d.classes.length})`,
              children: (
                <>
                  {caps.editStudents && (
                    <EnrolModal studentId={d.student.id} onDone={changed} trigger={<Button style={{ marginBottom: 12 }}>{t('student.enrol')}</Button>} />
                  )}
                  <Table<SchoolClass>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={d.classes}
                    columns={[
                      { title: t('class.name'), dataIndex: 'name' },
                      { title: t('class.teacher'), dataIndex: 'teacherName' },
                      { title: t('class.room'), dataIndex: 'roomName' },
                      { title: t('class.hoursPerLesson'), dataIndex: 'hoursPerLesson', render: (v: number) => formatHours(v) },
                      { title: t('common.status'), dataIndex: 'status', render: (v: string) => <Tag>{t(`class.status.${v}`)}</Tag> },
                      ...(caps.editStudents
                        ? [
                            {
                              title: t('common.actions'),
                              key: 'actions',
                              render: (_: unknown, c: SchoolClass) => (
                                <Popconfirm
                                  title={t('student.removeConfirm', { cls: c.name })}
                                  onConfirm={async () => {
                                    try {
                                      await removeFromClass(c.id, d.student.id);
                                      message.success(t('common.saved'));
                                      changed();
                                    } catch {
                                      /* shown by the request layer */
                                    }
                                  }}
                                >
                                  <a>{t('student.remove')}</a>
                                </Popconfirm>
                              ),
                            },
                          ]
                        : []),
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'cards',
              label: `${t('student.cards')} (${d.cards.length})`,
              children: (
                <Table<StudentCard>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={d.cards}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: <Empty description={t('student.noCards')} /> }}
                  columns={[
                    { title: t('card.cardNo'), dataIndex: 'cardNo' },
                    { title: t('card.template'), dataIndex: 'templateName' },
                    { title: t('card.remaining'), dataIndex: 'remainingHours', render: (v: number, c) => (c.kind === 'period' ? t('card.kind.period') : formatHours(v)) },
                    { title: t('common.status'), dataIndex: 'status', render: (_: unknown, c) => <CardStatusTag status={c.status} /> },
                    { title: t('card.expiryDate'), dataIndex: 'expiryDate' },
                    // Issue 31: one compact actions column (the first operation, the rest behind "More"), so the
                    // hours left, status and expiry stay in view.
                    { title: t('common.actions'), key: 'actions', fixed: 'right', width: ACTIONS_WIDTH, render: (_: unknown, c) => (
                        <CardActions card={c} onDone={changed} compact extra={<PrintContract cardId={c.id} cardNo={c.cardNo} />} />
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'arrears',
              label: <span data-testid="student-arrears-tab">{`${t('student.tab.arrears')} (${arrears.data?.total ?? 0})`}</span>,
              children: <StudentArrears studentId={d.student.id} rows={arrears.data?.list ?? []} summary={{ open: arrears.data?.total ?? 0, hours: arrears.data?.sum?.hours ?? 0, value: arrears.data?.sum?.value ?? 0 }} />,
            },
            {
              key: 'ledger',
              label: t('student.ledger'),
              children: (
                <Table<HourRecord>
                  rowKey="id"
                  size="small"
                  dataSource={d.records}
                  pagination={{ pageSize: 10 }}
                  scroll={{ x: 1180 }}
                  data-testid="student-ledger"
                  columns={[
                    { title: t('record.time'), dataIndex: 'createdAt', width: 170 },
                    { title: t('card.cardNo'), dataIndex: 'cardNo', width: 130 },
                    { title: t('record.type'), dataIndex: 'type', width: 170, render: (_: unknown, r) => <RecordTypeTag type={r.type} /> },
                    { title: t('record.hours'), dataIndex: 'hours', width: 90, align: 'right', render: (v: number) => <SignedHours hours={v} /> },
                    { title: t('record.balanceAfter'), dataIndex: 'balanceAfter', width: 110, align: 'right', render: (v: number) => formatHours(v) },
                    { title: t('record.amount'), dataIndex: 'amount', width: 110, align: 'right', render: (v: number) => formatMoney(v) },
                    { title: t('record.reason'), dataIndex: 'reason', width: 180, ellipsis: true, render: (v?: string) => v || '-' },
                    { title: t('record.operator'), dataIndex: 'operatorName', width: 100 },
                    { title: t('common.actions'), key: 'actions', fixed: 'right', width: 120, render: (_: unknown, r) => <ReviewButtons record={r} onDone={changed} /> },
                  ]}
                />
              ),
            },
            {
              key: 'lessons',
              label: t('student.lessons'),
              children: (
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={d.lessons}
                  locale={{ emptyText: <Empty description={t('student.noLessons')} /> }}
                  columns={[
                    { title: t('lesson.date'), dataIndex: 'date' },
                    { title: t('class.name'), dataIndex: 'className' },
                    { title: t('class.teacher'), dataIndex: 'teacherName' },
                    { title: t('common.status'), dataIndex: 'status', render: (v: string) => (v ? t(`schedule.status.${v}`) : '-') },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
