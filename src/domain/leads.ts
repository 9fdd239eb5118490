/**
 * Lead rules (docs/rules.md#leads), pure and shared by the mock backend and the screens:
 * pool return, claim limit, duplicate check, conversion, follow-up status changes and the funnel counts.
 */
import type { Role } from '@/types/session';
import type { FunnelRow, Lead, LeadSource, LeadStats, LeadStatus } from '@/types/customer';
import { leadConversion, ratio } from './metrics';
import { LEAD_SOURCES, LEAD_STATUSES } from '@/types/customer';

/** Statuses of a lead someone is still working on (they count towards the claim limit and can return to the pool). */
export const ACTIVE_STATUSES: readonly LeadStatus[] = ['new', 'following', 'trial'];

export function isActive(lead: Pick<Lead, 'status'>): boolean {
  return ACTIVE_STATUSES.includes(lead.status);
}

export function inPool(lead: Pick<Lead, 'ownerId'>): boolean {
  return lead.ownerId === undefined;
}

/* ---------------- dates (day arithmetic on 'YYYY-MM-DD', no time zones) ---------------- */

function dayNumber(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** Whole days from `from` to `to` (dates or timestamps; only the date part counts). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/* ---------------- roles ---------------- */

/** Managers and dealers (and the platform admin) see every lead of the company and may distribute; sales see their own. */
export function seesAllLeads(role: Role | undefined): boolean {
  return role === 'manager' || role === 'dealer' || role === 'admin';
}

export const canDistribute = seesAllLeads;

/* ---------------- pool return ---------------- */

/** The moment the owner's clock starts: the last follow-up, else when they got the lead, else its creation. */
export function lastActivity(lead: Pick<Lead, 'lastFollowUpAt' | 'assignedAt' | 'createdAt'>): string {
  const candidates = [lead.lastFollowUpAt, lead.assignedAt, lead.createdAt].filter((x): x is string => !!x);
  return candidates.reduce((a, b) => (a > b ? a : b));
}

/**
 * An owned, active lead returns to the pool when its owner has not followed it up for `poolDays` days
 * (days since the last follow-up or since the owner got it ≥ poolDays). Converted and invalid leads never return.
 */
export function dueForPool(lead: Pick<Lead, 'ownerId' | 'status' | 'lastFollowUpAt' | 'assignedAt' | 'createdAt'>, today: string, poolDays: number): boolean {
  if (inPool(lead) || !isActive(lead) || poolDays <= 0) return false;
  return daysBetween(lastActivity(lead), today) >= poolDays;
}

/** Ids of the leads that must return to the pool today. */
export function leadsDueForPool<T extends Pick<Lead, 'id' | 'ownerId' | 'status' | 'lastFollowUpAt' | 'assignedAt' | 'createdAt'>>(
  leads: T[],
  today: string,
  poolDays: number,
): number[] {
  return leads.filter((l) => dueForPool(l, today, poolDays)).map((l) => l.id);
}

/** The day an owned lead will return to the pool (when not followed up before). */
export function poolReturnDate(lead: Pick<Lead, 'lastFollowUpAt' | 'assignedAt' | 'createdAt'>, poolDays: number): string {
  const base = dayNumber(lastActivity(lead)) + poolDays;
  return new Date(base * 86_400_000).toISOString().slice(0, 10);
}

/* ---------------- claim limit ---------------- */

/** Active leads owned by a user. */
export function ownedCount(leads: Pick<Lead, 'ownerId' | 'status'>[], userId: number): number {
  return leads.filter((l) => l.ownerId === userId && isActive(l)).length;
}

export interface ClaimCheck {
  ok: boolean;
  /** How many more this person may take. */
  room: number;
}

/** Taking `requested` more leads when already owning `owned` active ones; the whole batch is refused when it does not fit. */
export function claimCheck(owned: number, requested: number, limit: number): ClaimCheck {
  const room = Math.max(0, limit - owned);
  return { ok: requested > 0 && requested <= room, room };
}

/* ---------------- duplicate check ---------------- */

/** Digits only (a mobile typed as "138 0000 0005" is the same number). */
export function normalizeMobile(mobile: string): string {
  return mobile.replace(/\D/g, '');
}

/** The lead of the company with that mobile (unique per company), ignoring `exceptId` (the lead being edited). */
export function findDuplicate<T extends Pick<Lead, 'id' | 'companyId' | 'mobile'>>(leads: T[], companyId: number, mobile: string, exceptId?: number): T | undefined {
  const m = normalizeMobile(mobile);
  return leads.find((l) => l.companyId === companyId && l.id !== exceptId && normalizeMobile(l.mobile) === m);
}

/* ---------------- conversion, deletion, follow-up ---------------- */

/** Why a lead cannot be converted (a message key), or undefined when it can. */
export function conversionBlocker(lead: Pick<Lead, 'status' | 'studentId'>): 'lead.alreadyFormal' | 'lead.invalidCannotConvert' | undefined {
  if (lead.status === 'formal' || lead.studentId !== undefined) return 'lead.alreadyFormal';
  if (lead.status === 'invalid') return 'lead.invalidCannotConvert';
  return undefined;
}

/** A converted lead cannot be deleted (its student keeps the link). */
export function canDelete(lead: Pick<Lead, 'status' | 'studentId'>): boolean {
  return lead.status !== 'formal' && lead.studentId === undefined;
}

/**
 * The status after a follow-up. A follow-up never converts (that is batch-formal, which creates the student) and a
 * converted lead stays formal. Without a requested status a new lead becomes "following".
 */
export function statusAfterFollowUp(current: LeadStatus, requested?: LeadStatus): { status: LeadStatus } | { error: 'lead.followUpFormal' | 'lead.formalLocked' } {
  if (requested === 'formal' && current !== 'formal') return { error: 'lead.followUpFormal' };
  if (current === 'formal') {
    if (requested && requested !== 'formal') return { error: 'lead.formalLocked' };
    return { status: 'formal' };
  }
  if (requested) return { status: requested };
  return { status: current === 'new' ? 'following' : current };
}

/* ---------------- follow-up due ---------------- */

export type DueFilter = 'overdue' | 'today' | 'week' | 'none';

/** Whether a lead's next follow-up matches a "follow-up due" filter (only active leads are due). */
export function matchesDue(lead: Pick<Lead, 'nextFollowUpAt' | 'status'>, filter: DueFilter, today: string): boolean {
  const next = lead.nextFollowUpAt;
  if (filter === 'none') return !next || !isActive(lead);
  if (!next || !isActive(lead)) return false;
  const d = daysBetween(today, next);
  if (filter === 'overdue') return d < 0;
  if (filter === 'today') return d === 0;
  return d >= 0 && d <= 6;
}

/* ---------------- statistics (/customer/data) ---------------- */

const FUNNEL_RANK: Record<LeadStatus, number> = { new: 0, following: 1, trial: 2, formal: 3, invalid: -1 };

/**
 * Funnel by status. `count` = leads currently in the status (equals the /customer list filtered by that status);
 * `reached` = leads whose status is at or past the stage (a trial lead has also been followed). Invalid leads are
 * their own row and are not in the reached counts of other stages.
 */
export function funnelCounts(leads: Pick<Lead, 'status'>[]): FunnelRow[] {
  return LEAD_STATUSES.map((status) => {
    const count = leads.filter((l) => l.status === status).length;
    const reached = status === 'invalid' ? count : leads.filter((l) => FUNNEL_RANK[l.status] >= FUNNEL_RANK[status]).length;
    return { status, count, reached };
  });
}

export function sourceCounts(leads: Pick<Lead, 'source'>[]): { source: LeadSource; count: number }[] {
  return LEAD_SOURCES.map((source) => ({ source, count: leads.filter((l) => l.source === source).length }));
}

export function ownerConversion(leads: Pick<Lead, 'ownerId' | 'ownerName' | 'status'>[], poolLabel: string): LeadStats['owners'] {
  const byOwner = new Map<string, { ownerId?: number; ownerName: string; total: number; formal: number }>();
  for (const l of leads) {
    const key = l.ownerId === undefined ? 'pool' : String(l.ownerId);
    const row = byOwner.get(key) ?? { ownerId: l.ownerId, ownerName: l.ownerId === undefined ? poolLabel : l.ownerName ?? String(l.ownerId), total: 0, formal: 0 };
    row.total += 1;
    if (l.status === 'formal') row.formal += 1;
    byOwner.set(key, row);
  }
  return [...byOwner.values()]
    .map((r) => ({ ...r, rate: ratio(r.formal, r.total) }))
    .sort((a, b) => b.formal - a.formal || b.total - a.total || a.ownerName.localeCompare(b.ownerName));
}

function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let [y, m] = start.slice(0, 7).split('-').map(Number);
  const [ey, em] = end.slice(0, 7).split('-').map(Number);
  while (y < ey || (y === ey && m <= em)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** New leads per day over [start, end] (per month when the range is longer than 92 days); every bucket present. */
export function trendBuckets(leads: Pick<Lead, 'createdAt'>[], start: string, end: string): { bucket: string; count: number }[] {
  const monthly = daysBetween(start, end) > 92;
  const keys = monthly
    ? monthsBetween(start, end)
    : Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => new Date((dayNumber(start) + i) * 86_400_000).toISOString().slice(0, 10));
  const counts = new Map(keys.map((k) => [k, 0]));
  for (const l of leads) {
    const k = l.createdAt.slice(0, monthly ? 7 : 10);
    if (counts.has(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return keys.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
}

/** Leads created within [start, end] (inclusive, by date; open ends allowed), as the /customer list filters them. */
export function inCreatedRange<T extends Pick<Lead, 'createdAt'>>(leads: T[], start?: string, end?: string): T[] {
  return leads.filter((l) => {
    const d = l.createdAt.slice(0, 10);
    return (!start || d >= start) && (!end || d <= end);
  });
}

/** Everything /customer/data shows, from the leads the caller may see. */
export function leadStats(leads: Lead[], range: { startDate?: string; endDate?: string }, poolLabel: string, today: string): LeadStats {
  const rows = inCreatedRange(leads, range.startDate, range.endDate);
  const start = range.startDate ?? rows.reduce((min, l) => (l.createdAt.slice(0, 10) < min ? l.createdAt.slice(0, 10) : min), today);
  const end = range.endDate ?? today;
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    total: rows.length,
    funnel: funnelCounts(rows),
    sources: sourceCounts(rows),
    owners: ownerConversion(rows, poolLabel),
    trend: start <= end ? trendBuckets(rows, start, end) : [],
    conversionRate: leadConversion(rows).rate,
  };
}
