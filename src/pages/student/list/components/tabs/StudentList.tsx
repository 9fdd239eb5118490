/** StudentList tab: students with server-side filters (name/mobile, class, status, campus, card state), add, edit, enrol, detail. */
import React, { useEffect, useRef, useState } from 'react';
import DeleteAction from '@/components/DeleteAction';
import LazyAction from '@/components/LazyAction';
import { Button, Space, Tag } from 'antd';
import { type ActionType } from '@ant-design/pro-components';
import { ExportListTable, OPEN_SEARCH, actionsColumn } from '@/components/crud';
import { useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useExportable, type ExportableColumn } from '@/components/ExportButton';
import ExcelImport from '@/components/ExcelImport';
import { tableRequest } from '@/services/list';
import { deleteStudent, fetchCampusOptions, fetchClassOptions, fetchStudents, type StudentRow } from '@/services/school';
import { formatHours } from '@/utils/format';
import DrillBanner, { useDrill } from '@/components/DrillBanner';
import StudentDrawer from '../StudentDrawer';
import { EnrolModal, StudentFormModal } from '../StudentForms';
import { SellCardModal } from '@/components/school/CardOps';
import { enumOf } from '@/utils/fields';
import { STUDENT_STATUSES } from '@/components/school/labels';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

const CARD_STATES = ['active', 'low', 'inactive', 'none'] as const;
/** Mobiles on one line (issue 31). */
const NOWRAP = () => ({ style: { whiteSpace: 'nowrap' as const } });
const CARD_STATE_COLOR: Record<StudentRow['cardState'], string> = { active: 'green', low: 'orange', inactive: 'default', none: 'red' };

export default function StudentListTab() {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  const ref = useRef<ActionType>();
  // Links from other screens: ?keyword= pre-fills the search, ?studentId= opens that student's drawer.
  const [params] = useSearchParams();
  // Opened from an analysis figure: its filter (?drill=...) narrows the list (docs/rules.md#analysis-metrics).
  const drill = useDrill();
  const [open, setOpen] = useState<number | undefined>(Number(params.get('studentId')) || undefined);
  // A later link to this page (the jump search while already here) opens its student too.
  useEffect(() => {
    const id = Number(params.get('studentId'));
    if (id) setOpen(id);
  }, [params]);
  const reload = () => ref.current?.reload();

  const exp = useExportable(fetchStudents);
  const columns: ExportableColumn<StudentRow>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('student.keywordHint') } },
    {
      title: t('student.name'),
      dataIndex: 'name',
      search: false,
      sorter: true,
      render: (_, r) => <a onClick={() => setOpen(r.id)}>{r.name}</a>,
    },
    { title: t('student.mobile'), dataIndex: 'mobile', search: false, exportAs: 'text', onCell: NOWRAP },
    { title: t('student.parentName'), dataIndex: 'parentName', search: false },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    {
      title: t('student.class'),
      dataIndex: 'classId',
      valueType: 'select',
      hideInTable: true,
      request: () => fetchClassOptions({ all: 1 }),
      fieldProps: { showSearch: true },
    },
    { title: t('student.classes'), dataIndex: 'classNames', search: false, render: (_, r) => (r.classNames.length ? r.classNames.join(', ') : '-') },
    {
      title: t('student.cardState'),
      dataIndex: 'cardState',
      valueType: 'select',
      valueEnum: enumOf(CARD_STATES, (k) => t(`student.cardState.${k}`)),
      render: (_, r) => <Tag color={CARD_STATE_COLOR[r.cardState]}>{t(`student.cardState.${r.cardState}`)}</Tag>,
    },
    { title: t('student.activeHours'), dataIndex: 'activeHours', search: false, sorter: true, exportAs: 'hours', render: (_, r) => formatHours(r.activeHours) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: enumOf(STUDENT_STATUSES, (k) => t(`student.status.${k}`)),
    },
    { title: t('student.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, exportAs: 'datetime' },
    { title: t('student.createdAt'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    actionsColumn<StudentRow>((r) => (
      <Space size={4} wrap>
        <a onClick={() => setOpen(r.id)}>{t('common.view')}</a>
        {/* Each row's forms are created when first used (LazyAction): ten rows of modal forms would delay the list. */}
        {caps.editStudents && <LazyAction trigger={<a>{t('common.edit')}</a>} render={(tr) => <StudentFormModal student={r} onDone={reload} trigger={tr} />} />}
        {caps.editStudents && <LazyAction trigger={<a>{t('student.enrol')}</a>} render={(tr) => <EnrolModal studentId={r.id} onDone={reload} trigger={tr} />} />}
        {caps.sellCard && <LazyAction trigger={<a>{t('card.op.sell')}</a>} render={(tr) => <SellCardModal studentId={r.id} onReceiptClosed={reload} trigger={tr} />} />}
        {caps.deleteStudents && (
          <DeleteAction title={t('student.deleteConfirm', { name: r.name })} onDelete={() => deleteStudent(r.id)} onDone={reload} successText={t('school.deleted')} />
        )}
      </Space>
    )),
  ];

  return (
    <>
      <DrillBanner />
      <ExportListTable<StudentRow>
        exportable={exp}
        name={t('student.tab.list')}
        headerTitle={t('student.tab.list')}
        params={drill}
        actionRef={ref}
        columns={columns}
        request={tableRequest(exp.service)}
        search={OPEN_SEARCH}
        form={{ initialValues: { keyword: params.get('keyword') ?? undefined } }}
        // Issue 31: at 1280 px the card state and hours left stay in view; these come back with the column setting.
        secondary={['parentName', 'classNames', 'createdAt']}
        tools={
          caps.editStudents
            ? [<ExcelImport key="import" kind="students" onDone={reload} />, <StudentFormModal key="add" onDone={reload} trigger={<Button type="primary">{t('student.add')}</Button>} />]
            : []
        }
      />
      <StudentDrawer studentId={open} onClose={() => setOpen(undefined)} onChanged={reload} />
    </>
  );
}
