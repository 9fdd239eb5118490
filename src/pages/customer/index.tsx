/**
 * /customer: leads (docs/rules.md#leads, docs/screens.md#customer-center). Filters (status, intention, source, owner, campus, created time through
 * TimeSelect, follow-up due, merchant), server-side paging and sorting; add-customer with fast-check, ModifyCustomer,
 * FollowUp, Distribution and batch-distribution, batch-formal, del-customer. Sales see their own leads (server rule).
 */
import React, { useMemo, useRef, useState } from 'react';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { type ActionType } from '@ant-design/pro-components';
import { ListPage, actionsColumn } from '@/components/crud';
import { useSave } from '@/components/FormModal';
import { useSearchParams } from 'umi';
import dayjs from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import ExportButton, { useExportable, type ExportableColumn } from '@/components/ExportButton';
import ExcelImport from '@/components/ExcelImport';
import { rowCheckbox } from '@/components/rowSelection';
import { useSession } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { convertLeads, deleteLead, fetchCustomerCampuses, fetchLeads, fetchMerchantOptions, fetchOwners, releaseLeads } from '@/services/customer';
import type { Lead } from '@/types/customer';
import { canDelete, canDistribute, conversionBlocker, isActive, seesAllLeads } from '@/domain/leads';
import TimeSelect from '@/components/TimeSelect';
import DrillBanner, { useDrill } from '@/components/DrillBanner';
import AddCustomer from './components/AddCustomer';
import FastCheck from './components/FastCheck';
import ModifyCustomer from './components/ModifyCustomer';
import FollowUp from './components/FollowUp';
import Distribution from '@/components/customer/Distribution';
import LeadDetail from './components/LeadDetail';
import { formatMobile, intentionEnum, IntentionTag, sourceEnum, statusEnum, StatusTag } from '@/components/customer/labels';

const DUE = ['overdue', 'today', 'week', 'none'] as const;

