/**
 * Calendar helper (docs/rules.md#calendar).
 *
 * - `monthGrid(year, month)`: 42 cells (6 weeks), weeks start on Monday, leading and trailing days of the
 *   adjacent months included and flagged `inMonth: false`.
 * - `dayRecord(date)`: solar date, weekday (Monday = 1 … Sunday = 7), lunar date (with leap-month flag and
 *   Chinese names), festival key and solar-term key of one day.
 * - `upcomingFestivals(fromDate, count)`: the next days that carry a festival or a solar term.
 *
 * Lunar dates and solar terms come from lunar-javascript. The supported range is 1900–2049 (docs/rules.md#constants-and-limits); a
 * year outside it throws `CalendarRangeError`. (The trailing cells of December 2049 fall in January 2050:
 * they are still computed, only a request for a month or day outside the range throws.)
 *
 * Festival and solar-term values are keys; their labels live under `festival.<key>` and
 * `solarTerm.<key>` in the locales (`src/locales/parts/helpers.*.ts`).
 */
// lunar-javascript ships no type declarations: the part used here is typed by the Lib* interfaces below.
import { Solar as UntypedSolar, I18n as UntypedI18n } from 'lunar-javascript';
import type { Weekday, WeekdayKey } from '@/utils/dates';
import { addDays, daysInMonth, parseDate, weekdayKey } from '@/utils/dates';

interface LibLunar {
  getYear(): number;
  /** Negative for a leap month. */
  getMonth(): number;
  getDay(): number;
  getMonthInChinese(): string;
  getDayInChinese(): string;
  /** Name of the solar term falling on this day, in the library's current language, or ''. */
  getJieQi(): string;
}

interface LibSolar {
  getLunar(): LibLunar;
  next(days: number): LibSolar;
}

interface LibSolarStatic {
  fromYmd(year: number, month: number, day: number): LibSolar;
}

interface LibI18n {
  getMessage(key: string): string;
}

const Solar = UntypedSolar as unknown as LibSolarStatic;
const I18n = UntypedI18n as unknown as LibI18n;

/** First and last supported years (docs/rules.md#constants-and-limits: lunar tables cover 1900 to 2049). */
export const CALENDAR_MIN_YEAR = 1900;
export const CALENDAR_MAX_YEAR = 2049;

export class CalendarRangeError extends RangeError {
  readonly year: number;

