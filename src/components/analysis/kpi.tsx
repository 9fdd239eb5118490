/**
 * The light pieces of a figure (docs/rules.md#analysis-metrics): its value formatted per unit, its trend against the previous
 * period, and the link to the list of its records. Kept apart from the analysis screens' filters so that the
 * dashboard's month KPIs widget (in the dashboard chunk) does not carry the range picker.
 */
import React from 'react';
import { Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import VisuallyHidden from '@/components/VisuallyHidden';
import type { DrillParams, KpiUnit } from '@/types/analysis';
import { drillUrl } from '@/utils/drill';
import { formatHours, formatMoney } from '@/utils/format';

export function formatRate(v: number | undefined): string {
  return v === undefined ? '-' : `${(Math.round(v * 1000) / 10).toFixed(1)}%`;
}

export function formatValue(unit: KpiUnit, v: number | undefined): string {
  if (v === undefined) return '-';
  if (unit === 'money') return formatMoney(v);
  if (unit === 'hours') return formatHours(v);
  if (unit === 'rate') return formatRate(v);
  return v.toLocaleString('en-US');
}

/** Trend against the previous period: arrow, signed percent, and words for screen readers. */
export function TrendText({ trend, none }: { trend?: number; none?: string }) {
  const { t } = useIntl();
  if (trend === undefined) return <Typography.Text type="secondary">{none ?? t('an.noPrevious')}</Typography.Text>;
  const pct = `${trend > 0 ? '+' : ''}${(Math.round(trend * 1000) / 10).toFixed(1)}%`;
  const dir = trend > 0 ? 'up' : trend < 0 ? 'down' : 'flat';
  const Icon = dir === 'up' ? ArrowUpOutlined : dir === 'down' ? ArrowDownOutlined : MinusOutlined;
  return (
    // The text keeps the body colour (contrast); the arrow and the signed percent carry the direction.
    <Typography.Text>
      <Icon aria-label={t(`an.${dir}`)} style={{ color: dir === 'up' ? '#237804' : dir === 'down' ? '#a8071a' : undefined }} /> {t('an.vsPrevious', { change: pct })}
    </Typography.Text>
  );
}

/** A link that opens the list of a figure's records. */
export function DrillLink({ drill, children, label }: { drill: DrillParams; children: React.ReactNode; label?: string }) {
  return (
    <Link to={drillUrl(drill)}>
      {children}
      {/* The visible figure stays the start of the link's name (WCAG 2.5.3); the label says what it opens. */}
      {label && <VisuallyHidden>{` ${label}`}</VisuallyHidden>}
    </Link>
  );
}
