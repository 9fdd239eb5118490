/**
 * The banner above a list opened from an analysis figure (docs/rules.md#analysis-metrics): what the list is filtered to, its
 * total and sums (which equal the figure), and a link back to every record. `useDrill()` gives the list-query
 * parameters of that filter, to pass to the list's ProTable as `params`.
 */
import React from 'react';
import { Alert, Space } from 'antd';
import { Link, useLocation, useSearchParams } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchDrillTotals } from '@/services/analysis';
import type { DrillKind } from '@/types/analysis';
import { drillFromSearch, drillTarget, withoutDrill } from '@/utils/drill';
import { renewalWindow } from '@/domain/metrics';
import { formatHours, formatMoney } from '@/utils/format';

/** The drill-down filter of the current URL (list-query parameters), or undefined. */
export function useDrill(): Record<string, string> | undefined {
  const [params] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return React.useMemo(() => drillFromSearch(params), [key]);
}

export default function DrillBanner() {
  const { t } = useIntl();
  const drill = useDrill();
  const [params] = useSearchParams();
  const location = useLocation();
  const kind = drill?.drill as DrillKind | undefined;
  const target = kind ? drillTarget(kind) : undefined;
  const { data } = useRequest(() => fetchDrillTotals(target!.api, { ...drill!, sum: target!.sums.map((s) => s.field).join(',') }), {
    ready: !!target,
    refreshDeps: [JSON.stringify(drill)],
  });
  if (!kind || !target || !drill) return null;
  const sums = target.sums.map((s) => {
    const raw = data?.sum?.[s.field];
    const v = raw === undefined ? undefined : s.negate ? -raw : raw;
    const text = v === undefined ? '…' : s.unit === 'money' ? formatMoney(v) : s.unit === 'hours' ? formatHours(v) : v.toLocaleString('en-US');
    return <span key={s.field}>{t(`drill.sum.${s.label ?? s.field}`, { v: text })}</span>;
  });
  const rest = withoutDrill(params);
  // The renewal rate's lists name their cohort with its own days (the range and the 30 days before, issue 30).
  const cohort = (kind === 'renewDue' || kind === 'renewed') && drill.from && drill.to ? renewalWindow({ start: drill.from, end: drill.to }) : undefined;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="drill-banner"
      message={
        <Space wrap size={12}>
          <strong>{t('drill.banner', { what: cohort ? t(`drill.cohort.${kind}`, { wfrom: cohort.start, from: drill.from ?? '', to: drill.to ?? '' }) : t(`drill.kind.${kind}`) })}</strong>
          {!cohort && (drill.from || drill.to) ? <span>{t('drill.range', { from: drill.from ?? '…', to: drill.to ?? '…' })}</span> : null}
          <span data-testid="drill-total">{t('drill.total', { n: data ? data.total.toLocaleString('en-US') : '…', total: data?.total ?? 0 })}</span>
          {sums}
          <Link to={`${location.pathname}${rest ? `?${rest}` : ''}`}>{t('drill.showAll')}</Link>
        </Space>
      }
    />
  );
}
