/** /renew: choose a package, order it, pay (simulated), days extended (docs/rules.md#subscription-and-expiry). Open when expired. */
import React, { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Modal, Row, Skeleton, Statistic, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess, useSession } from '@/hooks/useSession';
import { createSubscriptionOrder, fetchPackages, fetchSubscriptionStatus, paySubscriptionOrder } from '@/services/subscription';
import { fetchServiceContact } from '@/services/session';
import { loadSession } from '@/services/bootstrap';
import type { SubscriptionOrder } from '@/types/subscription';
import { formatMoney } from '@/utils/format';

export default function RenewPage() {
  const { t, locale } = useIntl();
  const { message } = App.useApp();
  const access = useAppAccess();
  const { setSession } = useSession();
  const status = useRequest(fetchSubscriptionStatus);
  // Package names and descriptions come in the user's language: asked again when the language changes.
  const packages = useRequest(fetchPackages, { refreshDeps: [locale] });
  // docs/api.md#error-catalogue: the expired owner lands here (no lock dialog on /renew), so the owner's expiry message is on the page,
  // with official customer service's contact (issue 31).
  const expiredOwner = access.expired && access.isOwner;
  const contact = useRequest(fetchServiceContact, { ready: expiredOwner });
  const [ordering, setOrdering] = useState<number>();
  const [order, setOrder] = useState<SubscriptionOrder>();
  const [paying, setPaying] = useState(false);

  const onOrder = async (packageId: number) => {
    if (ordering) return;
    setOrdering(packageId);
    try {
      setOrder(await createSubscriptionOrder(packageId));
    } catch {
      /* shown by the request layer */
    } finally {
      setOrdering(undefined);
    }
  };

  const onPay = async () => {
    if (!order || paying) return;
    setPaying(true);
    try {
      const res = await paySubscriptionOrder(order.id);
      message.success(t('renew.paid', { date: res.validUntil }));
      setOrder(undefined);
      status.refresh();
      await setSession(await loadSession());
    } catch {
      /* shown by the request layer; the order stays open to retry */
    } finally {
      setPaying(false);
    }
  };

  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('menu.renew')}</Typography.Title>
      <Card style={{ marginBottom: 24 }}>
        {status.data ? (
          <Row gutter={24}>
            <Col span={8}>
              <Statistic title={t('renew.company')} value={status.data.companyName} />
            </Col>
            <Col span={8}>
              <Statistic title={t('renew.validUntil')} value={status.data.validUntil} />
            </Col>
            <Col span={8}>
              <Statistic title={t('renew.daysLeft')} value={status.data.day} valueStyle={{ color: status.data.day <= 30 ? '#cf1322' : undefined }} />
            </Col>
          </Row>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
      </Card>
      {expiredOwner && (
        <Alert
          type="error"
          showIcon
          data-testid="renew-expired"
          message={t('expiry.expired.title')}
          description={
            <>
              <div>{t('expiry.expired.owner')}</div>
              {contact.data && <div>{t('expiry.contact', { name: contact.data.name, phone: contact.data.phone, wechat: contact.data.wechat })}</div>}
            </>
          }
          style={{ marginBottom: 24 }}
        />
      )}
      {!access.isOwner && <Alert type="info" showIcon message={t('renew.ownerOnly')} style={{ marginBottom: 24 }} />}
      <Row gutter={[24, 24]}>
        {(packages.data ?? []).map((p) => (
          <Col key={p.id} xs={24} md={8}>
            <Card title={p.name} data-testid={`package-${p.id}`}>
              <Statistic value={formatMoney(p.price)} />
              <Typography.Paragraph type="secondary">{t('renew.days', { days: p.days })}</Typography.Paragraph>
              <Typography.Paragraph>{p.description}</Typography.Paragraph>
              <Button type="primary" block disabled={!access.isOwner} loading={ordering === p.id} onClick={() => onOrder(p.id)}>
                {t('renew.order')}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
      {packages.loading && <Skeleton active />}
      <Modal
        open={!!order}
        title={t('renew.payTitle')}
        onCancel={() => setOrder(undefined)}
        footer={[
          <Button key="later" onClick={() => history.push('/campus/order')}>
            {t('renew.payLater')}
          </Button>,
          <Button key="pay" type="primary" loading={paying} onClick={onPay}>
            {t('renew.payNow')}
          </Button>,
        ]}
      >
        {order && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('order.orderNo')}>{order.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('order.package')}>{packages.data?.find((p) => p.id === order.packageId)?.name ?? order.packageName}</Descriptions.Item>
            <Descriptions.Item label={t('order.days')}>{order.days}</Descriptions.Item>
            <Descriptions.Item label={t('order.amount')}>{formatMoney(order.amount)}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}