  constructor(year: number) {
    super(`Calendar supports years ${CALENDAR_MIN_YEAR} to ${CALENDAR_MAX_YEAR} only; got ${year}`);
    this.name = 'CalendarRangeError';
    this.year = year;
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** The 24 solar terms in order, starting with the Start of Spring (立春). */
export const SOLAR_TERMS = [
  'lichun',
  'yushui',
  'jingzhe',
  'chunfen',
  'qingming',
  'guyu',
  'lixia',
  'xiaoman',
  'mangzhong',
  'xiazhi',
  'xiaoshu',
  'dashu',
  'liqiu',
  'chushu',
  'bailu',
  'qiufen',
  'hanlu',
  'shuangjiang',
  'lidong',
  'xiaoxue',
  'daxue',
  'dongzhi',
  'xiaohan',
  'dahan',
] as const;

export type SolarTermKey = (typeof SOLAR_TERMS)[number];

/** Chinese name of each solar term. */
export const SOLAR_TERM_CHINESE: Readonly<Record<SolarTermKey, string>> = {
  lichun: '立春',
  yushui: '雨水',
  jingzhe: '惊蛰',
  chunfen: '春分',
  qingming: '清明',
  guyu: '谷雨',
  lixia: '立夏',
  xiaoman: '小满',
  mangzhong: '芒种',
  xiazhi: '夏至',
  xiaoshu: '小暑',
  dashu: '大暑',
  liqiu: '立秋',
  chushu: '处暑',
  bailu: '白露',
  qiufen: '秋分',
  hanlu: '寒露',
  shuangjiang: '霜降',
  lidong: '立冬',
  xiaoxue: '小雪',
  daxue: '大雪',
  dongzhi: '冬至',
  xiaohan: '小寒',
  dahan: '大寒',
};

/** lunar-javascript's message key of each term, so terms are recognised whatever language the library uses. */
const LIB_TERM_MESSAGE: Readonly<Record<SolarTermKey, string>> = {
  lichun: 'jq.liChun',
  yushui: 'jq.yuShui',
  jingzhe: 'jq.jingZhe',
  chunfen: 'jq.chunFen',
  qingming: 'jq.qingMing',
  guyu: 'jq.guYu',
  lixia: 'jq.liXia',
  xiaoman: 'jq.xiaoMan',
  mangzhong: 'jq.mangZhong',
  xiazhi: 'jq.xiaZhi',
  xiaoshu: 'jq.xiaoShu',
  dashu: 'jq.daShu',
  liqiu: 'jq.liQiu',
  chushu: 'jq.chuShu',
  bailu: 'jq.baiLu',
  qiufen: 'jq.qiuFen',
  hanlu: 'jq.hanLu',
  shuangjiang: 'jq.shuangJiang',
  lidong: 'jq.liDong',
  xiaoxue: 'jq.xiaoXue',
  daxue: 'jq.daXue',
  dongzhi: 'jq.dongZhi',
  xiaohan: 'jq.xiaoHan',
  dahan: 'jq.daHan',
};

/** The fixed festival list of docs/rules.md#constants-and-limits. */
export const FESTIVALS = [
  'newYear',
  'labourDay',
  'nationalDay',
  'mothersDay',
  'fathersDay',
  'springFestival',
  'lantern',
  'dragonBoat',
  'qixi',
  'midAutumn',
  'doubleNinth',
  'laba',
  'newYearsEve',
] as const;

export type FestivalKey = (typeof FESTIVALS)[number];

/** Solar festivals on a fixed month-day. */
const SOLAR_FIXED_FESTIVALS: ReadonlyArray<{ month: number; day: number; key: FestivalKey }> = [
  { month: 1, day: 1, key: 'newYear' },
  { month: 5, day: 1, key: 'labourDay' },
  { month: 10, day: 1, key: 'nationalDay' },
];

/** Lunar festivals on a fixed lunar month-day (never in a leap month). New Year's Eve is handled apart. */
const LUNAR_FIXED_FESTIVALS: ReadonlyArray<{ month: number; day: number; key: FestivalKey }> = [
  { month: 1, day: 1, key: 'springFestival' },
  { month: 1, day: 15, key: 'lantern' },
  { month: 5, day: 5, key: 'dragonBoat' },
  { month: 7, day: 7, key: 'qixi' },
  { month: 8, day: 15, key: 'midAutumn' },
  { month: 9, day: 9, key: 'doubleNinth' },
  { month: 12, day: 8, key: 'laba' },
];

export function festivalLabelKey(key: FestivalKey): `festival.${FestivalKey}` {
  return `festival.${key}`;
}

export function solarTermLabelKey(key: SolarTermKey): `solarTerm.${SolarTermKey}` {
  return `solarTerm.${key}`;
}

export interface DayRecord {
  /** `YYYY-MM-DD`. */
  date: string;
  year: number;
  month: number;
  day: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: Weekday;
  /** Weekday key; its label is `weekday.<key>`. */
  weekdayLabel: WeekdayKey;
  /** Lunar year number (a day before the Spring Festival belongs to the previous lunar year). */
  lunarYear: number;
  /** Lunar month 1..12 (positive even in a leap month; see `isLeapMonth`). */
  lunarMonth: number;
  lunarDay: number;
  isLeapMonth: boolean;
  /** e.g. 正月, 闰六月, 腊月. */
  lunarMonthName: string;
  /** e.g. 初一, 十五, 三十. */
  lunarDayName: string;
  /**
   * Festival of the day. When two fall on the same day (e.g. Mid-Autumn on National Day, 2020-10-01) the
   * lunar festival comes first; `festivals` lists them all.
   */
  festival?: FestivalKey;
  /** Every festival of the day, lunar ones first; empty on an ordinary day. */
  festivals: FestivalKey[];
  solarTerm?: SolarTermKey;
}

export interface MonthGridDay extends DayRecord {
  /** False for the leading and trailing days of the adjacent months. */
  inMonth: boolean;
}

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < CALENDAR_MIN_YEAR || year > CALENDAR_MAX_YEAR) {
    throw new CalendarRangeError(year);
  }
}

