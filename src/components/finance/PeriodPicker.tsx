/**
 * The period of the finance screens (issue 31 item 4; /finance/revenue and /finance/accrual): a month or a range of
 * days, kept in the URL (`?month=` or `?startDate=&endDate=`); without one, the month under way (read up to today by
 * the server, issue 30: a figure never counts a day that has not come).
 */
import React from 'react';
import dayjs from 'dayjs';
import { DatePicker, Radio, Space } from 'antd';
import { useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';
import type { FinancePeriodQuery } from '@/services/finance';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period a finance screen shows, from its URL: `startDate`+`endDate` (a range), else `month`, else the month under
 * way (read up to today by the server). Shared by /finance/revenue and /finance/accrual.
 */
export function usePeriodParams(): {
  query: FinancePeriodQuery & { month?: string };
  mode: 'month' | 'range';
  setPeriod: (next: FinancePeriodQuery) => void;
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
  /** The campus opened (?campusId=), so a campus's figures can be linked to. */
  campusId: number | undefined;
  setCampusId: (id: number | undefined) => void;
} {
  const [params, setParams] = useSearchParams();
  const s = params.get('startDate');
  const e = params.get('endDate');
  const m = params.get('month');
  const range = s && e && DAY.test(s) && DAY.test(e) && s <= e;
  const query = range ? { startDate: s, endDate: e } : { month: m && /^\d{4}-\d{2}$/.test(m) ? m : dayjs().format('YYYY-MM') };
  const setPeriod = (next: FinancePeriodQuery) => {
    const q = new URLSearchParams(params);
    for (const k of ['month', 'startDate', 'endDate'] as const) {
      const v = next[k];
      if (v) q.set(k, v);
      else q.delete(k);
    }
    setParams(q, { replace: true });
  };
  const campusId = params.get('campusId') ? Number(params.get('campusId')) || undefined : undefined;
  const setCampusId = (id: number | undefined) => {
    const q = new URLSearchParams(params);
    if (id === undefined) q.delete('campusId');
    else q.set('campusId', String(id));
    setParams(q, { replace: true });
  };
  return { query, mode: range ? 'range' : 'month', setPeriod, params, setParams, campusId, setCampusId };
}

/** The period picker of the finance screens: a month or a range of days (nothing after today). */
export function PeriodPicker({ query, mode, onChange }: { query: FinancePeriodQuery; mode: 'month' | 'range'; onChange: (q: FinancePeriodQuery) => void }) {
  const { t } = useIntl();
  const today = dayjs();
  return (
    <Space wrap>
      <Radio.Group
        aria-label={t('fig.periodKind')}
        optionType="button"
        size="middle"
        value={mode}
        options={[
          { value: 'month', label: t('fig.pickMonth') },
          { value: 'range', label: t('fig.pickRange') },
        ]}
        onChange={(e) => {
          if (e.target.value === 'month') return onChange({ month: (query.startDate ?? today.format('YYYY-MM-DD')).slice(0, 7) });
          // The range starts as the month shown (up to today).
          const first = dayjs(`${query.month ?? today.format('YYYY-MM')}-01`);
          const last = first.endOf('month').isAfter(today) ? today : first.endOf('month');
          return onChange({ startDate: first.format('YYYY-MM-DD'), endDate: last.format('YYYY-MM-DD') });
        }}
      />
      {mode === 'month' ? (
        <DatePicker
          picker="month"
          aria-label={t('fin.month')}
          allowClear={false}
          value={dayjs(`${query.month ?? today.format('YYYY-MM')}-01`)}
          disabledDate={(d) => d.isAfter(today, 'month')}
          onChange={(d) => d && onChange({ month: d.format('YYYY-MM') })}
        />
      ) : (
        <DatePicker.RangePicker
          aria-label={t('fig.pickRange')}
          allowClear={false}
          value={[dayjs(query.startDate), dayjs(query.endDate)]}
          disabledDate={(d) => d.isAfter(today, 'day')}
          onChange={(v) => v?.[0] && v[1] && onChange({ startDate: v[0].format('YYYY-MM-DD'), endDate: v[1].format('YYYY-MM-DD') })}
        />
      )}
    </Space>
  );
}

