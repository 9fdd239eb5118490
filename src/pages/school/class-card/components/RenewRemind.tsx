/** RenewRemind modal: cards running low or expiring soon (company thresholds); send reminder notices, renew. */
import React, { useRef, useState } from 'react';
import { Button, Modal, Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useSave } from '@/components/FormModal';
import { useIntl } from '@/locales/useIntl';
import { rowCheckbox } from '@/components/rowSelection';
import { tableRequest } from '@/services/list';
import { fetchRenewRemind, sendRenewRemind, type RemindRow } from '@/services/school';
import { formatHours } from '@/utils/format';
import { CardOpModal } from '@/components/school/CardOps';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

export default function RenewRemind({ trigger }: { trigger: React.ReactElement }) {
  const { t } = useIntl();
  const save = useSave();
  const caps = useSchoolCaps();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const [limits, setLimits] = useState<{ threshold: number; days: number }>();
  const ref = useRef<ActionType>();
  const send = async (ids: number[]) => {
    setSending(true);
    await save(
      () => sendRenewRemind(ids),
      (res) => t('remind.sent', { n: res.sent }),
      () => {
        setSelected([]);
        ref.current?.reload();
      },
    );
    setSending(false);
  };
  const columns: ProColumns<RemindRow & { remindedAt?: string }>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('remind.reason'),
      dataIndex: 'reason',
      valueType: 'select',
      valueEnum: { low: { text: t('remind.low') }, expiring: { text: t('remind.expiring') } },
      render: (_, r) => (
        <Space size={2}>
          {r.low && <Tag color="orange">{t('remind.low')}</Tag>}
          {r.expiring && <Tag color="red">{t('remind.expiring')}</Tag>}
        </Space>
      ),
    },
    { title: t('card.student'), dataIndex: 'studentName', search: false },
    { title: t('student.mobile'), dataIndex: 'mobile', search: false },
    { title: t('card.cardNo'), dataIndex: 'cardNo', search: false },
    { title: t('card.remaining'), dataIndex: 'remainingHours', search: false, sorter: true, render: (_, r) => (r.kind === 'period' ? '-' : formatHours(r.remainingHours)) },
    { title: t('card.expiryDate'), dataIndex: 'expiryDate', search: false, sorter: true, render: (_, r) => `${r.expiryDate} (${t('remind.daysLeft', { n: r.daysLeft })})` },
    { title: t('remind.lastSent'), dataIndex: 'remindedAt', search: false, render: (_, r) => r.remindedAt ?? '-' },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <Space size={8}>
          <a onClick={() => send([r.id])}>{t('remind.send')}</a>
          {caps.sellCard && <CardOpModal card={r} op="renew" onDone={() => ref.current?.reload()} trigger={<a>{t('card.op.renew')}</a>} />}
        </Space>
      ),
    },
  ];
  return (
    <>
      {React.cloneElement(trigger, { onClick: () => setOpen(true) })}
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={1100} title={t('remind.title')} destroyOnHidden>
        {limits && <p>{t('remind.rules', { hours: limits.threshold, days: limits.days })}</p>}
        <ListTable<RemindRow & { remindedAt?: string }>
          rowKey="id"
          actionRef={ref}
          columns={columns}
          options={false}
          search={{ labelWidth: 'auto', span: 8 }}
          pagination={{ defaultPageSize: 10 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: rowCheckbox((r) => r.studentName) }}
          request={async (params, sort, filter) => {
            const res = await tableRequest(async (q) => {
              const r = await fetchRenewRemind(q);
              setLimits({ threshold: r.threshold, days: r.days });
              return r;
            })(params, sort, filter);
            return res;
          }}
          toolBarRender={() => [
            <Button key="send" type="primary" disabled={!selected.length} loading={sending} onClick={() => send(selected)}>
              {t('remind.sendSelected', { n: selected.length })}
            </Button>,
          ]}
        />
      </Modal>
    </>
  );
}
