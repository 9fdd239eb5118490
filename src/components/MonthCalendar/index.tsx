/**
 * Month calendar on the calendar helper (docs/screens.md#routes-and-shell, docs/rules.md#constants-and-limits): 42 cells, Monday first, lunar date, festival and solar term
 * per day, and an optional number per day (e.g. lessons).
 */
import React, { useMemo, useState } from 'react';
import { Badge, Button, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { monthGrid } from '@/utils/calendar';
import { WEEKDAYS } from '@/utils/dates';
import { useIntl } from '@/locales/useIntl';
import styles from './index.less';
import { accessibleShades, PRIMARY_COLOR } from '@/utils/theme';
import VisuallyHidden from '@/components/VisuallyHidden';

export interface MonthCalendarProps {
  /** Initial month 'YYYY-MM'. */
  month: string;
  today: string;
  counts?: Record<string, number>;
  countLabel?: string;
  onMonthChange?: (month: string) => void;
  onSelect?: (date: string) => void;
}

function shift(month: string, delta: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + delta;
  const d = new Date(y, m, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export default function MonthCalendar({ month: initial, today, counts, countLabel, onMonthChange, onSelect }: MonthCalendarProps) {
  const { t } = useIntl();
  const [month, setMonth] = useState(initial);
  const days = useMemo(() => monthGrid(Number(month.slice(0, 4)), Number(month.slice(5, 7))), [month]);
  const go = (delta: number) => {
    const next = shift(month, delta);
    setMonth(next);
    onMonthChange?.(next);
  };
  return (
    <div className={styles.calendar}>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" icon={<LeftOutlined />} aria-label={t('calendar.prev')} onClick={() => go(-1)} />
        <Typography.Text strong data-testid="calendar-month">
          {month}
        </Typography.Text>
        <Button size="small" icon={<RightOutlined />} aria-label={t('calendar.next')} onClick={() => go(1)} />
      </Space>
      <div className={styles.grid} role="grid" aria-label={month}>
        {/* Rows are `display: contents`: the cells stay items of the CSS grid (grid → row → cell for assistive tech). */}
        <div role="row" style={{ display: 'contents' }}>
          {WEEKDAYS.map((w) => (
            <div key={w.key} className={styles.head} role="columnheader">
              {t(`weekday.${w.key}`)}
            </div>
          ))}
        </div>
        {weeksOf(days).map((week) => (
          <div role="row" key={week[0].date} style={{ display: 'contents' }}>
            {week.map((d) => {
          const note = d.festival ? t(`festival.${d.festival}`) : d.solarTerm ? t(`solarTerm.${d.solarTerm}`) : d.lunarDayName;
          const count = counts?.[d.date];
          return (
            <div
              key={d.date}
              role="gridcell"
              tabIndex={onSelect ? 0 : -1}
              className={[styles.cell, d.inMonth ? '' : styles.out, d.date === today ? styles.today : ''].join(' ')}
              onClick={() => onSelect?.(d.date)}
              onKeyDown={(e) => e.key === 'Enter' && onSelect?.(d.date)}
            >
              {/* The visible day stays first in the cell's name; the full date and the count's meaning are read out too. */}
              <div className={styles.day}>
                {d.day}
                <VisuallyHidden>{` ${d.date}`}</VisuallyHidden>
              </div>
              <div className={d.festival ? styles.festival : d.solarTerm ? styles.term : styles.lunar}>{note}</div>
              {!!count && <Badge count={count} size="small" color={BADGE_COLOR} title={countLabel} />}
              {!!count && <VisuallyHidden>{` ${countLabel ?? ''}`}</VisuallyHidden>}
            </div>
          );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The badge fill: the brand's accessible text shade, so that its white count passes WCAG AA. */
const BADGE_COLOR = accessibleShades(PRIMARY_COLOR).text;

function weeksOf<T>(days: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < days.length; i += 7) out.push(days.slice(i, i + 7));
  return out;
}
