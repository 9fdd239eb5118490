/**
 * Analysis calls (docs/rules.md#analysis-metrics, docs/screens.md#analysis; docs/api.md#calls-named-by-the-spec `/v2/company_kt/analyze*`). Shared by the client and the mock.
 * Every figure comes with the drill-down that opens the list of its records (`Drill`): the list screens read the
 * same filters from their URL, and the mock's lists apply them with the same definitions (src/domain/metrics.ts).
 */

/** Query of every analyze call: an inclusive day range and optionally one campus. */
export interface AnalyzeQuery {
  startDate: string;
  endDate: string;
  campusId?: number;
}

/** The lists a figure can open, each with the filter that selects exactly the figure's records. */
export type DrillKind =
  /** hour records: consumption (reduce, truant, leave, diy, proof) dated in the range */
  | 'consumed'
  /** hour records: approved returns reviewed in the range */
  | 'refund'
  /** card orders dated in the range */
  | 'sales'
  /** students: holding an active card on the last day */
  | 'active'
  /** students: first card bought in the range */
  | 'new'
  /** students: bought a further card in the range */
  | 'renewing'
  /** students: a card expired or was exhausted in the range or the 30 days before */
  | 'renewDue'
  /** students due for renewal who renewed */
  | 'renewed'
  /** lessons held in the range with their roll-call marks */
  | 'marked'
  /** lessons taught (finished) in the range */
  | 'taught'
  /** open classes (fill rate) */
  | 'fill'
  /** leads created in the range */
  | 'leads'
  /** leads created in the range and converted */
  | 'converted'
  /** student cards usable today (remaining hours) */
  | 'holding'
  /** student cards expiring within 30 days */
  | 'expiring'
  /** student cards exhausted */
  | 'exhausted';

/** The drill-down filters, as URL and list-query parameters (`drill`, `from`, `to`, and optional narrowing). */
export interface DrillParams {
  drill: DrillKind;
  from?: string;
  to?: string;
  campus?: number;
  teacher?: number;
  class?: number;
  template?: number;
  seller?: number;
  owner?: number;
}

export type KpiKey =
  | 'consumedHours'
  | 'recognised'
  | 'cashIn'
  | 'refunds'
  | 'activeStudents'
  | 'newStudents'
  | 'renewingStudents'
  | 'renewalRate'
  | 'attendanceRate'
  | 'fillRate'
  | 'leadConversion';

export type KpiUnit = 'hours' | 'money' | 'count' | 'rate';

export interface Kpi {
  key: KpiKey;
  unit: KpiUnit;
  value: number;
  /** The same figure over the previous period (src/domain/metrics.ts previousRange). */
  previous: number;
  /** (value − previous) ÷ previous; absent when the previous period had none. */
  trend?: number;
  /** Rates: the part and the whole they divide. */
  part?: number;
  whole?: number;
  /** The list of the figure's records (for rates: of the part). */
  drill: DrillParams;
  /** Rates: the list of the whole. */
  wholeDrill?: DrillParams;
  /**
   * The renewal rate: the days in which a card ending puts a student in its whole (the range and the 30 days
   * before, src/domain/metrics.ts renewalCohort), named on the screen with the range of the part.
   */
  cohort?: { startDate: string; endDate: string };
  /**
   * Recognised revenue: the part period cards recognised by day (days up to today), which no hour record carries; the
   * figure = the value of its list of hour records + this (src/domain/revenue.ts `RecognisedRevenue`).
   */
  periodCards?: number;
}

export interface DayPoint {
  /** 'YYYY-MM-DD', or 'YYYY-MM' when the range is longer than 92 days. */
  bucket: string;
  from: string;
  to: string;
  consumedHours: number;
  recognised: number;
  cashIn: number;
  present: number;
  marked: number;
  attendanceRate: number;
}

/** GET /v2/company_kt/analyze_core */
export interface AnalyzeCore {
  range: AnalyzeQuery;
  previous: { startDate: string; endDate: string };
  kpis: Kpi[];
  series: DayPoint[];
}

export interface TemplateMonthSales {
  month: string;
  templateId: number;
  templateName: string;
  orders: number;
  amount: number;
}

/** GET /v2/company_kt/analyze/card */
export interface AnalyzeCard {
  range: AnalyzeQuery;
  /** Cards sold (sales and renewals) per template and month within the range. */
  sales: TemplateMonthSales[];
  salesTotal: { orders: number; amount: number };
  /** Cards usable today: count, remaining hours, and their value (deferred, remaining hours × unit price). */
  holding: { cards: number; remainingHours: number; remainingValue: number };
  /** Remaining hours and value per template (cards usable today). */
  byTemplate: { templateId: number; templateName: string; cards: number; remainingHours: number; remainingValue: number }[];
  expiring: number;
  exhausted: number;
}

export interface ClassProgress {
  classId: number;
  className: string;
  campusId: number;
  students: number;
  cards: number;
  /** Bought + gift hours of the cards. */
  totalHours: number;
  remainingHours: number;
  consumedHours: number;
  /** consumed ÷ total. */
  progress: number;
}

export interface CardProgress {
  cardId: number;
  cardNo: string;
  studentId: number;
  studentName: string;
  templateName: string;
  totalHours: number;
  remainingHours: number;
  progress: number;
  expiryDate: string;
}

/** GET /v2/company_kt/analyze_consume_progress?view=class|card (paged like a list). */
export type ConsumeProgressRow = ClassProgress | CardProgress;

export type RecordDimension = 'campus' | 'class' | 'teacher';

export interface RecordBreakdownRow {
  id: number;
  name: string;
  consumedHours: number;
  recognised: number;
  present: number;
  marked: number;
  attendanceRate: number;
}

/** GET /v2/company_kt/analyzes?by=campus|class|teacher */
export interface AnalyzeRecords {
  range: AnalyzeQuery;
  series: DayPoint[];
  by: RecordDimension;
  rows: RecordBreakdownRow[];
  total: { consumedHours: number; recognised: number; present: number; marked: number; attendanceRate: number };
}

export interface StaffRow {
  staffId: number;
  /** Login user of the staff member (leads are owned by users). */
  userId?: number;
  name: string;
  role: string;
  campusName: string;
  lessons: number;
  /** Lesson hours: the length of the lessons taught, once per lesson (not the student-hours of the salary). */
  hours: number;
  /** Student-hours: the hours students consumed in those lessons. */
  consumedHours: number;
  consumedValue: number;
  cardsSold: number;
  salesAmount: number;
  leadsFollowed: number;
  leadsConverted: number;
}

/** GET /v2/company_kt/analyze/contact_user */
export interface AnalyzeStaff {
  range: AnalyzeQuery;
  rows: StaffRow[];
}