function solarTermOf(name: string): SolarTermKey | undefined {
  if (!name) return undefined;
  return SOLAR_TERMS.find((key) => I18n.getMessage(LIB_TERM_MESSAGE[key]) === name || SOLAR_TERM_CHINESE[key] === name);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Builds the record of a day without the range check (grids may run a few days past the range). */
function buildDayRecord(year: number, month: number, day: number): DayRecord {
  const date = `${year}-${pad2(month)}-${pad2(day)}`;
  const solar = Solar.fromYmd(year, month, day);
  const lunar = solar.getLunar();
  const rawLunarMonth = lunar.getMonth();
  const lunarMonth = Math.abs(rawLunarMonth);
  const isLeapMonth = rawLunarMonth < 0;
  const lunarDay = lunar.getDay();
  const wd = weekdayFromYmd(year, month, day);

  const festivals: FestivalKey[] = [];
  if (!isLeapMonth) {
    for (const f of LUNAR_FIXED_FESTIVALS) {
      if (f.month === lunarMonth && f.day === lunarDay) festivals.push(f.key);
    }
  }
  // New Year's Eve: the last day of the twelfth lunar month, i.e. the eve of the Spring Festival.
  if (lunarMonth === 12 && lunarDay >= 29) {
    const tomorrow = solar.next(1).getLunar();
    if (tomorrow.getMonth() === 1 && tomorrow.getDay() === 1) festivals.push('newYearsEve');
  }
  for (const f of SOLAR_FIXED_FESTIVALS) {
    if (f.month === month && f.day === day) festivals.push(f.key);
  }
  if (wd === 7 && month === 5 && day >= 8 && day <= 14) festivals.push('mothersDay'); // 2nd Sunday of May
  if (wd === 7 && month === 6 && day >= 15 && day <= 21) festivals.push('fathersDay'); // 3rd Sunday of June

  const record: DayRecord = {
    date,
    year,
    month,
    day,
    weekday: wd,
    weekdayLabel: weekdayKey(wd),
    lunarYear: lunar.getYear(),
    lunarMonth,
    lunarDay,
    isLeapMonth,
    lunarMonthName: `${lunar.getMonthInChinese()}月`,
    lunarDayName: lunar.getDayInChinese(),
    festivals,
  };
  if (festivals.length > 0) record.festival = festivals[0];
  const solarTerm = solarTermOf(lunar.getJieQi());
  if (solarTerm) record.solarTerm = solarTerm;
  return record;
}

function nextYmd(year: number, month: number, day: number): [number, number, number] {
  if (day < daysInMonth(year, month)) return [year, month, day + 1];
  if (month < 12) return [year, month + 1, 1];
  return [year + 1, 1, 1];
}

function weekdayFromYmd(year: number, month: number, day: number): Weekday {
  const js = new Date(2000, 0, 1);
  js.setFullYear(year, month - 1, day);
  const jsDay = js.getDay();
  return (jsDay === 0 ? 7 : jsDay) as Weekday;
}

/** The record of one day (`YYYY-MM-DD`). Throws `CalendarRangeError` outside 1900–2049. */
export function dayRecord(date: string): DayRecord {
  const d = parseDate(date);
  assertYear(d.year());
  return buildDayRecord(d.year(), d.month() + 1, d.date());
}

/**
 * The 42 days (6 weeks, Monday first) shown for a month, adjacent months' days flagged `inMonth: false`.
 * Throws `CalendarRangeError` outside 1900–2049 and `RangeError` for a month outside 1..12.
 */
export function monthGrid(year: number, month: number): MonthGridDay[] {
  assertYear(year);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month: ${month}`);
  const first = `${year}-${pad2(month)}-01`;
  const lead = weekdayFromYmd(year, month, 1) - 1;
  const start = addDays(first, -lead);
  const [sy, sm, sd] = start.split('-').map(Number);
  const cells: MonthGridDay[] = [];
  let y = sy;
  let m = sm;
  let d = sd;
  for (let i = 0; i < 42; i += 1) {
    cells.push({ ...buildDayRecord(y, m, d), inMonth: y === year && m === month });
    [y, m, d] = nextYmd(y, m, d);
  }
  return cells;
}

export type UpcomingKind = 'all' | 'festivals' | 'solarTerms';

/**
 * The next `count` days, from `fromDate` included, that carry a festival or a solar term (or only one of
 * them, with `kind`). Stops early at the end of 2049. Throws `CalendarRangeError` when `fromDate` is
 * outside 1900–2049.
 */
export function upcomingFestivals(fromDate: string, count: number, kind: UpcomingKind = 'all'): DayRecord[] {
  const start = parseDate(fromDate);
  assertYear(start.year());
  const out: DayRecord[] = [];
  if (!(count > 0)) return out;
  let y = start.year();
  let m = start.month() + 1;
  let d = start.date();
  while (out.length < count && y <= CALENDAR_MAX_YEAR) {
    const r = buildDayRecord(y, m, d);
    const hasFestival = r.festivals.length > 0;
    const hasTerm = r.solarTerm !== undefined;
    if ((kind !== 'solarTerms' && hasFestival) || (kind !== 'festivals' && hasTerm)) out.push(r);
    [y, m, d] = nextYmd(y, m, d);
  }
  return out;
}
