/** One student's scores over time (student-score): exam, date, subject, score of full mark, the class average. */
import React from 'react';
import { Empty, Table, Tag } from 'antd';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchStudentScores } from '@/services/teaching';
import type { StudentScoreRow } from '@/types/teaching';

export default function StudentScores({ studentId }: { studentId?: number }) {
  const { t } = useIntl();
  const { data, loading } = useRequest(() => fetchStudentScores({ studentId: studentId!, pageSize: 200 }), { ready: !!studentId, refreshDeps: [studentId] });
  if (!studentId) return <Empty description={t('hw.pickStudentFirst')} />;
  return (
    <Table<StudentScoreRow>
      rowKey={(r) => `${r.examId}-${r.subject}`}
      size="small"
      loading={loading}
      dataSource={data?.list ?? []}
      pagination={{ pageSize: 20 }}
      columns={[
        { title: t('exam.name'), dataIndex: 'examName' },
        { title: t('exam.date'), dataIndex: 'date' },
        { title: t('hw.class'), dataIndex: 'className' },
        { title: t('exam.subject'), dataIndex: 'subject' },
        {
          title: t('exam.score'),
          key: 'score',
          render: (_, r) => (r.absent ? <Tag>{t('exam.absent')}</Tag> : r.score === null ? '-' : `${r.score} / ${r.fullMark}`),
        },
        { title: t('exam.classAverage'), dataIndex: 'average', render: (v: number | null) => (v === null ? '-' : v) },
      ]}
    />
  );
}
