/**
 * Campus management (docs/rules.md#permission-groups-and-data-scope, #campuses-and-online-sales, docs/screens.md#campus-management): campuses, permission groups and data scope, login accounts,
 * company settings and theme colour, the campus web page, online orders, settlements, invoices and contract
 * templates. Shared by the client and the mock backend.
 */
import type { PermissionFlag, Role } from './session';
import type { DataScope } from '../domain/dataScope';

export type { DataScope } from '../domain/dataScope';

export interface PermissionGroup {
  id: number;
  companyId: number;
  name: string;
  /** The ten flags of docs/api.md#entities (1 = granted). */
  flags: Record<PermissionFlag, number>;
  dataScope: DataScope;
  /** The role this group was seeded for (new staff of that role join it); none for groups made by the company. */
  defaultFor?: Role;
  /** Derived: staff members assigned to the group. */
  memberCount: number;
  /** Derived: the company's owner is in this group, so it cannot be narrowed. */
  ownerGroup: boolean;
  createdAt: string;
}

/** One staff member and their group (/access). */
export interface StaffAccess {
  staffId: number;
  name: string;
  role: Role;
  campusId: number;
  campusName: string;
  groupId?: number;
  groupName?: string;
  /** The staff member has a login account in this company. */
  hasAccount: boolean;
  /** The company's owner (their group cannot be narrowed). */
  owner: boolean;
}

export interface Campus {
  id: number;
  companyId: number;
  name: string;
  address: string;
  phone: string;
  isMain: boolean;
  /** Valid-until of a branch campus; the main campus follows the company's subscription. */
  validUntil: string;
  /** Days left (0 = expired). */
  day: number;
  staffCount: number;
}

export interface CampusRenewal {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  packageId: number;
  packageName: string;
  days: number;
  amount: number;
  before: string;
  after: string;
  createdAt: string;
  createdBy: string;
}

export type AccountStatus = 'active' | 'disabled';

/** A staff member's login account in this company (/account/staff). */
export interface StaffAccount {
  staffId: number;
  name: string;
  role: Role;
  campusName: string;
  mobile: string;
  /** Login account (username) when one exists. */
  username?: string;
  roleId?: number;
  status?: AccountStatus;
  groupName?: string;
  /** No login yet but an invitation waiting for the person's answer (docs/rules.md#people-and-credentials). */
  invitationId?: number;
  /** The owner's login: only the platform changes it (no reset, disable or enable). */
  owner?: boolean;
  /** The company may set a first password (an account it created, in no other company; docs/rules.md#people-and-credentials). */
  canSetPassword?: boolean;
}

/** A parent's login account linked to students (/account/student). */
export interface ParentAccount {
  roleId: number;
  userId: number;
  name: string;
  username: string;
  mobile: string;
  status: AccountStatus;
  studentIds: number[];
  studentNames: string[];
  createdAt: string;
  /** The company may set a first password (an account it created, in no other company; docs/rules.md#people-and-credentials). */
  canSetPassword?: boolean;
}

/** /setting: the company rules plus the online-sale cap (docs/rules.md#campuses-and-online-sales). */
export interface OnlineSaleCap {
  /** Most hours one online purchase may carry (count cards). */
  maxHours: number;
  /** Most months one online purchase may cover (period cards and validity). */
  maxMonths: number;
}

export interface CampusWebPage {
  companyId: number;
  campusId: number;
  campusName: string;
  code: string;
  title: string;
  intro: string;
  photos: string[];
  address: string;
  phone: string;
  published: boolean;
  /** Card templates offered for sale online. */
  templateIds: number[];
}

/** What the public page /w/:code shows (no login). */
export interface PublicWebPage {
  code: string;
  companyName: string;
  campusName: string;
  title: string;
  intro: string;
  photos: string[];
  address: string;
  phone: string;
  themeColor?: string;
  templates: { id: number; name: string; kind: 'count' | 'period'; hours: number; giftHours: number; price: number; validDays: number }[];
}

export type OnlineOrderStatus = 'unpaid' | 'paid' | 'cancelled';

export interface OnlineOrder {
  id: number;
  companyId: number;
  companyName: string;
  campusId: number;
  campusName: string;
  orderNo: string;
  templateId: number;
  templateName: string;
  hours: number;
  giftHours: number;
  amount: number;
  parentName: string;
  mobile: string;
  studentName: string;
  studentId?: number;
  cardId?: number;
  cardNo?: string;
  status: OnlineOrderStatus;
  createdAt: string;
  paidAt?: string;
  /** Settlement that paid this order out. */
  settlementId?: number;
}

export type SettlementStatus = 'pending' | 'paid';

export interface Settlement {
  id: number;
  companyId: number;
  companyName: string;
  /** YYYY-MM */
  month: string;
  orderCount: number;
  gross: number;
  /** Platform fee rate in percent (e.g. 0.6). */
  feeRate: number;
  fee: number;
  net: number;
  status: SettlementStatus;
  createdAt: string;
  paidAt?: string;
}

export type InvoiceStatus = 'requested' | 'issued' | 'rejected';

export interface InvoiceRequest {
  id: number;
  companyId: number;
  companyName: string;
  orderId: number;
  orderNo: string;
  amount: number;
  title: string;
  taxNo: string;
  email: string;
  status: InvoiceStatus;
  invoiceNo?: string;
  issuedAt?: string;
  rejectReason?: string;
  createdAt: string;
  createdBy: string;
}

export interface ContractTemplate {
  id: number;
  companyId: number;
  name: string;
  /** Text with variables like {studentName}, {cardName}, {hours}, {amount}, {startDate}, {expiryDate}, {companyName}. */
  body: string;
  /**
   * The language of the text (issue 31): the contract prints in the language of the person printing, from the default
   * template of that language (else the language-neutral default). Absent = any language.
   */
  lang?: ContractLang;
  /** The default of its language (or, without `lang`, the one default for every language). */
  isDefault: boolean;
  updatedAt: string;
}

export const CONTRACT_LANGS = ['en-US', 'zh-CN'] as const;
export type ContractLang = (typeof CONTRACT_LANGS)[number];

/** The variables a contract template may use. */
export const CONTRACT_VARIABLES = [
  'companyName',
  'campusName',
  'studentName',
  'parentName',
  'mobile',
  'cardNo',
  'cardName',
  'hours',
  'giftHours',
  'amount',
  'startDate',
  'expiryDate',
  'sellerName',
  'today',
  'campusAddress',
  'campusPhone',
  'amountInWords',
  'unitPrice',
] as const;
export type ContractVariable = (typeof CONTRACT_VARIABLES)[number];
