/**
 * The roll-call drawer (docs/rules.md#roll-call): each student present / leave / truant, their card and remaining hours,
 * a warning before a deduction would fail, one save for all (ledger records), and the manager's undo.
 */
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Drawer, Popconfirm, Radio, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchRollCall, saveRollCall, undoRollCall } from '@/services/schedule';
import type { AttendanceMark, RollCallStudent } from '@/types/schedule';
import { deductionWarning } from '@/domain/rollCall';
import { formatHours } from '@/utils/format';
import { MarkTag, RollCallTag } from '@/components/schedule/labels';

export default function RollCallDrawer({ lessonId, onClose, onChanged }: { lessonId?: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useIntl();
  const { data, loading, error, refresh } = useRequest(() => (lessonId ? fetchRollCall(lessonId) : Promise.resolve(undefined)), { refreshDeps: [lessonId] });
  const [marks, setMarks] = useState<Record<number, AttendanceMark | undefined>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<{ studentName: string; reason: string }[]>([]);
  // What the last save or undo did, shown inside the drawer (a toast at the top would cover the drawer's title).
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'undone'; n: number }>();
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setOutcome(undefined);
    setFailed([]);
  }, [lessonId]);
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);

  useEffect(() => {
    const init: Record<number, AttendanceMark | undefined> = {};
    for (const s of data?.students ?? []) if (!s.saved) init[s.studentId] = s.mark;
    setMarks(init);
  }, [data]);

  const lesson = data?.lesson;
  const settings = data?.settings;
  const pending = (data?.students ?? []).filter((s) => !s.saved);
  const toSave = pending.filter((s) => marks[s.studentId]);
  const warnings = useMemo(() => {
    const w: Record<number, string | undefined> = {};
    if (!lesson || !settings) return w;
    for (const s of pending) {
      const card = s.cardId ? { id: s.cardId, kind: s.cardKind ?? 'count', remainingHours: s.remainingHours ?? 0 } : undefined;
      w[s.studentId] = deductionWarning(marks[s.studentId], lesson.hours, card, settings);
    }
    return w;
  }, [pending, marks, lesson, settings]);
  const warnCount = Object.values(warnings).filter(Boolean).length;

  const save = async () => {
    if (!lesson) return;
    setSaving(true);
    try {
      const res = await saveRollCall({ lessonId: lesson.id, marks: toSave.map((s) => ({ studentId: s.studentId, mark: marks[s.studentId]! })) });
      setFailed(res.failed);
      setOutcome({ kind: 'saved', n: res.attendances.length });
      refresh();
      onChanged();
    } catch {
      /* shown by the request layer; marks stay */
    } finally {
      setSaving(false);
    }
  };

  const undo = async () => {
    if (!lesson) return;
    try {
      const res = await undoRollCall(lesson.id);
      setOutcome({ kind: 'undone', n: res.proofs });
      setFailed([]);
      refresh();
      onChanged();
    } catch {
      /* shown by the request layer */
    }
  };

  const columns = [
    {
      title: t('rollCall.student'),
      dataIndex: 'studentName',
      render: (_: unknown, s: RollCallStudent) => (
        <Space size={4} wrap>
          {s.studentName}
          {s.source === 'reserved' && <Tag>{t('schedule.source.reserved')}</Tag>}
          {s.approvedLeave && <Tag color="gold">{t('schedule.leaveApproved')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('rollCall.card'),
      // A saved line: the card its record took from (or its arrears), as at the lesson; an open line: the card now.
      render: (_: unknown, s: RollCallStudent) =>
        s.cardId ? (
          <span>
            {s.cardName}
            <br />
            <Typography.Text type="secondary">{s.cardNo}</Typography.Text>
          </span>
        ) : s.arrears ? (
          <Space direction="vertical" size={0} data-testid="roll-call-arrears">
            <Tag color={s.arrears.status === 'open' ? 'red' : s.arrears.status === 'settled' ? 'green' : 'default'}>{t('rollCall.arrears', { status: t(`arrears.status.${s.arrears.status}`) })}</Tag>
            {s.arrears.settledCardNo && <Typography.Text type="secondary">{t('rollCall.arrearsSettled', { cardNo: s.arrears.settledCardNo })}</Typography.Text>}
          </Space>
        ) : s.saved ? (
          '-'
        ) : (
          <Typography.Text type="danger">{t('rollCall.noCard')}</Typography.Text>
        ),
    },
    {
      title: t('rollCall.remaining'),
      render: (_: unknown, s: RollCallStudent) => (s.cardKind === 'period' ? t('rollCall.period') : s.remainingHours === undefined ? '-' : formatHours(s.remainingHours)),
    },
    {
      title: t('rollCall.mark'),
      render: (_: unknown, s: RollCallStudent) =>
        s.saved ? (
          <Space size={4}>
            {s.mark && <MarkTag mark={s.mark} />}
            <Typography.Text type="secondary">{s.recordType ? `${t(`hourRecord.${s.recordType}`)} ${formatHours(s.hours)}` : ''}</Typography.Text>
          </Space>
        ) : (
          <Space direction="vertical" size={2}>
            <Radio.Group
              size="small"
              disabled={!data?.canSave}
              value={marks[s.studentId]}
              onChange={(e) => setMarks((m) => ({ ...m, [s.studentId]: e.target.value as AttendanceMark }))}
              aria-label={t('rollCall.markOf', { name: s.studentName })}
              options={(['present', 'leave', 'truant'] as const).map((k) => ({ value: k, label: t(`schedule.mark.${k}`) }))}
              optionType="button"
            />
            {warnings[s.studentId] && (
              <Typography.Text type="warning" data-testid="deduction-warning">
                {t(`rollCall.warn.${warnings[s.studentId]}`)}
              </Typography.Text>
            )}
          </Space>
        ),
    },
  ];

  return (
    <Drawer
      open={lessonId !== undefined}
      onClose={onClose}
      width={760}
      destroyOnHidden
      title={lesson ? `${t('rollCall.title')} · ${lesson.className} · ${lesson.date} ${lesson.start}–${lesson.end}` : t('rollCall.title')}
      extra={
        lesson && (
          <Space>
            <RollCallTag state={lesson.rollCall} />
            {data?.canUndo && (
              <Popconfirm title={t('rollCall.undoConfirm')} onConfirm={undo} okButtonProps={{ danger: true }}>
                <Button danger>{t('rollCall.undo')}</Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
      footer={
        data?.canSave && pending.length > 0 ? (
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Space>
              <Button onClick={() => setMarks(Object.fromEntries(pending.map((s) => [s.studentId, s.approvedLeave ? 'leave' : 'present'])))}>{t('rollCall.allPresent')}</Button>
              <Typography.Text type="secondary">{t('rollCall.toSave', { n: toSave.length, total: pending.length })}</Typography.Text>
            </Space>
            <Popconfirm
              title={t('rollCall.saveConfirm', { n: toSave.length, hours: formatHours(lesson?.hours) })}
              description={warnCount ? t('rollCall.saveWarn', { n: warnCount }) : undefined}
              onConfirm={save}
              disabled={!toSave.length}
            >
              <Button type="primary" loading={saving} disabled={!toSave.length}>
                {t('rollCall.save')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {error && !data ? (
        <Alert type="error" showIcon message={t('common.loadFailed')} description={error.message} action={<Button onClick={refresh}>{t('common.retry')}</Button>} />
      ) : loading && !data ? (
        <Skeleton active />
      ) : (
        <>
          {lesson && (
            <Typography.Paragraph type="secondary">
              {t('rollCall.summary', { teacher: lesson.teacherName, room: lesson.roomName, hours: formatHours(lesson.hours) })}
            </Typography.Paragraph>
          )}
          {data && !data.canSave && lesson && lesson.rollCall === 'notDue' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('rollCall.notDue')} />}
          {data && !data.canSave && lesson && lesson.rollCall !== 'notDue' && pending.length > 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('rollCall.readOnly')} />}
          {warnCount > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('rollCall.warnings', { n: warnCount })} />}
          {outcome && (
            <div ref={outcomeRef}>
              <Alert
                type="success"
                showIcon
                closable
                onClose={() => setOutcome(undefined)}
                style={{ marginBottom: 12 }}
                data-testid="roll-call-outcome"
                message={outcome.kind === 'saved' ? t('rollCall.saved', { n: outcome.n }) : t('rollCall.undone', { n: outcome.n })}
              />
            </div>
          )}
          {failed.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={t('rollCall.failed', { n: failed.length })}
              description={failed.map((f) => `${f.studentName}: ${t(`rollCall.failedReason.${f.reason}`)}`).join('; ')}
            />
          )}
          <Table<RollCallStudent> size="small" rowKey="studentId" pagination={false} dataSource={data?.students ?? []} columns={columns} locale={{ emptyText: t('schedule.noStudents') }} data-testid="roll-call-table" />
        </>
      )}
    </Drawer>
  );
}
