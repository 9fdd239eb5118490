/** /wdc-customer: sign-ups from the campus web page; accept as leads (source "web", into the pool) or discard. */
import React, { useRef, useState } from 'react';
import { App, Button, Space, Tag, Typography } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ListPage, actionsColumn } from '@/components/crud';
import { useSave } from '@/components/FormModal';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { rowCheckbox } from '@/components/rowSelection';
import { tableRequest } from '@/services/list';
import { acceptWebSignups, discardWebSignups, fetchCustomerCampuses, fetchWebSignups } from '@/services/customer';
import type { WebSignup, WebSignupStatus } from '@/types/customer';
import TimeSelect from '@/components/TimeSelect';
import { formatMobile } from '@/components/customer/labels';

const COLORS: Record<WebSignupStatus, string> = { pending: 'orange', accepted: 'green', discarded: 'default' };

export default function WdcCustomerPage() {
  const { t } = useIntl();
  const { message, modal } = App.useApp();
  const save = useSave();
  const ref = useRef<ActionType>();
  const [selected, setSelected] = useState<WebSignup[]>([]);

  const reload = () => {
    setSelected([]);
    ref.current?.clearSelected?.();
    ref.current?.reload();
  };

  const accept = async (rows: WebSignup[]) => {
    try {
      const res = await acceptWebSignups(rows.map((r) => r.id));
      message.success(t('cu.web.accepted', { n: res.accepted }));
      if (res.duplicates.length) {
        modal.info({
          title: t('cu.web.duplicates', { n: res.duplicates.length }),
          content: (
            <ul>
              {res.duplicates.map((d) => (
                <li key={d.id}>{t('cu.web.duplicateLine', { name: d.name, lead: d.leadName, owner: d.ownerName ?? t('cu.owner.pool') })}</li>
              ))}
            </ul>
          ),
        });
      }
      reload();
    } catch {
      /* shown by the request layer */
    }
  };

  const discard = (rows: WebSignup[]) =>
    modal.confirm({
      title: t('cu.web.discardTitle', { n: rows.length }),
      content: rows.map((r) => r.name).join('、'),
      okButtonProps: { danger: true },
      okText: t('cu.web.discard'),
      onOk: () => save(() => discardWebSignups(rows.map((r) => r.id)), t('cu.web.discarded', { n: rows.length }), reload),
    });

  const columns: ProColumns<WebSignup>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('cu.keywordHint') } },
    { title: t('cu.field.name'), dataIndex: 'name', search: false },
    { title: t('cu.field.mobile'), dataIndex: 'mobile', search: false, render: (_, r) => formatMobile(r.mobile) },
    { title: t('cu.field.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCustomerCampuses, render: (_, r) => r.campusName },
    { title: t('cu.field.course'), dataIndex: 'course', search: false, renderText: (v?: string) => v || '-' },
    { title: t('cu.web.message'), dataIndex: 'message', search: false, ellipsis: true, renderText: (v?: string) => v || '-' },
    {
      title: t('cu.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: 'pending',
      valueEnum: { pending: { text: t('cu.web.status.pending') }, accepted: { text: t('cu.web.status.accepted') }, discarded: { text: t('cu.web.status.discarded') } },
      render: (_, r) => (
        <Space size={4}>
          <Tag color={COLORS[r.status]}>{t(`cu.web.status.${r.status}`)}</Tag>
          {r.duplicate && <Tag>{t('cu.web.linked')}</Tag>}
        </Space>
      ),
    },
    { title: t('cu.web.handled'), dataIndex: 'handledBy', search: false, render: (_, r) => (r.handledBy ? `${r.handledBy} · ${r.handledAt?.slice(0, 10)}` : '-') },
    { title: t('cu.web.signedUpAt'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', renderText: (v: string) => v.slice(0, 16) },
    { title: t('cu.web.signedUpAt'), dataIndex: 'dateRange', hideInTable: true, renderFormItem: () => <TimeSelect /> },
    actionsColumn<WebSignup>(
      (r) =>
        r.status === 'pending' ? (
          <Space>
            <a onClick={() => accept([r])}>{t('cu.web.accept')}</a>
            <a style={{ color: '#ff4d4f' }} onClick={() => discard([r])}>
              {t('cu.web.discard')}
            </a>
          </Space>
        ) : r.leadId ? (
          <Link to={`/customer?keyword=${encodeURIComponent(r.mobile)}`}>{t('cu.web.openLead')}</Link>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
      { width: 160 },
    ),
  ];

  return (
    <ListPage<WebSignup>
      headerTitle={t('menu.wdcCustomer')}
      actionRef={ref}
      columns={columns}
      request={tableRequest(fetchWebSignups)}
      rowSelection={{
        selectedRowKeys: selected.map((r) => r.id),
        onChange: (_, rows) => setSelected(rows),
        getCheckboxProps: rowCheckbox((r) => r.name, (r) => ({ disabled: r.status !== 'pending' })),
      }}
      tableAlertRender={({ selectedRowKeys }) => t('cu.selected', { n: selectedRowKeys.length })}
      tableAlertOptionRender={() => (
        <Space>
          <Button size="small" type="primary" onClick={() => accept(selected)}>
            {t('cu.web.acceptSelected')}
          </Button>
          <Button size="small" danger onClick={() => discard(selected)}>
            {t('cu.web.discardSelected')}
          </Button>
        </Space>
      )}
    />
  );
}
