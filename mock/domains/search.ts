/**
 * Jump search (issue 9): GET /v2/search?keyword= finds students, leads and staff by name or mobile, each kind only
 * when the caller may read it and only among the rows of that kind's own policy (the same scope as its list:
 * a teacher's students, a sales person's leads...). At most 8 hits per kind.
 */
import { allows, api, definePolicy } from '../http';
import { leadPolicy } from './customer';
import { staffPolicy, studentPolicy } from './schoolPolicies';
import { canSeeStaffMobiles } from '../../src/domain/schoolPermissions';
import type { JumpHit } from '../../src/types/search';

const PER_KIND = 8;

/** Readable when at least one of the searched resources is. */
export const searchPolicy = definePolicy<{ id: number }>({
  name: 'jump search',
  read: (_a, s) => [studentPolicy, leadPolicy, staffPolicy].some((p) => allows(p.read, s)),
  rows: () => [],
});

export const searchHandlers = [
  api('get', '/v2/search', { read: searchPolicy }, (ctx): JumpHit[] => {
    const kw = String(ctx.query.keyword ?? '').trim().toLowerCase();
    if (!kw) return [];
    const s = ctx.session;
    const hit = (name: string, mobile?: string) => name.toLowerCase().includes(kw) || (!!mobile && /^\d{3,}$/.test(kw) && mobile.includes(kw));
    const out: JumpHit[] = [];
    if (allows(studentPolicy.read, s)) {
      out.push(
        ...ctx
          .rows(studentPolicy)
          .filter((r) => hit(r.name, r.mobile))
          .slice(0, PER_KIND)
          .map((r) => ({ kind: 'student' as const, id: r.id, name: r.name, mobile: r.mobile, detail: r.campusName, path: `/student/list?keyword=${r.mobile}&studentId=${r.id}` })),
      );
    }
    if (allows(leadPolicy.read, s)) {
      out.push(
        ...ctx
          .rows(leadPolicy)
          .filter((r) => hit(r.name, r.mobile))
          .slice(0, PER_KIND)
          .map((r) => ({ kind: 'lead' as const, id: r.id, name: r.name, mobile: r.mobile, detail: r.ownerName, path: `${r.ownerId === undefined ? '/lead' : '/customer'}?keyword=${r.mobile}` })),
      );
    }
    if (allows(staffPolicy.read, s)) {
      const teacher = !canSeeStaffMobiles(s.membership.role);
      out.push(
        ...ctx
          .rows(staffPolicy)
          .filter((r) => hit(r.name, teacher && r.userId !== s.user.id ? undefined : r.mobile))
          .slice(0, PER_KIND)
          .map((r) => ({
            kind: 'staff' as const,
            id: r.id,
            name: r.name,
            mobile: teacher && r.userId !== s.user.id ? undefined : r.mobile,
            detail: r.campusName,
            path: `/school/staff?keyword=${encodeURIComponent(r.name)}`,
          })),
      );
    }
    return out;
  }),
];
