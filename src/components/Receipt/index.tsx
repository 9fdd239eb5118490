/**
 * The receipt of a card sale or renewal (issue 9): shown after the sale, printable (the print stylesheet prints the
 * receipt alone). A sale that settled the student's arrears lists them with the hours left after (docs/rules.md#arrears).
 */
import React from 'react';
import { Button, Descriptions, Modal, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import { useSession } from '@/hooks/useSession';
import type { CardOpResult } from '@/services/school';
import { formatHours, formatMoney } from '@/utils/format';
import SettledArrears from '@/components/arrears/SettledArrears';
import './index.less';

export default function ReceiptModal({ result, onClose }: { result?: CardOpResult; onClose: () => void }) {
  const { t } = useIntl();
  const { currentUser } = useSession();
  const order = result?.order;
  return (
    <Modal open={!!order} onCancel={onClose} footer={null} width={560} title={t('ev.receipt.title')} destroyOnHidden>
      {order && result && (
        <div className="receipt-sheet" data-testid="receipt">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {currentUser?.company.name}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('ev.receipt.heading', { no: order.orderNo })}</Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('card.student')}>{order.studentName}</Descriptions.Item>
            <Descriptions.Item label={t('card.template')}>{order.templateName}</Descriptions.Item>
            <Descriptions.Item label={t('card.cardNo')}>{result.card.cardNo}</Descriptions.Item>
            <Descriptions.Item label={t('ev.receipt.hours')}>{t('ev.receipt.hoursValue', { hours: formatHours(order.hours), gift: formatHours(order.giftHours) })}</Descriptions.Item>
            <Descriptions.Item label={t('card.expiryDate')}>{result.card.expiryDate}</Descriptions.Item>
            <Descriptions.Item label={t('card.field.amount')}>{formatMoney(order.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('card.field.method')}>{t(`card.method.${order.method}`)}</Descriptions.Item>
            <Descriptions.Item label={t('card.seller')}>{order.sellerName}</Descriptions.Item>
            <Descriptions.Item label={t('ev.receipt.date')}>{order.createdAt}</Descriptions.Item>
          </Descriptions>
          {result.arrears && result.arrears.items.length > 0 && <SettledArrears settlement={result.arrears} />}
          <Space className="receipt-actions" style={{ marginTop: 16, justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={onClose}>{t('ev.receipt.close')}</Button>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('ev.receipt.print')}
            </Button>
          </Space>
        </div>
      )}
    </Modal>
  );
}
