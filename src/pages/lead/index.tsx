/**
 * /lead: the lead pool (docs/rules.md#leads): unowned leads and leads returned after N days without follow-up.
 * Claim one or many (at most the company's limit of active leads per person; the server refuses more).
 * Managers and dealers can also distribute from here.
 */
import React, { useRef, useState } from 'react';
import { Alert, App, Button, Progress, Space, Typography } from 'antd';
import { type ActionType } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import ExportButton, { useExportable, type ExportableColumn } from '@/components/ExportButton';
import ExcelImport from '@/components/ExcelImport';
import { rowCheckbox } from '@/components/rowSelection';
import { useSession } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { claimLeads, fetchCustomerCampuses, fetchLeadQuota, fetchPool } from '@/services/customer';
import type { Lead, PoolReason } from '@/types/customer';
import { canDistribute } from '@/domain/leads';
import TimeSelect from '@/components/TimeSelect';
import Distribution from '@/components/customer/Distribution';
import { formatMobile, intentionEnum, IntentionTag, sourceEnum, statusEnum, StatusTag } from '@/components/customer/labels';
import { actionsColumn } from '@/components/crud';

const REASONS: PoolReason[] = ['unassigned', 'returned', 'released'];

export default function LeadPoolPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { currentUser } = useSession();
  const ref = useRef<ActionType>();
  const [selected, setSelected] = useState<Lead[]>([]);
  const [claiming, setClaiming] = useState(false);
  const quota = useRequest(fetchLeadQuota);
  const distribute = canDistribute(currentUser?.role);

  const reload = () => {
    setSelected([]);
    ref.current?.clearSelected?.();
    ref.current?.reload();
    quota.refresh();
  };

  const claim = async (leads: Lead[]) => {
    if (!leads.length) return;
    setClaiming(true);
    try {
      const res = await claimLeads(leads.map((l) => l.id));
      message.success(t('cu.pool.claimed', { n: res.claimed, owned: res.owned, limit: res.limit }));
      reload();
    } catch {
      /* the server's message (limit, already claimed) is shown by the request layer */
    } finally {
      setClaiming(false);
    }
  };

  const exp = useExportable(fetchPool);
  const columns: ExportableColumn<Lead>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('cu.keywordHint') } },
    { title: t('cu.field.name'), dataIndex: 'name', search: false, sorter: true },
    { title: t('cu.field.mobile'), dataIndex: 'mobile', search: false, onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, r) => formatMobile(r.mobile) },
    { title: t('cu.field.status'), dataIndex: 'status', valueType: 'select', valueEnum: statusEnum(), render: (_, r) => <StatusTag status={r.status} /> },
    { title: t('cu.field.intention'), dataIndex: 'intention', valueType: 'select', valueEnum: intentionEnum(), sorter: true, render: (_, r) => <IntentionTag intention={r.intention} /> },
    { title: t('cu.field.source'), dataIndex: 'source', valueType: 'select', valueEnum: sourceEnum(), render: (_, r) => t(`cu.source.${r.source}`) },
    {
      title: t('cu.pool.reason'),
      dataIndex: 'poolReason',
      valueType: 'select',
      valueEnum: Object.fromEntries(REASONS.map((r) => [r, { text: t(`cu.pool.reason.${r}`) }])),
      render: (_, r) => (r.poolReason ? t(`cu.pool.reason.${r.poolReason}`) : '-'),
    },
    { title: t('cu.pool.previousOwner'), dataIndex: 'previousOwnerName', search: false, renderText: (v?: string) => v || '-' },
    { title: t('cu.field.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCustomerCampuses, render: (_, r) => r.campusName },
    { title: t('cu.field.lastFollowUpAt'), dataIndex: 'lastFollowUpAt', search: false, sorter: true, exportAs: 'date', renderText: (v?: string) => (v ? v.slice(0, 10) : '-') },
    { title: t('cu.pool.pooledAt'), dataIndex: 'pooledAt', search: false, sorter: true, defaultSortOrder: 'descend', exportAs: 'date', renderText: (v?: string) => (v ? v.slice(0, 10) : '-') },
    { title: t('cu.field.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, exportAs: 'date', renderText: (v: string) => v.slice(0, 10) },
    { title: t('cu.field.createdAt'), dataIndex: 'dateRange', hideInTable: true, renderFormItem: () => <TimeSelect /> },
    actionsColumn<Lead>(
      (r) => (
        <Space>
          <a onClick={() => claim([r])}>{t('cu.pool.claim')}</a>
          {distribute && <Distribution ids={[r.id]} names={[r.name]} trigger={<a>{t('cu.dist.action')}</a>} onDone={reload} />}
        </Space>
      ),
      { width: 150 },
    ),
  ];

  const q = quota.data;
  return (
    <div style={{ padding: 24 }}>
      {q && (
        <Alert
          style={{ marginBottom: 16 }}
          type={q.owned >= q.limit ? 'warning' : 'info'}
          showIcon
          data-testid="lead-quota"
          message={
            <Space wrap>
              <span>{t('cu.pool.quota', { owned: q.owned, limit: q.limit })}</span>
              <Progress aria-label={t('cu.pool.quota', { owned: q.owned, limit: q.limit })} percent={Math.round((q.owned / q.limit) * 100)} size="small" style={{ width: 160, margin: 0 }} showInfo={false} />
              <Typography.Text type="secondary">{t('cu.pool.rule', { days: q.poolDays })}</Typography.Text>
            </Space>
          }
        />
      )}
      <ListTable<Lead>
        headerTitle={t('menu.lead')}
        toolBarRender={() => [
          <ExportButton key="export" exportable={exp} columns={columns} name={t('menu.lead')} />,
          // Managers and the dealer add leads straight to the pool (rows without an owner).
          ...(distribute ? [<ExcelImport key="import" kind="leads" pool onDone={reload} />] : []),
        ]}
        rowKey="id"
        actionRef={ref}
        columns={columns}
        request={tableRequest(exp.service)}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        // Issue 31: mobiles on one line; these columns come back with the column setting.
        secondary={['previousOwnerName', 'lastFollowUpAt', 'createdAt']}
        rowSelection={{ selectedRowKeys: selected.map((l) => l.id), onChange: (_, rows) => setSelected(rows), preserveSelectedRowKeys: true, getCheckboxProps: rowCheckbox((l) => l.name) }}
        tableAlertRender={({ selectedRowKeys }) => t('cu.selected', { n: selectedRowKeys.length })}
        tableAlertOptionRender={() => (
          <Space>
            <Button size="small" type="primary" loading={claiming} onClick={() => claim(selected)}>
              {t('cu.pool.claimSelected', { n: selected.length })}
            </Button>
            {distribute && (
              <Distribution ids={selected.map((l) => l.id)} names={selected.map((l) => l.name)} trigger={<Button size="small">{t('cu.dist.batch')}</Button>} onDone={reload} />
            )}
            <a onClick={() => setSelected([])}>{t('cu.clearSelection')}</a>
          </Space>
        )}
      />
    </div>
  );
}
