/**
 * Customer center: leads, follow-ups, the lead pool, conversion, collection forms, web sign-ups and partner
 * merchants (docs/rules.md#leads, docs/screens.md#customer-center). Shared by the client and the mock backend.
 * Dates are 'YYYY-MM-DD', times 'YYYY-MM-DD HH:mm:ss'.
 */

export const LEAD_STATUSES = ['new', 'following', 'trial', 'formal', 'invalid'] as const;
/** new → following → trial (free trial booked) → formal (converted to a student); invalid = dead lead. */
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_INTENTIONS = ['A', 'B', 'C', 'D'] as const;
/** A = very likely ... D = unlikely. */
export type LeadIntention = (typeof LEAD_INTENTIONS)[number];

export const LEAD_SOURCES = ['walk_in', 'referral', 'phone', 'online', 'form', 'web', 'merchant', 'event'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const FOLLOW_UP_METHODS = ['phone', 'wechat', 'visit', 'sms', 'other'] as const;
export type FollowUpMethod = (typeof FOLLOW_UP_METHODS)[number];

export type LeadGender = 'male' | 'female';

/** Why a lead without an owner is in the pool. */
export type PoolReason = 'unassigned' | 'returned' | 'released';

export interface Lead {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  /** The prospective student's name. */
  name: string;
  /** Unique per company. */
  mobile: string;
  parentName?: string;
  gender?: LeadGender;
  age?: number;
  /** Course of interest (free text, e.g. "Ballet"). */
  course?: string;
  status: LeadStatus;
  intention: LeadIntention;
  source: LeadSource;
  /** Owning user id (session user id); undefined = in the pool. */
  ownerId?: number;
  ownerName?: string;
  /** When the current owner got the lead (claim, distribution or creation). */
  assignedAt?: string;
  /** Set while the lead is in the pool. */
  poolReason?: PoolReason;
  /** When the lead last entered the pool. */
  pooledAt?: string;
  /** Owner before it returned to the pool. */
  previousOwnerName?: string;
  lastFollowUpAt?: string;
  /** Next follow-up date 'YYYY-MM-DD'. */
  nextFollowUpAt?: string;
  followUpCount: number;
  /** Student created by the conversion. */
  studentId?: number;
  convertedAt?: string;
  merchantId?: number;
  merchantName?: string;
  /** Collection form the lead came from. */
  formId?: number;
  remark?: string;
  createdAt: string;
  createdBy: string;
}

export interface FollowUp {
  id: number;
  companyId: number;
  leadId: number;
  method: FollowUpMethod;
  content: string;
  /** 'YYYY-MM-DD' */
  nextFollowUpAt?: string;
  statusBefore: LeadStatus;
  statusAfter: LeadStatus;
  intentionBefore: LeadIntention;
  intentionAfter: LeadIntention;
  operatorId: number;
  operatorName: string;
  createdAt: string;
}

/** POST /v2/customer */
export interface LeadCreateBody {
  name: string;
  mobile: string;
  campusId: number;
  intention: LeadIntention;
  source: LeadSource;
  parentName?: string;
  gender?: LeadGender;
  age?: number;
  course?: string;
  remark?: string;
  merchantId?: number;
  nextFollowUpAt?: string;
  /** Managers and dealers: absent = themselves, 0 = the pool, else that owner. Sales always own what they add. */
  ownerId?: number;
}

/** PUT /v2/customer */
export interface LeadUpdateBody extends Partial<Omit<LeadCreateBody, 'ownerId' | 'source'>> {
  id: number;
  source?: LeadSource;
}

/** GET /v2/customer/fast_check?mobile= */
export interface FastCheckResult {
  exists: boolean;
  lead?: {
    id: number;
    name: string;
    status: LeadStatus;
    ownerId?: number;
    ownerName?: string;
    inPool: boolean;
    mine: boolean;
    createdAt: string;
  };
}

/** POST /v2/customer_follow_up */
export interface FollowUpBody {
  leadId: number;
  method: FollowUpMethod;
  content: string;
  nextFollowUpAt?: string;
  status?: LeadStatus;
  intention?: LeadIntention;
}

/** POST /v2/customer/distribute: one or many leads to an owner. */
export interface DistributeBody {
  ids: number[];
  ownerId: number;
}

/** POST /v2/lead/claim */
export interface ClaimBody {
  ids: number[];
}

export interface ClaimResult {
  claimed: number;
  /** Active leads the caller owns after the claim. */
  owned: number;
  limit: number;
}

/** POST /v2/customer/formal: convert leads to students. */
export interface ConvertBody {
  ids: number[];
}

export interface ConvertResult {
  converted: { leadId: number; studentId: number; name: string }[];
}

export interface OwnerOption {
  value: number;
  label: string;
}

/** GET /v2/lead/quota: the caller's claim quota. */
export interface LeadQuota {
  owned: number;
  limit: number;
  poolDays: number;
}

export interface FunnelRow {
  status: LeadStatus;
  /** Leads currently in this status. */
  count: number;
  /** Leads that reached at least this stage (new ≥ following ≥ trial ≥ formal); invalid: same as count. */
  reached: number;
}

export interface LeadStats {
  startDate?: string;
  endDate?: string;
  total: number;
  funnel: FunnelRow[];
  sources: { source: LeadSource; count: number }[];
  owners: { ownerId?: number; ownerName: string; total: number; formal: number; rate: number }[];
  /** New leads per day (or per month for ranges over 92 days): bucket label → count. */
  trend: { bucket: string; count: number }[];
  /** Converted / total, 0..1. */
  conversionRate: number;
}

/* ---------- lead-collection forms (/gather) ---------- */

export const GATHER_FIELD_KEYS = ['name', 'mobile', 'parentName', 'gender', 'age', 'course', 'remark'] as const;
export type GatherFieldKey = (typeof GATHER_FIELD_KEYS)[number];

export interface GatherField {
  key: GatherFieldKey;
  /** Label shown on the public form. */
  label: string;
  required: boolean;
}

export interface GatherForm {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  title: string;
  description?: string;
  /** Always contains name and mobile (required). */
  fields: GatherField[];
  /** Public link code: /f/{code}. */
  code: string;
  enabled: boolean;
  submissionCount: number;
  leadCount: number;
  createdAt: string;
  createdBy: string;
}

export interface GatherFormBody {
  id?: number;
  campusId: number;
  title: string;
  description?: string;
  fields: GatherField[];
  enabled: boolean;
}

export type SubmissionResult = 'lead' | 'duplicate';

export interface GatherSubmission {
  id: number;
  companyId: number;
  formId: number;
  name: string;
  mobile: string;
  values: Partial<Record<GatherFieldKey, string>>;
  result: SubmissionResult;
  leadId?: number;
  createdAt: string;
}

/** GET /v2/public/gather/{code} (no login). */
export interface PublicGatherForm {
  code: string;
  title: string;
  description?: string;
  companyName: string;
  campusName: string;
  fields: GatherField[];
}

/** POST /v2/public/gather/{code} */
export type PublicGatherBody = Partial<Record<GatherFieldKey, string>>;

/* ---------- campus web sign-ups (/wdc-customer) ---------- */

export type WebSignupStatus = 'pending' | 'accepted' | 'discarded';

export interface WebSignup {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  name: string;
  mobile: string;
  course?: string;
  message?: string;
  status: WebSignupStatus;
  leadId?: number;
  /** Accepted but the mobile was already a lead: linked to that lead instead of creating one. */
  duplicate?: boolean;
  handledBy?: string;
  handledAt?: string;
  createdAt: string;
}

/* ---------- partner merchants (/market_merchant) ---------- */

export type MerchantStatus = 'active' | 'paused';

export interface Merchant {
  id: number;
  companyId: number;
  name: string;
  category: string;
  contact: string;
  mobile: string;
  address?: string;
  status: MerchantStatus;
  remark?: string;
  /** The partner's logo (image data URL) for co-branded posters. */
  logo?: string;
  /** Leads sourced from the merchant (derived). */
  leadCount: number;
  /** Of which converted (derived). */
  formalCount: number;
  createdAt: string;
}

export interface MerchantBody {
  id?: number;
  name: string;
  category: string;
  contact: string;
  mobile: string;
  address?: string;
  status: MerchantStatus;
  remark?: string;
  logo?: string;
}
