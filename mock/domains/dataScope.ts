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
import type { Student } from '../../src/types/school';
import { staffOfSession } from './school';
import { classesOf } from './schoolRows';

interface Viewer extends ScopeViewer {
  userId: number;
  staffId?: number;
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

/** Students within the caller's data scope. */
export function scopeStudents<T extends Pick<Student, 'id' | 'campusId' | 'classIds' | 'leadId'>>(db: Db, s: Session, rows: T[]): T[] {
  const v = viewerOf(db, s);
  if (!v) return rows;
  const taught = new Set(classesOf(db, s.company.id).filter((c) => v.staffId !== undefined && c.teacherId === v.staffId).map((c) => c.id));
  const sold = new Set(db.studentCards.filter((c) => c.companyId === s.company.id && v.staffId !== undefined && c.sellerId === v.staffId).map((c) => c.studentId));
  const leads = ((db as unknown as { leads?: LeadLike[] }).leads ?? []).filter((l) => l.ownerId === v.userId);
  const ownLeads = new Set(leads.map((l) => l.id));
  return applyDataScope(rows, v, (st) => ({
    campusId: st.campusId,
    own: sold.has(st.id) || st.classIds.some((id) => taught.has(id)) || (st.leadId !== undefined && ownLeads.has(st.leadId)),
  }));
}

/** Leads within the caller's data scope (own: the caller owns them). */
export function scopeLeads<T extends LeadLike>(db: Db, s: Session, rows: T[]): T[] {
  const v = viewerOf(db, s);
  if (!v) return rows;
  return applyDataScope(rows, v, (l) => ({ campusId: l.campusId, own: l.ownerId === v.userId }));
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
