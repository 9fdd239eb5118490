/**
 * The data scope of the caller's permission group (docs/rules.md#permission-groups-and-data-scope), applied by the shared visibility functions
 * of students (and so cards, hour records, card orders), leads and lessons. "Own" rows: students in a class the
 * caller teaches, holding a card the caller sold, or converted from a lead the caller owns; leads the caller owns;
 * lessons the caller teaches. "Campus": the caller's campus (their staff row) plus own rows. "Company": everything
 * (the role's own rules still apply: a teacher sees their classes' students whatever the scope).
 */
import type { Db } from '../db';
import type { Session } from '../http';
import { applyDataScope, type ScopeViewer } from '../../src/domain/dataScope';
import { staffOfSession } from './staffRows';
import { classesOf } from './schoolRows';
import { eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { requestMemo } from '../../server/db';
import { canSeeAllStudents } from '../../src/domain/schoolPermissions';

/**
 * Ids of leads (in the database) that synchronous scope functions need, read before the handler (mock/domains/customer.ts,
 * `beforeCall`) into the request's memo: `owned` the caller's own leads (when their data scope narrows), `seen` those
 * of their two lead lists, the leads and the pool (when they do not see every lead and run the schedule).
 */
export type LeadIdKind = 'owned' | 'seen';
const leadIdsKey = (kind: LeadIdKind, s: Pick<Session, 'company' | 'user'>) => `leadIds:${kind}:${s.company.id}:${s.user.id}`;

export function rememberLeadIds(s: Pick<Session, 'company' | 'user'>, kind: LeadIdKind, ids: ReadonlySet<number>) {
  requestMemo()?.set(leadIdsKey(kind, s), ids);
}

export function leadIdsOf(s: Pick<Session, 'company' | 'user'>, kind: LeadIdKind): ReadonlySet<number> {
  const ids = requestMemo()?.get(leadIdsKey(kind, s)) as ReadonlySet<number> | undefined;
  if (!ids) throw new Error(`The ${kind} lead ids of user ${s.user.id} were not loaded in this request (loadLeadIds).`);
  return ids;
}

interface Viewer extends ScopeViewer {
  userId: number;
  staffId?: number;
}

/** Ids of the classes a teacher teaches; undefined = the caller sees every class and student. */
export function visibleClassIds(db: Db, s: Session): Set<number> | undefined {
  if (canSeeAllStudents(s.membership.role)) return undefined;
  const me = staffOfSession(db, s);
  return new Set(classesOf(db, s.company.id).filter((c) => me && c.teacherId === me.id).map((c) => c.id));
}

/** The caller's scope; undefined = the whole company (no narrowing). */
export function viewerOf(db: Db, s: Pick<Session, 'membership' | 'user' | 'company' | 'group'>): Viewer | undefined {
  const group = s.group;
  if (!group || group.dataScope === 'company') return undefined;
  const me = staffOfSession(db, s);
  return { scope: group.dataScope, campusId: me?.campusId, userId: s.user.id, staffId: me?.id };
}

interface LeadLike {
  id: number;
  ownerId?: number;
  campusId?: number;
}
interface LessonLike {
  campusId?: number;
  teacherId?: number;
}

/** Leads within the caller's data scope (own: the caller owns them). */
export function scopeLeads<T extends LeadLike>(db: Db, s: Session, rows: T[]): T[] {
  const v = viewerOf(db, s);
  if (!v) return rows;
  return applyDataScope(rows, v, (l) => ({ campusId: l.campusId, own: l.ownerId === v.userId }));
}

/** The caller's data scope over a table of leads as an SQL condition (own: the caller owns them); undefined = no narrowing. */
export function leadDataScope(db: Db, s: Session, cols: { ownerId: PgColumn; campusId: PgColumn }): SQL | undefined {
  const v = viewerOf(db, s);
  if (!v || v.scope === 'company') return undefined;
  const own = eq(cols.ownerId, v.userId);
  return v.scope === 'campus' && v.campusId !== undefined ? or(own, eq(cols.campusId, v.campusId)) : own;
}

/** Lessons within the caller's data scope (own: the caller teaches them). */
export function scopeLessons<T extends LessonLike>(db: Db, s: Session, rows: T[]): T[] {
  const v = viewerOf(db, s);
  if (!v) return rows;
  return applyDataScope(rows, v, (l) => ({ campusId: l.campusId, own: v.staffId !== undefined && l.teacherId === v.staffId }));
}

/** True when the caller's scope narrows anything (visibility shortcuts must not skip the filter). */
export function narrowsScope(db: Db, s: Session): boolean {
  return viewerOf(db, s) !== undefined;
}
