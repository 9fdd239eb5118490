/** /schedule/class-record (docs/screens.md#schedule): lessons with their roll-call state; the roll-call drawer; undo. */
import React, { useEffect, useRef, useState } from 'react';
import { Space } from 'antd';
import { type ActionType } from '@ant-design/pro-components';
import { ListPage, actionsColumn } from '@/components/crud';
import { useSearchParams } from 'umi';
import dayjs from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import ExportButton, { useExportable, type ExportableColumn } from '@/components/ExportButton';
import { tableRequest } from '@/services/list';
import { fetchLessons } from '@/services/schedule';
import type { Lesson } from '@/types/schedule';
import { formatHours } from '@/utils/format';
import DrillBanner, { useDrill } from '@/components/DrillBanner';
import { KindTag, LessonStatusTag, RollCallTag, toValueEnum, useScheduleOptions } from '@/components/schedule/labels';
import RollCallDrawer from './components/RollCallDrawer';

export default function ClassRecordPage() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  const { options } = useScheduleOptions();
  const [params, setParams] = useSearchParams();
  // Opened from an analysis figure: its filter (?drill=...) narrows the list, without the default last-30-days range.
  const drill = useDrill();
  const [openId, setOpenId] = useState<number | undefined>(params.get('lessonId') ? Number(params.get('lessonId')) : undefined);
  useEffect(() => {
    const id = params.get('lessonId');
    if (id) setOpenId(Number(id));
  }, [params]);

  const exp = useExportable(fetchLessons);
  const columns: ExportableColumn<Lesson>[] = [
    {
      title: t('schedule.field.date'),
      dataIndex: 'date',
      search: false,
      sorter: true,
      exportAs: [{ kind: 'date' }, { kind: 'text', title: t('schedule.field.time'), value: (r) => `${r.start}–${r.end}` }],
      render: (_, r) => `${r.date} ${r.start}–${r.end}`,
    },
    { title: t('schedule.field.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('schedule.field.class'),
      dataIndex: 'classId',
      valueType: 'select',
      valueEnum: toValueEnum(options.classes),
      fieldProps: { showSearch: true },
      render: (_, r) => (
        <Space size={4}>
          {r.className}
          <KindTag kind={r.kind} />
        </Space>
      ),
    },
    { title: t('schedule.field.teacher'), dataIndex: 'teacherId', valueType: 'select', valueEnum: toValueEnum(options.teachers), render: (_, r) => r.teacherName },
    { title: t('schedule.field.room'), dataIndex: 'roomName', search: false },
    { title: t('schedule.field.students'), dataIndex: 'studentCount', search: false, render: (_, r) => (r.rollCalledAt ? `${r.presentCount ?? 0} / ${r.studentCount}` : r.studentCount) },
    { title: t('schedule.field.hours'), dataIndex: 'hours', search: false, exportAs: 'hours', render: (_, r) => formatHours(r.hours) },
    {
      title: t('schedule.field.rollCall'),
      dataIndex: 'rollCall',
      valueType: 'select',
      valueEnum: { waiting: { text: t('schedule.rollCall.waiting') }, done: { text: t('schedule.rollCall.done') }, notDue: { text: t('schedule.rollCall.notDue') } },
      render: (_, r) => <RollCallTag state={r.rollCall} />,
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { scheduled: { text: t('schedule.status.scheduled') }, finished: { text: t('schedule.status.finished') }, cancelled: { text: t('schedule.status.cancelled') } },
      render: (_, r) => <LessonStatusTag status={r.status} />,
    },
    { title: t('schedule.field.rollCallBy'), dataIndex: 'rollCallBy', search: false, renderText: (v?: string) => v || '-' },
    actionsColumn<Lesson>((r) =>
      r.status === 'cancelled' ? (
        '-'
      ) : (
        <a onClick={() => setOpenId(r.id)} aria-label={t('rollCall.openFor', { name: r.className, date: r.date })}>
          {r.rollCall === 'waiting' ? t('rollCall.do') : t('rollCall.view')}
        </a>
      ),
    ),
  ];

  return (
    <ListPage<Lesson>
      before={<DrillBanner />}
      params={drill}
      headerTitle={t('menu.classRecord')}
      tools={[<ExportButton key="export" exportable={exp} columns={columns} name={t('menu.classRecord')} />]}
      actionRef={ref}
      columns={columns}
      request={tableRequest(exp.service)}
      form={{ initialValues: { rollCall: params.get('rollCall') ?? undefined, dateRange: drill || params.get('rollCall') ? undefined : [dayjs().subtract(30, 'day'), dayjs()] } }}
    >
      <RollCallDrawer
        lessonId={openId}
        onClose={() => {
          setOpenId(undefined);
          if (params.get('lessonId')) {
            params.delete('lessonId');
            setParams(params, { replace: true });
          }
        }}
        onChanged={() => ref.current?.reload()}
      />
    </ListPage>
  );
}
