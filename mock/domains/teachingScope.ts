/**
 * The class and student scope of the teaching and notice calls: the same rule as the school domain's scope
 * (teachers see their own classes and those classes' students; the other staff roles every one), written against
 * the stable helpers (`staffOfSession`, `canSeeAllStudents`) so that this domain does not depend on how the school
 * domain organises its policies.
 */
import type { Db } from '../db';
import type { Session } from '../http';
import type { SchoolClass, Student, StudentCard } from '../../src/types/school';
import { canSeeAllStudents } from '../../src/domain/schoolPermissions';
import { staffOfSession } from './school';

function ownClassIds(db: Db, s: Session): Set<number> | undefined {
  if (canSeeAllStudents(s.membership.role)) return undefined;
  const me = staffOfSession(db, s);
  return new Set(db.classes.filter((c) => c.companyId === s.company.id && me && c.teacherId === me.id).map((c) => c.id));
}

export function classRows(db: Db, s: Session): SchoolClass[] {
  const own = ownClassIds(db, s);
  return db.classes.filter((c) => c.companyId === s.company.id && (!own || own.has(c.id)));
}

export function studentRows(db: Db, s: Session): Student[] {
  const own = ownClassIds(db, s);
  return db.students.filter((st) => st.companyId === s.company.id && (!own || st.classIds.some((id) => own.has(id))));
}

export function cardRows(db: Db, s: Session): StudentCard[] {
  const own = ownClassIds(db, s);
  const visible = own ? new Set(studentRows(db, s).map((st) => st.id)) : undefined;
  return db.studentCards.filter((c) => c.companyId === s.company.id && (!visible || visible.has(c.studentId)));
}
