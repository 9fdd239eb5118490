/**
 * /operate: the audit log (PRODUCT.md §5.15). Every successful write with who, company, when, IP, call, target and
 * the changed fields before and after. Platform roles see every company (and filter by company); company users see
 * their own company's. Filters: company, user, resource, date; Excel export of the filtered log.
 */
import React, { useRef, useState } from 'react';
import { App, Button, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest, toListQuery } from '@/services/list';
import { fetchAuditLog, fetchAuditOptions } from '@/services/platform';
import type { AuditChange, AuditEntry } from '@/types/platform';
import ListTable from '@/components/ListTable';

const show = (v: unknown): string => (v === undefined ? '—' : v === null ? 'null' : typeof v === 'object' ? JSON.stringify(v) : String(v));
export const changeText = (c: AuditChange) => (c.before === undefined ? `${c.field}: ${show(c.after)}` : `${c.field}: ${show(c.before)} → ${show(c.after)}`);

function Changes({ changes }: { changes: AuditChange[] }) {
  const { t } = useIntl();
  return (
    <Table<AuditChange & { key: number }>
      size="small"
      pagination={false}
      aria-label={t('pfOperate.changes')}
      dataSource={changes.map((c, key) => ({ ...c, key }))}
      columns={[
        { title: t('pfOperate.field'), dataIndex: 'field' },
        { title: t('pfOperate.before'), dataIndex: 'before', render: (v: unknown) => <Typography.Text type="secondary">{show(v)}</Typography.Text> },
        { title: t('pfOperate.after'), dataIndex: 'after', render: (v: unknown) => show(v) },
      ]}
    />
  );
}

export default function OperatePage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const access = useAppAccess();
  const options = useRequest(fetchAuditOptions);
  const lastParams = useRef<Record<string, unknown>>({});
  const request = tableRequest(fetchAuditLog);
  const [exporting, setExporting] = useState(false);
  const opts = (list?: { value: number; label: string }[]) => Object.fromEntries((list ?? []).map((o) => [String(o.value), { text: o.label }]));

  const exportLog = async () => {
    setExporting(true);
    try {
      const { collectPages, downloadWorkbook } = await import('@/utils/workbook');
      const rows = await collectPages(fetchAuditLog, { ...toListQuery(lastParams.current) });
      await downloadWorkbook('operate-log.xlsx', [
        {
          name: t('menu.operate'),
          columns: [
            { key: 'at', header: t('pfOperate.at'), width: 20, kind: 'datetime' },
            { key: 'companyName', header: t('pfOperate.company'), width: 24 },
            { key: 'userName', header: t('pfOperate.user') },
            { key: 'ip', header: 'IP' },
            { key: 'call', header: t('pfOperate.call'), width: 36 },
            { key: 'resource', header: t('pfOperate.resource') },
            { key: 'targetId', header: t('pfOperate.target') },
            { key: 'changes', header: t('pfOperate.changes'), width: 80 },
          ],
          rows: rows.map((r) => ({ ...r, call: `${r.method} ${r.path}`, changes: r.changes.map(changeText).join('; ') })),
        },
      ]);
      message.success(t('pfExport.done', { n: rows.length }));
    } catch {
      /* shown by the request layer */
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<AuditEntry>[] = [
    { title: t('pfOperate.at'), dataIndex: 'at', search: false, sorter: true, width: 170 },
    { title: t('pfOperate.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    {
      title: t('pfOperate.company'),
      dataIndex: 'companyId',
      valueType: 'select',
      hideInSearch: !access.isPlatform,
      valueEnum: opts(options.data?.companies),
      fieldProps: { showSearch: true },
      render: (_, r) => r.companyName,
    },
    { title: t('pfOperate.user'), dataIndex: 'userId', valueType: 'select', valueEnum: opts(options.data?.users), fieldProps: { showSearch: true }, render: (_, r) => `${r.userName} (${t(`role.${r.role}`)})` },
    { title: 'IP', dataIndex: 'ip', search: false },
    {
      title: t('pfOperate.resource'),
      dataIndex: 'resource',
      valueType: 'select',
      valueEnum: Object.fromEntries((options.data?.resources ?? []).map((r) => [r, { text: r }])),
      fieldProps: { showSearch: true },
      render: (_, r) => <Tag>{r.resource}</Tag>,
    },
    { title: t('pfOperate.call'), dataIndex: 'path', search: false, render: (_, r) => <Typography.Text code>{`${r.method} ${r.path}`}</Typography.Text> },
    { title: t('pfOperate.target'), dataIndex: 'targetId', search: false },
    {
      title: t('pfOperate.changes'),
      dataIndex: 'changes',
      search: false,
      ellipsis: true,
      width: 360,
      render: (_, r) => (r.changes.length ? r.changes.slice(0, 3).map(changeText).join('; ') + (r.changes.length > 3 ? ' …' : '') : '—'),
    },
  ];

  return (
    <ListTable<AuditEntry>
      rowKey="id"
      headerTitle={t('menu.operate')}
      columns={columns}
      scroll={{ x: 1300 }}
      request={(params, sort, filter) => {
        lastParams.current = params;
        return request(params, sort, filter);
      }}
      expandable={{ expandedRowRender: (r) => <Changes changes={r.changes} />, rowExpandable: (r) => r.changes.length > 0 }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      toolBarRender={() => [
        <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={exportLog}>
          {t('pfExport.button')}
        </Button>,
      ]}
    />
  );
}
