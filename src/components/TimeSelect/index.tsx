/**
 * The shared range picker (moved from the customer center to src/components: the analysis screens use it too) (docs/screens.md#customer-center `/customer/TimeSelect`): today, yesterday, this
 * week (from Monday), this month, last 30 days, or a custom range. Value: `[startDate, endDate]` ('YYYY-MM-DD') or
 * undefined (all time). Works as a controlled input inside a Form.Item (ProTable search `dateRange`).
 */
import React from 'react';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/locales/useIntl';

export type TimePreset = 'all' | 'today' | 'yesterday' | 'thisWeek' | 'thisMonth' | 'last30' | 'custom';
export type DateRangeValue = [string, string] | undefined;

export const TIME_PRESETS: TimePreset[] = ['all', 'today', 'yesterday', 'thisWeek', 'thisMonth', 'last30', 'custom'];

const F = 'YYYY-MM-DD';

/** The range of a preset relative to `today` ('all' and 'custom' give undefined). */
export function presetRange(preset: TimePreset, today: Dayjs = dayjs()): DateRangeValue {
  const d = today.startOf('day');
  switch (preset) {
    case 'today':
      return [d.format(F), d.format(F)];
    case 'yesterday': {
      const y = d.subtract(1, 'day');
      return [y.format(F), y.format(F)];
    }
    case 'thisWeek': {
      const monday = d.subtract((d.day() + 6) % 7, 'day');
      return [monday.format(F), d.format(F)];
    }
    case 'thisMonth':
      return [d.startOf('month').format(F), d.format(F)];
    case 'last30':
      return [d.subtract(29, 'day').format(F), d.format(F)];
    default:
      return undefined;
  }
}

/** Which preset a range is (custom when none matches). */
export function presetOf(value: DateRangeValue, today: Dayjs = dayjs()): TimePreset {
  if (!value || (!value[0] && !value[1])) return 'all';
  const found = TIME_PRESETS.find((p) => {
    const r = presetRange(p, today);
    return r && r[0] === value[0] && r[1] === value[1];
  });
  return found ?? 'custom';
}

function toStrings(v: unknown): DateRangeValue {
  if (!Array.isArray(v) || v.length < 2) return undefined;
  const s = (x: unknown) => (dayjs.isDayjs(x) ? x.format(F) : typeof x === 'string' ? x.slice(0, 10) : '');
  const a = s(v[0]);
  const b = s(v[1]);
  return a && b ? [a, b] : undefined;
}

export interface TimeSelectProps {
  value?: DateRangeValue | [Dayjs, Dayjs];
  onChange?: (v: DateRangeValue) => void;
  /** Hide the "all time" choice (statistics always have a range). */
  noAll?: boolean;
  id?: string;
}

export default function TimeSelect({ value, onChange, noAll, id }: TimeSelectProps) {
  const { t } = useIntl();
  const range = toStrings(value);
  const preset = presetOf(range);
  const [custom, setCustom] = React.useState(false);
  const shown: TimePreset = custom && preset !== 'all' ? 'custom' : preset;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<TimePreset>
        id={id}
        aria-label={t('cu.time.preset')}
        style={{ minWidth: 130 }}
        value={shown}
        options={TIME_PRESETS.filter((p) => !(noAll && p === 'all')).map((p) => ({ value: p, label: t(`cu.time.${p}`) }))}
        onChange={(p) => {
          setCustom(p === 'custom');
          if (p === 'custom') {
            if (!range) onChange?.(presetRange('last30'));
            return;
          }
          onChange?.(presetRange(p));
        }}
      />
      <DatePicker.RangePicker
        aria-label={t('cu.time.range')}
        allowClear={!noAll}
        value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
        onChange={(v) => {
          setCustom(true);
          onChange?.(v && v[0] && v[1] ? [v[0].format(F), v[1].format(F)] : undefined);
        }}
      />
    </Space.Compact>
  );
}
