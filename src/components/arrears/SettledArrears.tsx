/** The arrears a sale or renewal settled (docs/rules.md#arrears): lessons, hours, value, and the hours left on the card. */
import React from 'react';
import { Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { ArrearsSettlement } from '@/types/arrears';
import { formatHours, formatMoney } from '@/utils/format';

export default function SettledArrears({ settlement }: { settlement: ArrearsSettlement }) {
  const { t } = useIntl();
  return (
    <div data-testid="receipt-arrears" style={{ marginTop: 16 }}>
      <Typography.Text strong>{t('arrears.receipt.title')}</Typography.Text>
      <ul style={{ margin: '8px 0', paddingInlineStart: 20 }}>
        {settlement.items.map((a) => (
          <li key={a.id}>{t('arrears.receipt.line', { date: a.lessonDate, cls: a.className, hours: formatHours(a.hours), amount: formatMoney(a.amount) })}</li>
        ))}
      </ul>
      <Typography.Text>{t('arrears.receipt.total', { hours: formatHours(settlement.hours), amount: formatMoney(settlement.amount), left: formatHours(settlement.hoursAfter) })}</Typography.Text>
    </div>
  );
}
