/** A student's open arrears (docs/rules.md#arrears) in the student drawer: count, hours, value and the lessons. */
import React from 'react';
import { Empty, Table, Tag, Typography } from 'antd';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import type { ArrearsRow, ArrearsSummary } from '@/types/arrears';
import { formatHours, formatMoney } from '@/utils/format';

export default function StudentArrears({ studentId, rows, summary: sum }: { studentId: number; rows: ArrearsRow[]; summary: ArrearsSummary }) {
  const { t } = useIntl();
  return (
    <div data-testid="student-arrears">
      <Typography.Paragraph>
        {sum.open ? t('arrears.summary', { n: sum.open, hours: formatHours(sum.hours), value: formatMoney(sum.value) }) : t('arrears.none')}{' '}
        <Link to={`/student/list?tab=arrears&status=open&studentId=${studentId}`}>{t('widget.arrears.all')}</Link>
      </Typography.Paragraph>
      <Table<ArrearsRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('arrears.none')} /> }}
        columns={[
          { title: t('arrears.lessonDate'), dataIndex: 'lessonDate' },
          { title: t('arrears.class'), dataIndex: 'className' },
          { title: t('arrears.mark'), dataIndex: 'mark', render: (_: unknown, r) => t(`schedule.mark.${r.mark}`) },
          { title: t('arrears.hours'), dataIndex: 'hours', align: 'right', render: (v: number) => formatHours(v) },
          { title: t('arrears.value'), dataIndex: 'value', align: 'right', render: (v: number) => formatMoney(v) },
          { title: t('arrears.why'), dataIndex: 'reason', render: (_: unknown, r) => <Tag>{t(`arrears.reason.${r.reason}`)}</Tag> },
        ]}
      />
    </div>
  );
}
