/** Platform administration: companies, renewals, packages, orders, accounts, audit log, settings (docs/rules.md#platform, docs/screens.md#platform). */

/** A company's state for the platform lists (computed from status and validity). */
export type CompanyState = 'active' | 'expiring' | 'expired' | 'disabled';
export const COMPANY_STATES: CompanyState[] = ['active', 'expiring', 'expired', 'disabled'];
/** Expiry windows of the company list filter (days). */
export const EXPIRY_WINDOWS = [7, 30, 90] as const;

export interface CompanyListItem {
  id: number;
  name: string;
  ownerName: string;
  ownerMobile: string;
  contact?: string;
  address?: string;
  remark?: string;
  validUntil: string;
  /** Days left (docs/api.md#entities company.day). */
  day: number;
  status: 'active' | 'disabled';
  state: CompanyState;
  disabledAt?: string;
  campusCount: number;
  studentCount: number;
  createdAt: string;
}

/**
 * The owner of a company just created by the platform (docs/rules.md#people-and-credentials): a new account with a one-time password,
 * returned only in this answer and changed by the owner at the first login; or an existing account (`existing`)
 * made the owner, whose password stays theirs (no `oneTimePassword`).
 */
export interface NewCompanyOwner {
  companyId: number;
  companyName: string;
  name: string;
  mobile: string;
  username: string;
  existing: boolean;
  oneTimePassword?: string;
}

/** Answer of POST /v2/company_kt/add_company and /v2/company/simple/. */
export type CompanyCreated = CompanyListItem & { owner: NewCompanyOwner };

/** Answer of POST /v2/company/import_batch_excel. */
export interface CompaniesImported {
  created: number;
  companies: CompanyListItem[];
  owners: NewCompanyOwner[];
}

export interface CompanyOption {
  value: number;
  label: string;
}

/** One renewal (or recovery) of a company's validity, with before and after (docs/rules.md#platform). */
export interface CompanyRenewal {
  id: number;
  companyId: number;
  companyName: string;
  kind: 'renew' | 'recover' | 'create';
  days: number;
  before: string;
  after: string;
  remark?: string;
  operator: string;
  at: string;
}

/** The columns of the Excel import template (GET /v2/company/import_batch_excel). */
export interface ImportTemplate {
  sheetName: string;
  columns: { key: keyof ImportCompanyRow; title: string; required: boolean; example: string | number }[];
}

export interface ImportCompanyRow {
  name: string;
  ownerName: string;
  ownerMobile: string;
  days: number;
  address?: string;
  remark?: string;
}

export interface AuditChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** One successful write (docs/rules.md#platform audit log). */
export interface AuditEntry {
  id: number;
  at: string;
  companyId: number;
  companyName: string;
  userId: number;
  userName: string;
  role: string;
  ip: string;
  method: string;
  path: string;
  /** First path segment after /v2 (student_card, company_kt ...). */
  resource: string;
  targetId?: number;
  action: 'create' | 'update' | 'delete' | 'action';
  changes: AuditChange[];
  /** Kind of action (issue 31, mock/domains/auditKinds.ts), e.g. `card.sell`; its group is the part before the dot. */
  kind?: string;
  /** The record the write was about, as people name it (a card number, a name, a title). */
  subject?: string;
  /** The variables of the kind's sentence, raw (money as a number). */
  params?: Record<string, string | number | boolean>;
  /** Rendered in the reader's language by GET /v2/operate_log (never stored). */
  sentence?: string;
  diff?: AuditDiffLine[];
}

/** One changed field as a reader reads it: label, old → new (formatted; `before` absent for a value set anew). */
export interface AuditDiffLine {
  field: string;
  label: string;
  before?: string;
  after: string;
}

export interface AdminPackage {
  id: number;
  name: string;
  days: number;
  price: number;
  campuses: number;
  description: string;
  /** Chinese name and description shown to Chinese-speaking schools (the name above otherwise). */
  nameZh?: string;
  descriptionZh?: string;
  onSale: boolean;
  orderCount: number;
}

export interface PlatformSettings {
  /** Platform fee on online money, percent (docs/rules.md#campuses-and-online-sales). */
  feePercent: number;
  /** Validity of a new company (days). */
  trialDays: number;
  /** Campuses of a new company. */
  defaultCampuses: number;
  /** Default prepaid-tuition cap of a new company (hours and months). */
  defaultCapHours: number;
  defaultCapMonths: number;
  /** Welcome note shown to new companies. */
  welcomeNote: string;
}

export interface PlatformUserAccount {
  id: number;
  username: string;
  name: string;
  mobile: string;
  companies: { companyId: number; companyName: string; role: string; owner: boolean }[];
  companyNames: string;
  roles: string;
  sessions: number;
}

export interface PlatformOverview {
  byState: Record<CompanyState, number>;
  expiring: { within7: number; within30: number; within90: number };
  revenueByMonth: { month: string; amount: number; orders: number }[];
  newestFeedback: { id: number; companyName: string; userName: string; content: string; at: string }[];
  totals: { companies: number; students: number; paidThisYear: number };
}

export interface AdminSettlement {
  id: number;
  companyId: number;
  companyName: string;
  month: string;
  orderCount: number;
  gross: number;
  fee: number;
  net: number;
  status: 'pending' | 'paid';
  paidAt?: string;
}

export interface AdminStudentOrder {
  id: number;
  orderNo: string;
  companyId: number;
  companyName: string;
  studentName: string;
  templateName: string;
  amount: number;
  status: 'unpaid' | 'paid' | 'refunded' | 'cancelled';
  createdAt: string;
  paidAt?: string;
}
