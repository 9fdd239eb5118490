/** /student/score (docs/rules.md#homework-and-scores): one student's scores over time, with the class average of each exam. */
import React from 'react';
import { Card, Space } from 'antd';
import { StudentPickerBar, useStudentParam } from '@/components/Teaching';
import StudentScores from '@/components/Teaching/StudentScores';

export default function StudentScorePage() {
  const [studentId, setStudentId] = useStudentParam();
  return (
    <div style={{ padding: 24 }}>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <StudentPickerBar id="student-score-picker" value={studentId} onChange={setStudentId} />
          <StudentScores studentId={studentId} />
        </Space>
      </Card>
    </div>
  );
}
