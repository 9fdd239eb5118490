/**
 * Excel batch import of companies (docs/rules.md#platform): the template comes from the server, the filled file is read in
 * the browser (exceljs, loaded only here), every row is shown with its errors before anything is sent, and the
 * import is all rows or none (the server checks them again).
 */
import React, { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import { fetchCompanyOptions, fetchImportTemplate, importCompanies } from '@/services/platform';
import { checkImportRows, type CheckedRow } from '@/domain/companyLifecycle';
import type { ImportTemplate, NewCompanyOwner } from '@/types/platform';
import { RequestError } from '@/utils/request';
import OwnerPasswords from './OwnerPasswords';

export async function downloadTemplate() {
  const tpl = await fetchImportTemplate();
  const { downloadWorkbook } = await import('@/utils/workbook');
  await downloadWorkbook('companies-template.xlsx', [
    {
      name: tpl.sheetName,
      columns: tpl.columns.map((c) => ({ header: c.required ? `${c.title} *` : c.title, key: c.key, width: 28 })),
      rows: [Object.fromEntries(tpl.columns.map((c) => [c.key, c.example]))],
    },
  ]);
}

/** Maps the sheet's columns to the template's keys by header title (the `*` of required columns ignored), else by position. */
function toRecords(tpl: ImportTemplate, header: string[], rows: unknown[][]): Record<string, unknown>[] {
  const clean = (s: string) => s.replace(/\*/g, '').trim().toLowerCase();
  const index = tpl.columns.map((c, i) => {
    const at = header.findIndex((h) => clean(h) === clean(c.title) || clean(h) === c.key.toLowerCase());
    return at >= 0 ? at : i;
  });
  return rows.map((r) => Object.fromEntries(tpl.columns.map((c, i) => [c.key, r[index[i]]])));
}

export default function ImportCompanies({ onDone }: { onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  // The new owners with their one-time passwords, shown once after the import.
  const [owners, setOwners] = useState<NewCompanyOwner[]>();
  const [rows, setRows] = useState<CheckedRow[]>();
  const [fileName, setFileName] = useState<string>();
  const [reading, setReading] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const bad = rows?.filter((r) => r.errors.length).length ?? 0;

  const read = async (file: File) => {
    setReading(true);
    setServerError(undefined);
    try {
      const [tpl, existing, { readFirstSheet }] = await Promise.all([fetchImportTemplate(), fetchCompanyOptions(), import('@/utils/workbook')]);
      const sheet = await readFirstSheet(await file.arrayBuffer());
      setRows(checkImportRows(toRecords(tpl, sheet.header, sheet.rows), existing.map((o) => o.label)));
      setFileName(file.name);
    } catch (e) {
      if (!(e instanceof RequestError)) message.error(t('pfImport.unreadable'));
      setRows(undefined);
    } finally {
      setReading(false);
    }
  };

  const send = async () => {
    if (!rows || bad || sending) return;
    setSending(true);
    setServerError(undefined);
    try {
      const r = await importCompanies(rows.map((x) => x.value!));
      message.success(t('pfImport.done', { n: r.created }));
      setOwners(r.owners);
      setOpen(false);
      setRows(undefined);
      onDone();
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <OwnerPasswords owners={owners} onClose={() => setOwners(undefined)} />
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('pfImport.button')}
      </Button>
      <Modal
        title={t('pfImport.title')}
        open={open}
        width={960}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => {
          setOpen(false);
          setRows(undefined);
          setServerError(undefined);
        }}
        okText={rows ? t('pfImport.send', { n: rows.length }) : t('pfImport.title')}
        okButtonProps={{ disabled: !rows || rows.length === 0 || bad > 0, loading: sending }}
        onOk={send}
      >
        <Typography.Paragraph>{t('pfImport.help')}</Typography.Paragraph>
        <Space style={{ marginBottom: 16 }}>
          <Button icon={<DownloadOutlined />} onClick={() => downloadTemplate().catch(() => undefined)}>
            {t('pfImport.template')}
          </Button>
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={(f) => (read(f), false)} maxCount={1}>
            <Button type="primary" icon={<UploadOutlined />} loading={reading}>
              {t('pfImport.choose')}
            </Button>
          </Upload>
          {fileName && <Typography.Text type="secondary">{fileName}</Typography.Text>}
        </Space>
        {rows && (
          <Alert
            style={{ marginBottom: 12 }}
            type={bad ? 'error' : 'success'}
            showIcon
            message={bad ? t('pfImport.badRows', { bad, n: rows.length }) : t('pfImport.allGood', { n: rows.length })}
          />
        )}
        {serverError && <Alert style={{ marginBottom: 12 }} type="error" showIcon message={serverError} role="alert" />}
        {rows && (
          <Table<CheckedRow>
            rowKey="rowNo"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            rowClassName={(r) => (r.errors.length ? 'import-row-bad' : '')}
            columns={[
              { title: t('pfImport.row'), dataIndex: 'rowNo', width: 70 },
              { title: t('pfCompany.name'), render: (_, r) => String(r.raw.name ?? '') },
              { title: t('pfCompany.owner'), render: (_, r) => String(r.raw.ownerName ?? '') },
              { title: t('pfCompany.ownerMobile'), render: (_, r) => String(r.raw.ownerMobile ?? '') },
              { title: t('pfCompany.validDays'), render: (_, r) => String(r.raw.days ?? '') },
              {
                title: t('pfImport.check'),
                render: (_, r) =>
                  r.errors.length ? (
                    <Space size={4} wrap>
                      {r.errors.map((k) => (
                        <Tag key={k} color="red">
                          {t(k)}
                        </Tag>
                      ))}
                    </Space>
                  ) : (
                    <Tag color="green">{t('pfImport.ok')}</Tag>
                  ),
              },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
