/**
 * /operate: the audit log (docs/rules.md#platform, issue 31). Every successful write as a sentence in the reader's language
 * ("Sold card KC2000524 to 邵怡航, ¥2,880.00"), with who, company, when, IP and what changed (field: old → new;
 * the server renders both: mock/domains/audit.ts). Platform roles see every company (and filter by company); company
 * users see their own company's. Filters: person, kind of action, record, date; Excel export of the filtered log.
 */
import React, { useRef, useState } from 'react';
import { App, Button, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest, toListQuery } from '@/services/list';
import { fetchAuditLog, fetchAuditOptions } from '@/services/platform';
import type { AuditDiffLine, AuditEntry } from '@/types/platform';
import ListTable from '@/components/ListTable';

/** One change as it reads: "Hours left: 0.0 → 40.0" (a value set anew: "Card number: KC2000524"). */
export const changeText = (c: AuditDiffLine) => (c.before === undefined ? `${c.label}: ${c.after}` : `${c.label}: ${c.before} → ${c.after}`);

function Changes({ diff }: { diff: AuditDiffLine[] }) {
  const { t } = useIntl();
  return (
    <Table<AuditDiffLine & { key: number }>
      size="small"
      pagination={false}
      aria-label={t('pfOperate.changes')}
      dataSource={diff.map((c, key) => ({ ...c, key }))}
      columns={[
        { title: t('pfOperate.field'), dataIndex: 'label' },
        { title: t('pfOperate.before'), dataIndex: 'before', render: (v?: string) => <Typography.Text type="secondary">{v ?? '—'}</Typography.Text> },
        { title: t('pfOperate.after'), dataIndex: 'after' },
      ]}
    />
  );
}

export default function OperatePage() {
  const { t, locale } = useIntl();
  const { message } = App.useApp();
  const access = useAppAccess();
  // The options and the rows are written in the reader's language: asked again after a language switch.
  const options = useRequest(fetchAuditOptions, { refreshDeps: [locale] });
  const lastParams = useRef<Record<string, unknown>>({});
  const request = tableRequest(fetchAuditLog);
  const [exporting, setExporting] = useState(false);
  const opts = (list?: { value: number | string; label: string }[]) => Object.fromEntries((list ?? []).map((o) => [String(o.value), { text: o.label }]));

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
            { key: 'sentence', header: t('pfOperate.action'), width: 60 },
            { key: 'subject', header: t('pfOperate.record'), width: 24 },
            { key: 'changes', header: t('pfOperate.changes'), width: 80 },
          ],
          rows: rows.map((r) => ({ ...r, changes: (r.diff ?? []).map(changeText).join('; ') })),
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
    { title: t('pfOperate.at'), dataIndex: 'at', search: false, sorter: true, width: 110 },
    { title: t('pfOperate.date'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    {
      title: t('pfOperate.company'),
      dataIndex: 'companyId',
      valueType: 'select',
      hideInSearch: !access.isPlatform,
      hideInTable: !access.isPlatform,
      valueEnum: opts(options.data?.companies),
      fieldProps: { showSearch: true },
      width: 160,
      render: (_, r) => r.companyName,
    },
    { title: t('pfOperate.user'), dataIndex: 'userId', valueType: 'select', valueEnum: opts(options.data?.users), fieldProps: { showSearch: true }, width: 140, render: (_, r) => `${r.userName} (${t(`role.${r.role}`)})` },
    { title: t('pfOperate.kind'), dataIndex: 'group', valueType: 'select', hideInTable: true, valueEnum: opts(options.data?.groups), fieldProps: { showSearch: true } },
    { title: t('pfOperate.record'), dataIndex: 'record', hideInTable: true, fieldProps: { placeholder: t('pfOperate.recordHint') } },
    { title: t('pfOperate.action'), dataIndex: 'sentence', search: false, render: (_, r) => <span data-testid="audit-sentence">{r.sentence}</span> },
    {
      title: t('pfOperate.changes'),
      dataIndex: 'diff',
      search: false,
      width: 280,
      render: (_, r) => {
        const diff = r.diff ?? [];
        if (!diff.length) return '—';
        return (
          <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 3, tooltip: diff.map(changeText).join('\n') }}>
            {diff.slice(0, 3).map(changeText).join('; ') + (diff.length > 3 ? ` ${t('pfOperate.more', { n: diff.length - 3 })}` : '')}
          </Typography.Paragraph>
        );
      },
    },
    { title: 'IP', dataIndex: 'ip', key: 'ip', search: false, width: 130 },
  ];

  return (
    <ListTable<AuditEntry>
      rowKey="id"
      headerTitle={t('menu.operate')}
      key={locale}
      columns={columns}
      // Fits the page from 1280 px: the sentence column takes what the others leave and wraps.
      tableLayout="fixed"
      scroll={{ x: access.isPlatform ? 1020 : 860 }}
      // The sentence and its changes stay in view at 1280 px: the IP is a secondary column, shown from the column setting.
      columnsState={{ defaultValue: { ip: { show: false } } }}
      request={(params, sort, filter) => {
        lastParams.current = params;
        return request(params, sort, filter);
      }}
      expandable={{ expandedRowRender: (r) => <Changes diff={r.diff ?? []} />, rowExpandable: (r) => (r.diff ?? []).length > 0 }}
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
