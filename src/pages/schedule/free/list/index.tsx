/** /schedule/free/list (docs/screens.md#schedule): free trial lessons of leads; attended, no-show, converted; the lead follows. */
import React, { useRef } from 'react';
import { App, Button, Popconfirm, Space } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ListPage } from '@/components/crud';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { fetchTrials, setTrialStatus } from '@/services/schedule';
import type { Trial, TrialStatus } from '@/types/schedule';
import { toValueEnum, TrialStatusTag, useScheduleOptions } from '@/components/schedule/labels';

const NEXT: Record<TrialStatus, TrialStatus[]> = { booked: ['attended', 'noShow', 'cancelled'], attended: ['converted'], noShow: ['booked', 'cancelled'], converted: [], cancelled: [] };

export default function FreeTrialListPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const access = useAppAccess();
  const ref = useRef<ActionType>();
  const { options } = useScheduleOptions();
  const canBook = access.isDealer || access.isManager || access.isSales;

  const act = async (r: Trial, status: TrialStatus) => {
    try {
      await setTrialStatus(r.id, status);
      message.success(t('trial.statusSaved', { status: t(`trial.status.${status}`) }));
      ref.current?.reload();
    } catch {
      /* shown by the request layer */
    }
  };

  const columns: ProColumns<Trial>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('trial.keywordHint') } },
    { title: t('trial.lead'), dataIndex: 'leadName', search: false },
    { title: t('trial.mobile'), dataIndex: 'mobile', search: false },
    { title: t('schedule.field.date'), dataIndex: 'date', search: false, sorter: true, render: (_, r) => `${r.date} ${r.start}–${r.end}` },
    { title: t('schedule.field.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('trial.where'), dataIndex: 'className', search: false, render: (_, r) => (r.lessonId ? r.className : `${t('trial.slot')}${r.course ? ` · ${r.course}` : ''}`) },
    { title: t('schedule.field.teacher'), dataIndex: 'teacherId', valueType: 'select', valueEnum: toValueEnum(options.teachers), render: (_, r) => r.teacherName ?? '-' },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries((['booked', 'attended', 'noShow', 'converted', 'cancelled'] as const).map((s) => [s, { text: t(`trial.status.${s}`) }])),
      render: (_, r) => <TrialStatusTag status={r.status} />,
    },
    { title: t('common.remark'), dataIndex: 'remark', search: false, ellipsis: true },
    { title: t('trial.createdBy'), dataIndex: 'createdBy', search: false },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => {
        const next = NEXT[r.status].filter((s) => s !== 'converted' || !access.isTeacher);
        if (!next.length) return '-';
        return (
          <Space wrap>
            {next.map((s) =>
              s === 'cancelled' || s === 'converted' ? (
                <Popconfirm key={s} title={t(`trial.confirm.${s}`, { name: r.leadName })} onConfirm={() => act(r, s)}>
                  <a>{t(`trial.action.${s}`)}</a>
                </Popconfirm>
              ) : (
                <a key={s} onClick={() => act(r, s)}>
                  {t(`trial.action.${s}`)}
                </a>
              ),
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <ListPage<Trial>
      headerTitle={t('menu.freeList')}
      actionRef={ref}
      columns={columns}
      request={tableRequest(fetchTrials)}
      toolBarRender={() =>
        canBook
          ? [
              <Button key="add" type="primary" onClick={() => history.push('/schedule/free/add')}>
                {t('menu.freeAdd')}
              </Button>,
            ]
          : []
      }
    />
  );
}
