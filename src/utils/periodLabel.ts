/**
 * The words that name a period of figures (issue 30 item 1: where two screens show different periods, their labels say
 * which): a whole month ("November 2026"), the month under way ("November to date (1–27 Nov 2026)"), or a range
 * ("12 Oct – 25 Nov 2026"). Days are 'YYYY-MM-DD'; a period is read up to today.
 */
type T = (key: string, values?: Record<string, string | number>) => string;

const parts = (d: string) => ({ y: +d.slice(0, 4), m: +d.slice(5, 7), d: +d.slice(8, 10) });
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A range of days in words ("1–27 Nov 2026", "12 Oct – 25 Nov 2026", "2026年11月1日–27日"). */
export function rangeLabel(t: T, from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (a.y === b.y && a.m === b.m) return t('fig.range.sameMonth', { d1: a.d, d2: b.d, mon: t(`fig.mon.${a.m}`), year: a.y });
  if (a.y === b.y) return t('fig.range.sameYear', { d1: a.d, mon1: t(`fig.mon.${a.m}`), d2: b.d, mon2: t(`fig.mon.${b.m}`), year: a.y });
  return t('fig.range.years', { d1: a.d, mon1: t(`fig.mon.${a.m}`), y1: a.y, d2: b.d, mon2: t(`fig.mon.${b.m}`), y2: b.y });
}

/** A period in words, as far as it has happened (`to` after today reads as today). */
export function periodLabel(t: T, from: string, to: string, today: string): string {
  const end = to > today ? today : to;
  const a = parts(from);
  const b = parts(end);
  if (a.d === 1 && a.y === b.y && a.m === b.m) {
    if (b.d === lastDay(a.y, a.m)) return t('fig.period.month', { month: t(`fig.monthName.${a.m}`), year: a.y });
    if (end === today) return t('fig.period.toDate', { month: t(`fig.monthName.${a.m}`), range: rangeLabel(t, from, end) });
  }
  return rangeLabel(t, from, end);
}
