/**
 * The import modal (issue 9), the same for students and leads (./configs.ts): download the template → choose the
 * filled file → every row checked and shown with its errors (nothing sent yet) → one import call, all rows or none
 * (a refusal is shown here, nothing created) → the result, and the list reloads. Loaded only when opened; exceljs
 * only when a template is written or a file read.
 */
import React, { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Checkbox, Modal, Result, Space, Steps, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import { cellText, errorText, listAliases, LIST_CODES, normalizeEnums, recordsOf, type CheckedRow, type ImportKind } from '@/domain/importRows';
import { IMPORT_MAX_ROWS } from '@/types/import.schemas';
import { downloadBlob, readSheetRows, writeTemplate, type TemplateColumn } from '@/utils/excel';
import type { ImportRecord } from '@/services/import';
import { IMPORT_CONFIGS } from './configs';

export interface ImportModalProps {
  kind: ImportKind;
  /** Leads: rows without an owner go to the pool. */
  pool?: boolean;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

type Checked = CheckedRow<unknown>;

export default function ImportModal({ kind, pool = false, open, onClose, onDone }: ImportModalProps) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const cfg = IMPORT_CONFIGS[kind];
  const [step, setStep] = useState(0);
  const [records, setRecords] = useState<ImportRecord[]>();
  const [rows, setRows] = useState<Checked[]>();
  const [fileName, setFileName] = useState<string>();
  const [busy, setBusy] = useState<'template' | 'read' | 'send'>();
  const [problem, setProblem] = useState<string>();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [result, setResult] = useState<{ created: number; cards?: number }>();
  const sending = useRef(false);
  const bad = rows?.filter((r) => r.errors.length).length ?? 0;
  const sheetName = t(`imp.sheet.${kind}`);
  const title = kind === 'leads' && pool ? t('imp.title.pool') : t(`imp.title.${kind}`);

  const reset = () => {
    setStep(0);
    setRecords(undefined);
    setRows(undefined);
    setFileName(undefined);
    setProblem(undefined);
    setOnlyErrors(false);
    setResult(undefined);
  };
  const close = () => {
    if (busy === 'send') return;
    reset();
    onClose();
  };

  const template = async () => {
    setBusy('template');
    try {
      const scope = await cfg.loadScope([], pool);
      const lists = cfg.lists(scope, t);
      const columns: TemplateColumn[] = cfg.columns.map((c) => {
        const list = c.list ? lists[c.list] : undefined;
        return {
          title: `${t(`imp.col.${c.key}`)}${c.required ? ' *' : ''}`,
          width: c.width,
          list,
          text: c.key === 'mobile',
          example: c.example ?? (c.list && c.list !== 'owner' ? list?.[0] : undefined),
        };
      });
      downloadBlob(await writeTemplate(sheetName, columns), `${sheetName}-${t('imp.template')}.xlsx`.replace(/\s+/g, '-'));
    } catch {
      // Request errors were shown by the request layer.
    } finally {
      setBusy(undefined);
    }
  };

  const read = async (file: File) => {
    setBusy('read');
    setProblem(undefined);
    setRows(undefined);
    setFileName(file.name);
    try {
      let sheet;
      try {
        sheet = await readSheetRows(await file.arrayBuffer());
      } catch {
        setProblem(t('imp.unreadable'));
        return;
      }
      if (!sheet.rows.length) {
        setProblem(t('imp.noRows'));
        return;
      }
      if (sheet.rows.length > IMPORT_MAX_ROWS) {
        setProblem(t('imp.tooMany', { max: IMPORT_MAX_ROWS, n: sheet.rows.length }));
        return;
      }
      const recs = normalizeEnums(
        recordsOf(
          cfg.columns,
          sheet.headers,
          sheet.rows.map((r) => r.cells),
        ),
        listAliases(),
      ).map((r, i): ImportRecord => ({ ...r, rowNo: sheet.rows[i].rowNo }));
      const mobiles = [...new Set(recs.map((r) => cellText(r.mobile).replace(/[\s-]/g, '')).filter((m) => /^1\d{10}$/.test(m)))];
      const scope = await cfg.loadScope(mobiles, pool);
      setRecords(recs);
      setRows(cfg.check(recs, scope, t));
      setStep(1);
    } catch {
      // Request errors were shown by the request layer.
    } finally {
      setBusy(undefined);
    }
  };

  const send = async () => {
    if (!records || bad || sending.current) return;
    sending.current = true;
    setBusy('send');
    setProblem(undefined);
    try {
      const r = await cfg.submit(records, pool);
      setResult(r);
      setStep(2);
      message.success(kind === 'students' ? t('imp.done.students', { n: r.created, cards: r.cards ?? 0 }) : t('imp.done.leads', { n: r.created }));
      onDone();
    } catch (e) {
      setProblem(t('imp.refused', { reason: e instanceof Error ? e.message : String(e) }));
    } finally {
      sending.current = false;
      setBusy(undefined);
    }
  };

  const show = (key: string, v: unknown) => {
    const s = cellText(v as ImportRecord[string]);
    const list = LIST_CODES[key as keyof typeof LIST_CODES];
    return list?.includes(s) ? t(`imp.list.${key}.${s}`) : s;
  };

  const columns = useMemo(
    () => [
      { title: t('imp.col.row'), dataIndex: 'rowNo', width: 64 },
      ...cfg.preview.map((key) => ({ title: t(`imp.col.${key}`), key, render: (_: unknown, r: Checked) => show(key, r.raw[key]) })),
      {
        title: t('imp.col.check'),
        key: 'check',
        width: 320,
        render: (_: unknown, r: Checked) =>
          r.errors.length ? (
            <Space size={[4, 4]} wrap>
              {r.errors.map((e, i) => (
                <Tag key={i} color="red" style={{ whiteSpace: 'normal' }}>
                  {errorText(e, t)}
                </Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text>{t('imp.ok')}</Typography.Text>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cfg, t],
  );

  const chooser = (
    <Upload accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" showUploadList={false} maxCount={1} beforeUpload={(f) => (read(f), false)}>
      <Button type={step === 0 ? 'primary' : 'default'} icon={<UploadOutlined />} loading={busy === 'read'} disabled={busy === 'send'} data-testid="import-choose">
        {step === 0 ? t('imp.choose') : t('imp.again')}
      </Button>
    </Upload>
  );

  const footer =
    step === 2
      ? [
          <Button key="close" type="primary" onClick={close}>
            {t('imp.close')}
          </Button>,
        ]
      : step === 1
        ? [
            <span key="again" style={{ marginRight: 8, display: 'inline-block' }}>
              {chooser}
            </span>,
            <Button key="send" type="primary" onClick={send} loading={busy === 'send'} disabled={!rows?.length || bad > 0} data-testid="import-send">
              {t(`imp.send.${kind}`, { n: rows?.length ?? 0 })}
            </Button>,
          ]
        : [
            <Button key="cancel" onClick={close}>
              {t('common.cancel')}
            </Button>,
          ];

  return (
    <Modal title={title} open={open} width={1080} maskClosable={false} onCancel={close} footer={footer} destroyOnHidden>
      <Steps size="small" current={step} style={{ marginBottom: 16 }} items={[{ title: t('imp.step.file') }, { title: t('imp.step.check') }, { title: t('imp.step.done') }]} />
      {step === 0 && (
        <>
          <Typography.Paragraph>{t(kind === 'leads' && pool ? 'imp.help.pool' : `imp.help.${kind}`, { max: IMPORT_MAX_ROWS })}</Typography.Paragraph>
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={template} loading={busy === 'template'} data-testid="import-template">
              {t('imp.template')}
            </Button>
            {chooser}
            {fileName && <Typography.Text type="secondary">{t('imp.file', { name: fileName })}</Typography.Text>}
          </Space>
          {busy === 'read' && (
            <Typography.Paragraph role="status" style={{ marginTop: 12 }}>
              {t('imp.reading')}
            </Typography.Paragraph>
          )}
        </>
      )}
      {problem && <Alert style={{ margin: '12px 0' }} type="error" showIcon message={problem} role="alert" data-testid="import-problem" />}
      {step === 1 && rows && (
        <>
          <Alert
            style={{ marginBottom: 12 }}
            type={bad ? 'error' : 'success'}
            showIcon
            data-testid="import-summary"
            message={bad ? t('imp.summary.bad', { bad, n: rows.length }) : t('imp.summary.ok', { n: rows.length })}
            description={fileName ? t('imp.file', { name: fileName }) : undefined}
          />
          {bad > 0 && (
            <Checkbox checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} style={{ marginBottom: 8 }}>
              {t('imp.onlyErrors')}
            </Checkbox>
          )}
          <Table<Checked>
            rowKey="rowNo"
            size="small"
            columns={columns}
            dataSource={onlyErrors ? rows.filter((r) => r.errors.length) : rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 900, y: 420 }}
            data-testid="import-preview"
          />
        </>
      )}
      {step === 2 && result && (
        <Result
          status="success"
          title={kind === 'students' ? t('imp.done.students', { n: result.created, cards: result.cards ?? 0 }) : t('imp.done.leads', { n: result.created })}
        />
      )}
    </Modal>
  );
}
