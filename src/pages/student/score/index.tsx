/** /student/score (docs/rules.md#homework-and-scores): one student's scores over time, with the class average of each exam. */
import React from 'react';
import { Card, Space } from 'antd';
import { useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { StudentPicker } from '@/components/Teaching';
import StudentScores from '@/components/Teaching/StudentScores';

export default function StudentScorePage() {
  const { t } = useIntl();
  const [params, setParams] = useSearchParams();
  const studentId = params.get('studentId') ? Number(params.get('studentId')) : undefined;
  return (
    <div style={{ padding: 24 }}>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <Space>
            <label htmlFor="student-score-picker">{t('hw.student')}</label>
            <StudentPicker id="student-score-picker" value={studentId} onChange={(v) => setParams(v ? { studentId: String(v) } : {})} />
          </Space>
          <StudentScores studentId={studentId} />
        </Space>
      </Card>
    </div>
  );
}
