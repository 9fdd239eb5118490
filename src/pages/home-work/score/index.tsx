/**
 * /home-work/score (docs/rules.md#homework-and-scores, docs/screens.md#teaching-and-communication): exams of the caller's classes (name, date, class, subjects with full
 * marks); see-score: one exam's sheet, editable by the class's teacher or a manager, with statistics per subject
 * computed by the server (absent excluded); student-score: one student's scores over time.
 */
import React, { useRef, useState } from 'react';
import { Button, Checkbox, Drawer, Modal, Space, Table } from 'antd';
import { ProForm, ProFormDatePicker, ProFormList, ProFormSelect, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { CrudScreen, RecordForm } from '@/components/crud';
import { useSave } from '@/components/FormModal';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { createExam, deleteExam, fetchExams, fetchScoreSheet, saveScores, updateExam } from '@/services/teaching';
import { fetchClassOptions } from '@/services/school';
import { useAppAccess } from '@/hooks/useSession';
import NumberInput from '@/components/NumberInput';
import { numberRange } from '@/components/NumberInput/rules';
import { StudentPicker } from '@/components/Teaching';
import StudentScores from '@/components/Teaching/StudentScores';
import { scoreProblem } from '@/domain/scores';
import type { Exam, ScoreCell, ScoreSheet, SubjectStats, ExamSubject } from '@/types/teaching';
import type { ExamBody } from '@/types/teaching.schemas';
import SectionTitle from '@/components/SectionTitle';

export function ExamForm({ exam, trigger, onDone }: { exam?: Exam; trigger: React.ReactElement; onDone: () => void }) {
  const { t } = useIntl();
  return (
    <RecordForm<Exam, Record<string, unknown>, ExamBody>
      name="examForm"
      record={exam}
      title={t(exam ? 'exam.edit' : 'exam.add')}
      trigger={trigger}
      width={620}
      defaults={{ subjects: [{ name: '', fullMark: 100 }] }}
      toBody={(v) => {
        const d = v.date as string | { format: (f: string) => string };
        return {
          classId: v.classId as number,
          name: String(v.name ?? '').trim(),
          date: typeof d === 'string' ? d : d.format('YYYY-MM-DD'),
          subjects: ((v.subjects as ExamSubject[] | undefined) ?? []).map((s) => ({ name: String(s.name ?? '').trim(), fullMark: Number(s.fullMark) })),
        };
      }}
      create={createExam}
      update={updateExam}
      onDone={onDone}
    >
      <ProFormSelect name="classId" label={t('hw.class')} request={() => fetchClassOptions({ all: 1 })} showSearch rules={[{ required: true, message: t('hw.class.required') }]} />
      <ProFormText name="name" label={t('exam.name')} fieldProps={{ maxLength: 60 }} rules={[{ required: true, whitespace: true, message: t('exam.name.required') }]} />
      <ProFormDatePicker name="date" label={t('exam.date')} fieldProps={{ format: 'YYYY-MM-DD' }} rules={[{ required: true, message: t('exam.date.required') }]} />
      <ProFormList name="subjects" label={t('exam.subjects')} min={1} max={10} creatorButtonProps={{ creatorButtonText: t('exam.addSubject') }} creatorRecord={{ name: '', fullMark: 100 }}>
        <Space align="start">
          <ProFormText name="name" label={t('exam.subject')} fieldProps={{ maxLength: 20 }} rules={[{ required: true, whitespace: true, message: t('exam.subject.required') }]} />
          {/* A full mark out of range is a field error, never clamped (issue 9). */}
          <ProForm.Item name="fullMark" label={t('exam.fullMark')} rules={[{ required: true, message: t('exam.fullMark.required') }, numberRange({ min: 1, max: 1000, integer: true })]}>
            <NumberInput style={{ width: 120 }} />
          </ProForm.Item>
        </Space>
      </ProFormList>
    </RecordForm>
  );
}

type Cells = Record<number, Record<string, ScoreCell>>;

function StatsTable({ stats }: { stats: (SubjectStats & ExamSubject)[] }) {
  const { t } = useIntl();
  const dash = (v: number | null, suffix = '') => (v === null ? '-' : `${v}${suffix}`);
  return (
    <Table
      data-testid="score-stats"
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={stats}
      columns={[
        { title: t('exam.subject'), dataIndex: 'name' },
        { title: t('exam.fullMark'), dataIndex: 'fullMark' },
        { title: t('exam.present'), dataIndex: 'count' },
        { title: t('exam.absent'), dataIndex: 'absent' },
        { title: t('exam.average'), dataIndex: 'average', render: (v: number | null) => dash(v) },
        { title: t('exam.highest'), dataIndex: 'highest', render: (v: number | null) => dash(v) },
        { title: t('exam.lowest'), dataIndex: 'lowest', render: (v: number | null) => dash(v) },
        { title: t('exam.passRate'), dataIndex: 'passRate', render: (v: number | null, r) => `${dash(v, ' %')} (≥ ${r.passLine})` },
      ]}
    />
  );
}

function SheetDrawer({ examId, onClose, onChanged }: { examId?: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useIntl();
  const report = useSave();
  const [cells, setCells] = useState<Cells>({});
  const [sheet, setSheet] = useState<ScoreSheet & { canEdit?: boolean }>();
  const [saving, setSaving] = useState(false);
  const { loading } = useRequest(() => fetchScoreSheet(examId!), {
    ready: !!examId,
    refreshDeps: [examId],
    onSuccess: (s) => {
      setSheet(s);
      setCells(Object.fromEntries(s.rows.map((r) => [r.studentId, { ...r.cells }])));
    },
  });
  const subjects = sheet?.exam.subjects ?? [];
  const canEdit = !!sheet?.canEdit;
  const set = (studentId: number, subject: string, cell: Partial<ScoreCell>) =>
    setCells((c) => ({ ...c, [studentId]: { ...c[studentId], [subject]: { ...c[studentId][subject], ...cell } } }));
  const save = async () => {
    if (!sheet) return;
    const entries = sheet.rows.flatMap((r) => subjects.map((s) => ({ studentId: r.studentId, subject: s.name, score: cells[r.studentId][s.name].absent ? null : cells[r.studentId][s.name].score, absent: cells[r.studentId][s.name].absent })));
    setSaving(true);
    // A refusal is shown by the request layer; the sheet keeps what was typed.
    await report(() => saveScores({ examId: sheet.exam.id, entries }), t('common.saved'), (next) => {
      setSheet({ ...next, canEdit });
      onChanged();
    });
    setSaving(false);
  };
  const columns = [
    { title: t('hw.student'), dataIndex: 'studentName', key: 'studentName', fixed: 'left' as const },
    ...subjects.map((s) => ({
      title: `${s.name} (${s.fullMark})`,
      key: s.name,
      render: (_: unknown, r: { studentId: number; studentName: string }) => {
        const cell = cells[r.studentId]?.[s.name];
        if (!cell) return null;
        if (!canEdit) return cell.absent ? t('exam.absent') : cell.score ?? '-';
        const problem = cell.score !== null && cell.score !== undefined && !cell.absent ? scoreProblem(cell.score, s.fullMark) : undefined;
        return (
          <Space size={4}>
            <NumberInput
              oneDecimal
              style={{ width: 80 }}
              aria-label={t('exam.scoreOf', { name: r.studentName, subject: s.name })}
              disabled={cell.absent}
              status={problem ? 'error' : undefined}
              value={cell.score ?? undefined}
              onChange={(v) => set(r.studentId, s.name, { score: v ?? null })}
            />
            <Checkbox checked={cell.absent} onChange={(e) => set(r.studentId, s.name, { absent: e.target.checked, score: e.target.checked ? null : cell.score })}>
              {t('exam.absent')}
            </Checkbox>
          </Space>
        );
      },
    })),
  ];
  return (
    <Drawer
      open={!!examId}
      onClose={onClose}
      width={960}
      destroyOnHidden
      title={sheet ? t('exam.sheetTitle', { name: sheet.exam.name, className: sheet.exam.className }) : t('exam.seeScore')}
      extra={
        canEdit ? (
          <Button type="primary" loading={saving} onClick={save}>
            {t('exam.saveScores')}
          </Button>
        ) : null
      }
    >
      {sheet && (
        <>
          <SectionTitle>{t('exam.statistics')}</SectionTitle>
          <StatsTable stats={sheet.stats} />
          <SectionTitle style={{ marginTop: 16 }}>{t('exam.sheet')}</SectionTitle>
          <Table rowKey="studentId" size="small" loading={loading} dataSource={sheet.rows} columns={columns} pagination={false} scroll={{ x: true }} />
        </>
      )}
    </Drawer>
  );
}

function StudentScoreModal() {
  const { t } = useIntl();
  const [open, setOpen] = useState(false);
  const [studentId, setStudentId] = useState<number>();
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('exam.studentScore')}</Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={860} title={t('exam.studentScore')} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          <StudentPicker value={studentId} onChange={setStudentId} />
          <StudentScores studentId={studentId} />
        </Space>
      </Modal>
    </>
  );
}

