/**
 * /company (docs/screens.md#platform): every subscribing company with its state and validity; filters by state and expiry
 * window (7/30/90 days); add, edit, delete, disable, recover, renew with the log, owner mobile, Excel import/export.
 * Only the admin changes anything: service and operation see the list, the renewal log and the export.
 */
import React, { useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useSearchParams } from 'umi';
import LazyAction from '@/components/LazyAction';
import DeleteAction from '@/components/DeleteAction';
import FormModal, { useSave } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest, toListQuery } from '@/services/list';
import { deleteCompany, disableCompany, fetchCompanies, recoverCompany } from '@/services/platform';
import { COMPANY_STATES, EXPIRY_WINDOWS, type CompanyListItem, type CompanyState } from '@/types/platform';
import { CompanyForm, MobileForm, RenewalLog, RenewForm } from './components/CompanyForms';
import ImportCompanies from './components/ImportCompanies';
import ListTable from '@/components/ListTable';
import type { CellKind } from '@/utils/cells';
import { actionsColumn } from '@/components/crud';

export const STATE_COLORS: Record<CompanyState, string> = { active: 'green', expiring: 'orange', expired: 'red', disabled: 'default' };

export default function CompanyPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const save = useSave();
  const access = useAppAccess();
  const canWrite = access.platformAdmin;
  const actionRef = useRef<ActionType>();
  const [search] = useSearchParams();
  const lastParams = useRef<Record<string, unknown>>({});
  const request = tableRequest(fetchCompanies);
  const [exporting, setExporting] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');
  const reload = () => actionRef.current?.reload();

  const act = (fn: () => Promise<unknown>, ok: string) => save(fn, ok, reload);

  const exportList = async () => {
    setExporting(true);
    try {
      const q = { ...toListQuery(lastParams.current), page: 1, pageSize: 200 };
      const all: CompanyListItem[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const r = await fetchCompanies({ ...q, page });
        all.push(...r.list);
        if (all.length >= r.total || r.list.length === 0) break;
      }
      const { downloadWorkbook } = await import('@/utils/workbook');
      const col = (key: keyof CompanyListItem, header: string, kind?: CellKind) => ({ key, header, kind });
      await downloadWorkbook(`companies-${today}.xlsx`, [
        {
          name: t('menu.company'),
          columns: [
            col('id', 'ID'),
            col('name', t('pfCompany.name')),
            col('ownerName', t('pfCompany.owner')),
            col('ownerMobile', t('pfCompany.ownerMobile'), 'text'),
            col('state', t('pfCompany.state')),
            col('validUntil', t('pfCompany.validUntil'), 'date'),
            col('day', t('pfCompany.day'), 'count'),
            col('campusCount', t('pfCompany.campuses'), 'count'),
            col('studentCount', t('pfCompany.students'), 'count'),
            col('createdAt', t('pfCompany.createdAt'), 'date'),
          ],
          rows: all.map((c) => ({ ...c, state: t(`pfCompany.state.${c.state}`) })),
        },
      ]);
      message.success(t('pfExport.done', { n: all.length }));
    } catch {
      /* shown by the request layer */
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<CompanyListItem>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('pfCompany.keywordHint') } },
    { title: t('pfCompany.name'), dataIndex: 'name', search: false, sorter: true, render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text> },
    { title: t('pfCompany.owner'), dataIndex: 'ownerName', search: false },
    { title: t('pfCompany.ownerMobile'), dataIndex: 'ownerMobile', search: false },
    {
      title: t('pfCompany.state'),
      dataIndex: 'state',
      valueType: 'select',
      initialValue: search.get('state') ?? undefined,
      valueEnum: Object.fromEntries(COMPANY_STATES.map((s) => [s, { text: t(`pfCompany.state.${s}`) }])),
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{t(`pfCompany.state.${r.state}`)}</Tag>,
    },
    {
      title: t('pfCompany.expiresWithin'),
      dataIndex: 'expiresWithin',
      hideInTable: true,
      valueType: 'select',
      initialValue: search.get('expiresWithin') ?? undefined,
      valueEnum: Object.fromEntries(EXPIRY_WINDOWS.map((w) => [String(w), { text: t('pfCompany.within', { n: w }) }])),
    },
    { title: t('pfCompany.validUntil'), dataIndex: 'validUntil', search: false, sorter: true },
    { title: t('pfCompany.day'), dataIndex: 'day', search: false, sorter: true },
    { title: t('pfCompany.campuses'), dataIndex: 'campusCount', search: false },
    { title: t('pfCompany.students'), dataIndex: 'studentCount', search: false, sorter: true },
    { title: t('pfCompany.createdAt'), dataIndex: 'createdAt', search: false, sorter: true },
    actionsColumn<CompanyListItem>(
      (r) => (
        <Space size={8} wrap>
          {canWrite && <LazyAction trigger={<a>{t('common.edit')}</a>} render={(tr) => <CompanyForm company={r} onDone={reload} trigger={tr} />} />}
          {canWrite && <LazyAction trigger={<a>{t('pfCompany.renew')}</a>} render={(tr) => <RenewForm company={r} today={today} onDone={reload} trigger={tr} />} />}
          {canWrite && r.status === 'active' && (
            <Popconfirm title={t('pfCompany.disableConfirm', { name: r.name })} onConfirm={() => act(() => disableCompany(r.id), t('pfCompany.disabled'))}>
              <a>{t('pfCompany.disable')}</a>
            </Popconfirm>
          )}
          {canWrite && r.status === 'disabled' && (
            <Popconfirm
              title={t('pfCompany.recoverConfirm', { name: r.name })}
              onConfirm={() => save(() => recoverCompany(r.id), (res) => t('pfCompany.recovered', { n: res.renewal.days, after: res.renewal.after }), reload)}
            >
              <a>{t('pfCompany.recover')}</a>
            </Popconfirm>
          )}
          {canWrite && <LazyAction trigger={<a>{t('pfCompany.mobile')}</a>} render={(tr) => <MobileForm company={r} onDone={reload} trigger={tr} />} />}
          {!canWrite && (
            <FormModal title={t('pfCompany.renewLogOf', { name: r.name })} trigger={<a>{t('pfCompany.renewLog')}</a>} submitter={false} width={760}>
              <RenewalLog companyId={r.id} />
            </FormModal>
          )}
          {canWrite && <DeleteAction title={t('pfCompany.deleteConfirm', { name: r.name })} onDelete={() => deleteCompany(r.id)} onDone={reload} />}
        </Space>
      ),
      { width: canWrite ? 330 : 110 },
    ),
  ];

  return (
    <ListTable<CompanyListItem>
      rowKey="id"
      actionRef={actionRef}
      headerTitle={t('menu.company')}
      columns={columns}
      scroll={{ x: 1300 }}
      request={(params, sort, filter) => {
        lastParams.current = params;
        return request(params, sort, filter);
      }}
      pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      toolBarRender={() => [
        <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
          {t('pfExport.button')}
        </Button>,
        ...(canWrite
          ? [
              <ImportCompanies key="import" onDone={reload} />,
              <CompanyForm
                key="add"
                onDone={reload}
                trigger={
                  <Button type="primary" icon={<PlusOutlined />}>
                    {t('pfCompany.add')}
                  </Button>
                }
              />,
            ]
          : []),
      ]}
    />
  );
}
