/**
 * A campus's public web page (shown at /w/:code without login, and as a preview on /campus/web): intro, address,
 * the cards on sale, a sign-up form. A parent buys a card: order, then a simulated payment; the paid order issues
 * the card at the school.
 */
import React, { useState } from 'react';
import { Alert, Button, ConfigProvider, Descriptions, Form, Input, List, Modal, Result, Space, Tag, Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { orderOnline, payOnline, signUpOnline } from '@/services/campus';
import type { PublicWebPage } from '@/types/campus';
import { formatMoney } from '@/utils/format';
import { MOBILE_RE } from '@/utils/fields';

type Tpl = PublicWebPage['templates'][number];
const MOBILE = MOBILE_RE;

function BuyModal({ code, tpl, onClose }: { code: string; tpl: Tpl; onClose: () => void }) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ parentName: string; mobile: string; studentName: string }>();
  const [order, setOrder] = useState<{ orderNo: string; amount: number }>();
  const [paid, setPaid] = useState<{ cardNo: string }>();
  const [busy, setBusy] = useState(false);

  const place = async (v: { parentName: string; mobile: string; studentName: string }) => {
    setBusy(true);
    try {
      setOrder(await orderOnline(code, { templateId: tpl.id, parentName: v.parentName.trim(), mobile: v.mobile.trim(), studentName: v.studentName.trim() }));
    } catch {
      /* shown by the request layer; the form keeps its values */
    } finally {
      setBusy(false);
    }
  };
  const pay = async () => {
    if (!order) return;
    setBusy(true);
    try {
      setPaid(await payOnline(code, order.orderNo));
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('web.buyTitle', { name: tpl.name })} onCancel={onClose} footer={null} destroyOnHidden maskClosable={false}>
      {paid ? (
        <Result status="success" title={t('web.paidTitle')} subTitle={t('web.paidBody', { cardNo: paid.cardNo })} extra={<Button onClick={onClose}>{t('web.close')}</Button>} />
      ) : order ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('web.orderNo')}>{order.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('web.amount')}>{formatMoney(order.amount)}</Descriptions.Item>
          </Descriptions>
          <Alert type="info" showIcon message={t('web.simulated')} />
          <Button type="primary" block onClick={pay} loading={busy}>
            {t('web.payNow', { amount: formatMoney(order.amount) })}
          </Button>
        </Space>
      ) : (
        <Form form={form} layout="vertical" onFinish={place} name="buyCard">
          <Form.Item name="studentName" label={t('web.studentName')} rules={[{ required: true, whitespace: true, message: t('web.required') }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="parentName" label={t('web.parentName')} rules={[{ required: true, whitespace: true, message: t('web.required') }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="mobile"
            label={t('web.mobile')}
            rules={[
              { required: true, message: t('web.required') },
              { pattern: MOBILE, message: t('account.mobile.rule') },
            ]}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('web.placeOrder', { amount: formatMoney(tpl.price) })}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

function SignUp({ code }: { code: string }) {
  const { t } = useIntl();
  const [done, setDone] = useState<'new' | 'again'>();
  const [busy, setBusy] = useState(false);
  if (done) return <Alert type="success" showIcon message={t(done === 'again' ? 'web.signupAgain' : 'web.signupDone')} />;
  return (
    <Form
      layout="vertical"
      name="signUp"
      onFinish={async (v: { parentName: string; mobile: string }) => {
        setBusy(true);
        try {
          const r = await signUpOnline(code, { parentName: v.parentName.trim(), mobile: v.mobile.trim() });
          setDone(r.again ? 'again' : 'new');
        } catch {
          /* shown by the request layer */
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item name="parentName" label={t('web.signupName')} rules={[{ required: true, whitespace: true, message: t('web.required') }]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('web.mobile')}
        rules={[
          { required: true, message: t('web.required') },
          { pattern: MOBILE, message: t('account.mobile.rule') },
        ]}
      >
        <Input maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Button htmlType="submit" loading={busy}>
        {t('web.signup')}
      </Button>
    </Form>
  );
}

export default function WebPageView({ page, code, preview }: { page: PublicWebPage; code: string; preview?: boolean }) {
  const { t } = useIntl();
  const [buying, setBuying] = useState<Tpl>();
  return (
    <ConfigProvider theme={page.themeColor ? { token: { colorPrimary: page.themeColor } } : undefined}>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {page.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {page.companyName} · {page.campusName}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{page.intro}</Typography.Paragraph>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('web.address')}>{page.address}</Descriptions.Item>
        <Descriptions.Item label={t('web.phone')}>{page.phone}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t('web.cards')}
      </Typography.Title>
      <List
        dataSource={page.templates}
        locale={{ emptyText: t('web.noCards') }}
        renderItem={(tpl) => (
          <List.Item
            actions={[
              <Button key="buy" type="primary" disabled={preview} onClick={() => setBuying(tpl)} aria-label={t('web.buyTitle', { name: tpl.name })}>
                {t('web.buy')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={tpl.name}
              description={
                <Space wrap>
                  <Tag>{tpl.kind === 'period' ? t('web.periodCard', { days: tpl.validDays }) : t('web.countCard', { hours: tpl.hours, gift: tpl.giftHours })}</Tag>
                  <span>{t('web.validDays', { days: tpl.validDays })}</span>
                  <strong>{formatMoney(tpl.price)}</strong>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t('web.signupTitle')}
      </Typography.Title>
      {preview ? <Typography.Text type="secondary">{t('web.previewNote')}</Typography.Text> : <SignUp code={code} />}
      {buying && <BuyModal code={code} tpl={buying} onClose={() => setBuying(undefined)} />}
    </ConfigProvider>
  );
}

