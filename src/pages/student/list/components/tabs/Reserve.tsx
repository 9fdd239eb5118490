/** reserve tab (docs/screens.md#students): bookings of students into lessons within capacity; cancel; attended after roll call. */
import React, { useRef } from 'react';
import { Button, Popconfirm, Tag } from 'antd';
import { type ActionType } from '@ant-design/pro-components';
import { ExportListTable, actionsColumn } from '@/components/crud';
import { useSave } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { useExportable, type ExportableColumn } from '@/components/ExportButton';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { cancelReservation, fetchReservations } from '@/services/schedule';
import type { Reservation, ReservationStatus } from '@/types/schedule';
import ReserveModal from './ReserveModal';

const COLOR: Record<ReservationStatus, string> = { booked: 'blue', attended: 'green', absent: 'orange', cancelled: 'default' };

export default function ReserveTab() {
  const { t } = useIntl();
  const save = useSave();
  const access = useAppAccess();
  const ref = useRef<ActionType>();
  const canBook = !access.isCustomer;
  const exp = useExportable(fetchReservations);
  const columns: ExportableColumn<Reservation>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('reserve.keywordHint') } },
    { title: t('reserve.student'), dataIndex: 'studentName', search: false },
    { title: t('reserve.lesson'), dataIndex: 'lessonLabel', search: false },
    { title: t('reserve.date'), dataIndex: 'lessonDate', search: false, sorter: true, defaultSortOrder: 'descend', exportAs: 'date' },
    { title: t('reserve.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries((['booked', 'attended', 'absent', 'cancelled'] as const).map((s) => [s, { text: t(`reserve.status.${s}`) }])),
      render: (_, r) => <Tag color={COLOR[r.status]}>{t(`reserve.status.${r.status}`)}</Tag>,
    },
    { title: t('common.remark'), dataIndex: 'remark', search: false, ellipsis: true },
    { title: t('reserve.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, exportAs: 'datetime' },
    actionsColumn<Reservation>((r) =>
      r.status === 'booked' && canBook ? (
        <Popconfirm
          title={t('reserve.cancelConfirm', { name: r.studentName })}
          onConfirm={() => save(() => cancelReservation(r.id), t('reserve.cancelled'), () => ref.current?.reload())}
        >
          <a>{t('reserve.cancel')}</a>
        </Popconfirm>
      ) : (
        '-'
      ),
    ),
  ];
  return (
    <ExportListTable<Reservation>
      exportable={exp}
      name={t('student.tab.reserve')}
      actionRef={ref}
      columns={columns}
      request={tableRequest(exp.service, undefined, ['dateRange'])}
      tools={canBook ? [<ReserveModal key="add" trigger={<Button type="primary">{t('reserve.add')}</Button>} onDone={() => ref.current?.reload()} />] : []}
    />
  );
}
