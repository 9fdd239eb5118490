/**
 * Excel export of a list (issue 9): the current filters and sort (the query the table last sent), all pages (200
 * rows a call through the same list service), with progress and cancel. `exceljs` and the cell renderer load only
 * when exporting.
 *
 *   const exp = useExportable(fetchStudents);
 *   <ListTable request={tableRequest(exp.service)} columns={columns}
 *     toolBarRender={() => [<ExportButton key="export" exportable={exp} columns={columns} name={t('menu.studentList')} />]} />
 *
 * Cells: a column's `valueEnum` text, `renderText`, or the text its `render` shows (rendered to static markup); the
 * Actions column and columns hidden in the table are left out. `extra` adds or replaces columns by title.
 * A column of hours, money, counts or dates declares it once with `exportAs` (`ExportableColumn`): its cells are
 * then the row's value (not the text shown), written as numbers or dates with their format (`src/utils/cells.ts`);
 * `exportAs` may give its own value and title, or several cells for one column (bought + gift: two columns).
 */
import React, { useCallback, useRef, useState } from 'react';
import { App, Button, Modal, Progress, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@/locales/useIntl';
import type { ListQuery, ListResult } from '@/types/api';
import { downloadBlob, ExportCancelled, fetchAllPages, writeWorkbook, type Cell, type ExportColumn } from '@/utils/excel';
import type { CellKind } from '@/utils/cells';
import dayjs from 'dayjs';

/** How a column is exported when not as the text it shows: its kind, and optionally its value and title. */
export interface ExportAs<T> {
  kind: CellKind;
  /** The cell's value (default: the row's value at the column's dataIndex). */
  value?: (row: T) => Cell;
  /** The sheet's header (default: the column's title). */
  title?: string;
}

/** A table column that says what its export holds (`exportAs`; ProTable ignores the key). Keep it off search fields. */
export type ExportableColumn<T> = ProColumns<T> & { exportAs?: CellKind | ExportAs<T> | ExportAs<T>[] };

export interface Exportable<T> {
  /** The list service to pass to tableRequest(): it remembers the last query. */
  service: (q: ListQuery) => Promise<ListResult<T>>;
  lastQuery: () => ListQuery | undefined;
  raw: (q: ListQuery) => Promise<ListResult<T>>;
}

/** Wraps a list service so that the export knows the table's current query (filters, sort). */
export function useExportable<T>(service: (q: ListQuery) => Promise<ListResult<T>>): Exportable<T> {
  const last = useRef<ListQuery>();
  const raw = useRef(service);
  raw.current = service;
  const tracked = useCallback((q: ListQuery) => {
    last.current = q;
    return raw.current(q);
  }, []);
  return React.useMemo(() => ({ service: tracked, lastQuery: () => last.current, raw: (q: ListQuery) => raw.current(q) }), [tracked]);
}

function textOf(html: string): string {
  const el = document.createElement('div');
  // Without the style attributes: markup with them would break the page's CSP (no inline styles; only text is read).
  el.innerHTML = html.replace(/\sstyle="[^"]*"/gi, '').replace(/<(br|\/p|\/div|\/li)[^>]*>/gi, ' ');
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function valueAt(row: unknown, dataIndex: unknown): unknown {
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[String(k)] : undefined), row);
}

