/** leave tab (docs/screens.md#students): leave requests for future lessons; create, approve, reject. An approved leave is pre-marked in that lesson's roll call. */
import React, { useRef } from 'react';
import { App, Button, Space } from 'antd';
import { useSearchParams } from 'umi';
import { type ActionType } from '@ant-design/pro-components';
import { ExportListTable, actionsColumn } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { useExportable, type ExportableColumn } from '@/components/ExportButton';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { approveLeaveRequest, fetchLeaveRequests, rejectLeaveRequest } from '@/services/schedule';
import type { LeaveRequest } from '@/types/school';
import { LeaveStatusTag } from '@/components/schedule/labels';
import LeaveModal, { ReviewLeaveModal } from './LeaveModal';

export default function LeaveTab() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const access = useAppAccess();
  const ref = useRef<ActionType>();
  const canReview = access.isDealer || access.isManager;
  // Links (dashboard: pending leave requests) carry their filter: ?status=pending.
  const [params] = useSearchParams();
  const status = params.get('status') ?? undefined;
  const exp = useExportable(fetchLeaveRequests);
  const columns: ExportableColumn<LeaveRequest>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('leave.keywordHint') } },
    { title: t('leave.student'), dataIndex: 'studentName', search: false },
    { title: t('leave.lesson'), dataIndex: 'lessonLabel', search: false },
    { title: t('leave.date'), dataIndex: 'date', search: false, sorter: true, exportAs: 'date' },
    { title: t('leave.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('leave.reason'), dataIndex: 'reason', search: false, ellipsis: true },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { pending: { text: t('leave.status.pending') }, approved: { text: t('leave.status.approved') }, rejected: { text: t('leave.status.rejected') } },
      render: (_, r) => <LeaveStatusTag status={r.status} />,
    },
    { title: t('leave.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', exportAs: 'datetime' },
    { title: t('leave.reviewer'), dataIndex: 'reviewerName', search: false, render: (_, r) => (r.reviewerName ? `${r.reviewerName}${r.reviewRemark ? ` · ${r.reviewRemark}` : ''}` : '-') },
    actionsColumn<LeaveRequest>((r) =>
      r.status === 'pending' && canReview ? (
        <Space>
          <ReviewLeaveModal
            title={t('leave.approveTitle', { name: r.studentName })}
            trigger={<a>{t('leave.approve')}</a>}
            onSubmit={async (remark) => {
              await approveLeaveRequest(r.id, remark);
              message.success(t('leave.approved'));
              ref.current?.reload();
            }}
          />
          <ReviewLeaveModal
            title={t('leave.rejectTitle', { name: r.studentName })}
            danger
            trigger={<a>{t('leave.reject')}</a>}
            onSubmit={async (remark) => {
              await rejectLeaveRequest(r.id, remark);
              message.success(t('leave.rejected'));
              ref.current?.reload();
            }}
          />
        </Space>
      ) : (
        '-'
      ),
    ),
  ];
  return (
    <ExportListTable<LeaveRequest>
      exportable={exp}
      name={t('student.tab.leave')}
      actionRef={ref}
      columns={columns}
      request={tableRequest(exp.service)}
      form={{ initialValues: { status } }}
      tools={[<LeaveModal key="add" trigger={<Button type="primary">{t('leave.add')}</Button>} onDone={() => ref.current?.reload()} />]}
    />
  );
}