export default function CustomerListPage() {
  const { t } = useIntl();
  const { message, modal } = App.useApp();
  const save = useSave();
  const { currentUser } = useSession();
  const [params] = useSearchParams();
  // Opened from an analysis figure: its filter (?drill=...) narrows the list (docs/rules.md#analysis-metrics).
  const drill = useDrill();
  const ref = useRef<ActionType>();
  const [selected, setSelected] = useState<Lead[]>([]);
  const [detail, setDetail] = useState<Lead>();
  const [version, setVersion] = useState(0);
  const all = seesAllLeads(currentUser?.role);
  const distribute = canDistribute(currentUser?.role);
  const today = dayjs().format('YYYY-MM-DD');

  const reload = () => {
    setVersion((v) => v + 1);
    ref.current?.reload();
  };
  const reloadAndClear = () => {
    setSelected([]);
    ref.current?.clearSelected?.();
    reload();
  };

  const convert = (leads: Lead[]) => {
    const blocked = leads.find((l) => conversionBlocker(l));
    if (blocked) {
      message.warning(t(blocked.status === 'formal' ? 'cu.formal.already' : 'cu.formal.invalid', { name: blocked.name }));
      return;
    }
    modal.confirm({
      title: t('cu.formal.confirmTitle', { n: leads.length }),
      content: t('cu.formal.confirmBody', { names: leads.map((l) => l.name).join('、') }),
      okText: t('cu.formal.action'),
      onOk: () => save(() => convertLeads(leads.map((l) => l.id)), (res) => t('cu.formal.done', { n: res.converted.length }), reloadAndClear),
    });
  };

  const release = (lead: Lead) => {
    modal.confirm({
      title: t('cu.release.title', { name: lead.name }),
      content: t('cu.release.body'),
      okText: t('cu.release.action'),
      onOk: () => save(() => releaseLeads([lead.id]), t('cu.release.done'), reloadAndClear),
    });
  };

  const remove = (lead: Lead) => {
    modal.confirm({
      title: t('cu.del.title', { name: lead.name }),
      content: t('cu.del.body'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => save(() => deleteLead(lead.id), t('cu.del.done'), reloadAndClear),
    });
  };

  const initialRange = params.get('startDate') && params.get('endDate') ? [params.get('startDate'), params.get('endDate')] : undefined;
  const param = (k: string) => params.get(k) ?? undefined;
  const numParam = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);

  const exp = useExportable(fetchLeads);
  const columns = useMemo<ExportableColumn<Lead>[]>(
    () => [
      { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('cu.keywordHint') }, initialValue: param('keyword') },
      {
        title: t('cu.field.name'),
        dataIndex: 'name',
        search: false,
        sorter: true,
        fixed: 'left',
        render: (_, r) => <a onClick={() => setDetail(r)}>{r.name}</a>,
      },
      { title: t('cu.field.mobile'), dataIndex: 'mobile', search: false, onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, r) => formatMobile(r.mobile) },
      { title: t('cu.field.status'), dataIndex: 'status', valueType: 'select', valueEnum: statusEnum(), initialValue: param('status'), render: (_, r) => <StatusTag status={r.status} /> },
      { title: t('cu.field.intention'), dataIndex: 'intention', valueType: 'select', valueEnum: intentionEnum(), sorter: true, initialValue: param('intention'), render: (_, r) => <IntentionTag intention={r.intention} /> },
      { title: t('cu.field.source'), dataIndex: 'source', valueType: 'select', valueEnum: sourceEnum(), initialValue: param('source'), render: (_, r) => t(`cu.source.${r.source}`) },
      {
        title: t('cu.field.owner'),
        dataIndex: 'ownerId',
        valueType: 'select',
        hideInSearch: !all,
        initialValue: param('ownerId'),
        request: async () => [{ value: 'pool', label: t('cu.owner.pool') }, ...(await fetchOwners()).map((o) => ({ value: String(o.value), label: o.label }))],
        render: (_, r) => r.ownerName ?? <Typography.Text type="secondary">{t('cu.owner.pool')}</Typography.Text>,
      },
      { title: t('cu.field.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCustomerCampuses, initialValue: numParam('campusId'), render: (_, r) => r.campusName },
      {
        title: t('cu.field.due'),
        dataIndex: 'due',
        valueType: 'select',
        hideInTable: true,
        initialValue: param('due'),
        valueEnum: Object.fromEntries(DUE.map((d) => [d, { text: t(`cu.due.${d}`) }])),
      },
      { title: t('cu.field.merchant'), dataIndex: 'merchantId', valueType: 'select', hideInTable: true, request: fetchMerchantOptions, initialValue: numParam('merchantId') },
      {
        title: t('cu.field.createdAt'),
        dataIndex: 'dateRange',
        hideInTable: true,
        initialValue: initialRange,
        renderFormItem: () => <TimeSelect />,
      },
      { title: t('cu.field.lastFollowUpAt'), dataIndex: 'lastFollowUpAt', search: false, sorter: true, exportAs: 'datetime', renderText: (v?: string) => (v ? v.slice(0, 16) : '-') },
      {
        title: t('cu.field.nextFollowUpAt'),
        dataIndex: 'nextFollowUpAt',
        search: false,
        exportAs: 'date',
        sorter: true,
        render: (_, r) =>
          !r.nextFollowUpAt ? (
            '-'
          ) : r.nextFollowUpAt < today && ['new', 'following', 'trial'].includes(r.status) ? (
            <Typography.Text type="danger">{r.nextFollowUpAt}</Typography.Text>
          ) : (
            r.nextFollowUpAt
          ),
      },
      { title: t('cu.field.followUpCount'), dataIndex: 'followUpCount', search: false, sorter: true, width: 90, exportAs: 'count' },
      { title: t('cu.field.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', exportAs: 'datetime', renderText: (v: string) => v.slice(0, 16) },
      actionsColumn<Lead>(
        (r) => (
          <Space size="small" wrap>
            <FollowUp lead={r} onDone={reload} />
            <ModifyCustomer lead={r} onDone={reload} />
            {distribute && <Distribution ids={[r.id]} names={[r.name]} trigger={<a>{t('cu.dist.action')}</a>} onDone={reload} />}
            {!conversionBlocker(r) && <a onClick={() => convert([r])}>{t('cu.formal.action')}</a>}
            {r.ownerId !== undefined && isActive(r) && <a onClick={() => release(r)}>{t('cu.release.action')}</a>}
            {canDelete(r) ? (
              <a style={{ color: '#ff4d4f' }} onClick={() => remove(r)}>
                {t('common.delete')}
              </a>
            ) : (
              <Tooltip title={t('cu.del.formal')}>
                <Typography.Text type="secondary">{t('common.delete')}</Typography.Text>
              </Tooltip>
            )}
          </Space>
        ),
        { width: 300 },
      ),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, all, distribute, today, params],
  );

  return (
    <ListPage<Lead>
      before={<DrillBanner />}
      params={drill}
      headerTitle={t('menu.customer')}
      actionRef={ref}
      columns={columns}
      request={tableRequest(exp.service)}
      // Issue 31: mobiles on one line; these columns come back with the column setting.
      secondary={['source', 'lastFollowUpAt', 'followUpCount', 'createdAt']}
      rowSelection={{ selectedRowKeys: selected.map((l) => l.id), onChange: (_, rows) => setSelected(rows), preserveSelectedRowKeys: true, getCheckboxProps: rowCheckbox((l) => l.name) }}
      tableAlertRender={({ selectedRowKeys }) => t('cu.selected', { n: selectedRowKeys.length })}
      tableAlertOptionRender={() => (
        <Space>
          {distribute && (
            <Distribution ids={selected.map((l) => l.id)} names={selected.map((l) => l.name)} trigger={<Button size="small">{t('cu.dist.batch')}</Button>} onDone={reloadAndClear} />
          )}
          <Button size="small" onClick={() => convert(selected)}>
            {t('cu.formal.batch')}
          </Button>
          <a onClick={() => setSelected([])}>{t('cu.clearSelection')}</a>
        </Space>
      )}
      tools={[<FastCheck key="fast" />, <ExportButton key="export" exportable={exp} columns={columns} name={t('menu.customer')} />, <ExcelImport key="import" kind="leads" onDone={reload} />, <AddCustomer key="add" canAssign={all} onDone={reload} />]}
    >
      <LeadDetail lead={detail} version={version} onClose={() => setDetail(undefined)} />
    </ListPage>
  );
}
