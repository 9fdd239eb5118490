/** /campus/order: the company's subscription orders; pay or cancel unpaid ones. Open when expired (docs/rules.md#subscription-and-expiry). */
import React, { useEffect, useRef } from 'react';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ListPage, actionsColumn } from '@/components/crud';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess, useSession } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import { cancelSubscriptionOrder, fetchSubscriptionOrders, paySubscriptionOrder } from '@/services/subscription';
import { loadSession } from '@/services/bootstrap';
import type { SubscriptionOrder, SubscriptionOrderStatus } from '@/types/subscription';
import { formatMoney } from '@/utils/format';

const STATUS_COLOR: Record<SubscriptionOrderStatus, string> = { unpaid: 'orange', paid: 'green', cancelled: 'default' };

export default function CampusOrderPage() {
  const { t, locale } = useIntl();
  const { message } = App.useApp();
  const access = useAppAccess();
  const { setSession } = useSession();
  const ref = useRef<ActionType>();
  // Package names come in the user's language: the list is asked again after a language switch.
  const shownLocale = useRef(locale);
  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    ref.current?.reload();
  }, [locale]);

  const columns: ProColumns<SubscriptionOrder>[] = [
    { title: t('order.orderNo'), dataIndex: 'orderNo', copyable: true, search: false },
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('order.keywordHint') } },
    { title: t('order.package'), dataIndex: 'packageName', search: false },
    { title: t('order.days'), dataIndex: 'days', search: false, sorter: true },
    { title: t('order.amount'), dataIndex: 'amount', search: false, sorter: true, render: (_, r) => formatMoney(r.amount) },
    {
      title: t('order.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: {
        unpaid: { text: t('order.status.unpaid') },
        paid: { text: t('order.status.paid') },
        cancelled: { text: t('order.status.cancelled') },
      },
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`order.status.${r.status}`)}</Tag>,
    },
    { title: t('order.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend' },
    { title: t('order.createdAt'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('order.paidAt'), dataIndex: 'paidAt', search: false, renderText: (v?: string) => v || '-' },
    { title: t('order.createdBy'), dataIndex: 'createdBy', search: false },
    actionsColumn<SubscriptionOrder>((r) =>
      r.status === 'unpaid' && access.isOwner ? (
        <Space>
          <a
            onClick={async () => {
              try {
                const res = await paySubscriptionOrder(r.id);
                message.success(t('renew.paid', { date: res.validUntil }));
                ref.current?.reload();
                await setSession(await loadSession());
              } catch {
                /* shown by the request layer */
              }
            }}
          >
            {t('renew.payNow')}
          </a>
          <Popconfirm
            title={t('order.cancelConfirm')}
            onConfirm={async () => {
              try {
                await cancelSubscriptionOrder(r.id);
                ref.current?.reload();
              } catch {
                /* shown by the request layer */
              }
            }}
          >
            <a>{t('order.cancel')}</a>
          </Popconfirm>
        </Space>
      ) : (
        '-'
      ),
    ),
  ];

  return (
    <ListPage<SubscriptionOrder>
      headerTitle={t('menu.campusOrder')}
      actionRef={ref}
      columns={columns}
      request={tableRequest(fetchSubscriptionOrders)}
      toolBarRender={() => [
        <Button key="renew" type="primary" onClick={() => history.push('/renew')}>
          {t('menu.renew')}
        </Button>,
      ]}
    />
  );
}