export default function ScorePage() {
  const { t } = useIntl();
  const access = useAppAccess();
  const actionRef = useRef<ActionType>();
  const [viewing, setViewing] = useState<number>();
  const columns: ProColumns<Exam>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('exam.keywordHint') } },
    { title: t('exam.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('hw.class'), dataIndex: 'classId', valueType: 'select', request: () => fetchClassOptions({ all: 1 }), fieldProps: { showSearch: true }, render: (_, r) => r.className },
    { title: t('exam.date'), dataIndex: 'date', search: false, sorter: true },
    { title: t('exam.subjects'), dataIndex: 'subjects', search: false, render: (_, r) => r.subjects.map((s) => `${s.name} (${s.fullMark})`).join('、') },
    { title: t('exam.recorded'), dataIndex: 'scoredCount', search: false, render: (_, r) => `${r.scoredCount} / ${r.studentCount}` },
  ];
  return (
    <CrudScreen<Exam>
      actionRef={actionRef}
      headerTitle={t('menu.score')}
      columns={columns}
      list={fetchExams}
      tools={[<StudentScoreModal key="student" />]}
      canEdit={access.educationalManagement}
      addLabel={t('exam.add')}
      rowActions={(r) => <a onClick={() => setViewing(r.id)}>{t('exam.seeScore')}</a>}
      form={(p) => <ExamForm exam={p.record} trigger={p.trigger} onDone={p.onDone} />}
      remove={(r) => ({ title: t('exam.deleteConfirm', { name: r.name }), onDelete: () => deleteExam(r.id) })}
    >
      <SheetDrawer examId={viewing} onClose={() => setViewing(undefined)} onChanged={() => actionRef.current?.reload()} />
    </CrudScreen>
  );
}