/** Export columns from the table's ProColumns. */
export async function exportColumns<T>(columns: ExportableColumn<T>[]): Promise<ExportColumn<T>[]> {
  const needsRender = columns.some((c) => c.render && !c.exportAs);
  const server = needsRender ? await import(/* webpackChunkName: "export-render" */ 'react-dom/server') : undefined;
  const out: ExportColumn<T>[] = [];
  for (const col of columns) {
    if (col.hideInTable || col.valueType === 'option' || typeof col.title !== 'string' || (col.dataIndex === undefined && !col.render)) continue;
    const title = col.title;
    if (col.exportAs) {
      const specs = typeof col.exportAs === 'string' ? [{ kind: col.exportAs }] : Array.isArray(col.exportAs) ? col.exportAs : [col.exportAs];
      for (const spec of specs) {
        const value = spec.value;
        out.push({ title: spec.title ?? title, kind: spec.kind, value: (row) => (value ? value(row) : (valueAt(row, col.dataIndex) as Cell)) });
      }
      continue;
    }
    const enumOf = col.valueEnum as Record<string, { text?: React.ReactNode } | React.ReactNode> | undefined;
    out.push({
      title,
      value: (row, i): Cell => {
        const raw = valueAt(row, col.dataIndex);
        try {
          if (enumOf && raw !== undefined && raw !== null) {
            const e = enumOf[String(raw)];
            const text = e && typeof e === 'object' && 'text' in (e as object) ? (e as { text?: React.ReactNode }).text : e;
            if (typeof text === 'string' || typeof text === 'number') return text;
          }
          if (col.renderText) {
            const v = col.renderText(raw, row, i, undefined as never);
            if (typeof v === 'string' || typeof v === 'number') return v;
          }
          if (col.render && server) {
            const node = col.render(raw === undefined || raw === null ? '' : String(raw), row, i, undefined as never, col as never);
            if (typeof node === 'string' || typeof node === 'number') return node;
            if (node === null || node === undefined || typeof node === 'boolean') return '';
            return textOf(server.renderToStaticMarkup(<>{node}</>));
          }
        } catch {
          /* a cell that cannot be rendered outside the page falls back to its value */
        }
        if (raw === undefined || raw === null) return '';
        if (Array.isArray(raw)) return raw.join(', ');
        return typeof raw === 'object' ? JSON.stringify(raw) : (raw as Cell);
      },
    });
  }
  return out;
}

export interface ExportButtonProps<T> {
  exportable: Exportable<T>;
  columns: ExportableColumn<T>[];
  /** The list's name: the sheet and file name. */
  name: string;
  /** Columns added after the table's (e.g. values the table shows only in a drawer). */
  extra?: ExportColumn<T>[];
}

export default function ExportButton<T>({ exportable, columns, name, extra }: ExportButtonProps<T>) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [state, setState] = useState<{ done: number; total?: number; phase: 'fetch' | 'write' }>();
  const stop = useRef(false);

  const run = async () => {
    stop.current = false;
    setState({ done: 0, phase: 'fetch' });
    const started = performance.now();
    try {
      const query = { ...(exportable.lastQuery() ?? {}) };
      delete query.page;
      delete query.pageSize;
      const rows = await fetchAllPages(exportable.raw, query, { onProgress: (done, total) => setState({ done, total, phase: 'fetch' }), shouldStop: () => stop.current });
      setState({ done: rows.length, total: rows.length, phase: 'write' });
      const cols = [...(await exportColumns(columns)), ...(extra ?? [])];
      if (stop.current) throw new ExportCancelled();
      const blob = await writeWorkbook(name, cols, rows);
      if (stop.current) throw new ExportCancelled();
      downloadBlob(blob, `${name}-${dayjs().format('YYYY-MM-DD')}.xlsx`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      (window as unknown as { __lastExport?: unknown }).__lastExport = { rows: rows.length, seconds: Number(seconds), name };
      message.success(t('ev.export.done', { n: rows.length, s: seconds }));
    } catch (e) {
      if (e instanceof ExportCancelled) message.info(t('ev.export.cancelled'));
      // Request errors were shown by the request layer.
    } finally {
      setState(undefined);
    }
  };

  const pct = state?.total ? Math.round((state.done / state.total) * 100) : 0;
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={run} disabled={!!state} data-testid="export-button">
        {t('ev.export')}
      </Button>
      <Modal
        open={!!state}
        title={t('ev.export.title', { name })}
        closable={false}
        maskClosable={false}
        footer={
          <Button onClick={() => (stop.current = true)} data-testid="export-cancel">
            {t('common.cancel')}
          </Button>
        }
      >
        <Progress percent={state?.phase === 'write' ? 99 : pct} status="active" aria-label={t('ev.export.progress')} />
        <Typography.Text type="secondary" role="status">
          {state?.phase === 'write' ? t('ev.export.writing', { n: state.done }) : t('ev.export.fetching', { done: state?.done ?? 0, total: state?.total ?? '…' })}
        </Typography.Text>
      </Modal>
    </>
  );
}
