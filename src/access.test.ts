// @vitest-environment node
import { describe, expect, it } from 'vitest';
import access from './access';
import type { InitialState, Permissions, Role } from '@/types/session';
import { PERMISSION_FLAGS } from '@/types/session';

function state(role: Role, day: number, flags: Partial<Record<string, number>> = {}, type = 2): InitialState {
  const permissions = { name: 'x', companyId: 2, type } as Permissions;
  for (const f of PERMISSION_FLAGS) permissions[f] = flags[f] ?? 1;
  return {
    currentUser: { info: { username: 'u', avatar: '' }, name: 'U', role, roleId: 1, mobile: '13800000000', company: { id: 2, name: 'C', day } },
    permissions,
  };
}

describe('access: roles (docs/rules.md#roles-and-access)', () => {
  const table: [Role, { isDealerOrTeacher: boolean; notAdmin: boolean; isPlatform: boolean; subscription: boolean; platformAdmin: boolean }][] = [
    ['admin', { isDealerOrTeacher: false, notAdmin: false, isPlatform: true, subscription: false, platformAdmin: true }],
    ['dealer', { isDealerOrTeacher: true, notAdmin: true, isPlatform: false, subscription: true, platformAdmin: false }],
    ['manager', { isDealerOrTeacher: false, notAdmin: true, isPlatform: false, subscription: true, platformAdmin: false }],
    ['teacher', { isDealerOrTeacher: true, notAdmin: true, isPlatform: false, subscription: true, platformAdmin: false }],
    ['sales', { isDealerOrTeacher: false, notAdmin: true, isPlatform: false, subscription: true, platformAdmin: false }],
    ['customer', { isDealerOrTeacher: false, notAdmin: true, isPlatform: false, subscription: true, platformAdmin: false }],
    ['service', { isDealerOrTeacher: false, notAdmin: true, isPlatform: true, subscription: false, platformAdmin: false }],
    ['operation', { isDealerOrTeacher: false, notAdmin: true, isPlatform: true, subscription: false, platformAdmin: false }],
  ];
  it.each(table)('%s', (role, expected) => {
    const a = access(state(role, 400));
    expect(a).toMatchObject(expected);
    expect(a.loggedIn).toBe(true);
    const own = { isAdmin: 'admin', isDealer: 'dealer', isManager: 'manager', isTeacher: 'teacher', isSales: 'sales', isCustomer: 'customer', isService: 'service', isOperation: 'operation' } as const;
    for (const [k, r] of Object.entries(own)) expect(a[k as keyof typeof own]).toBe(r === role);
  });

  it('nobody logged in: everything false', () => {
    const a = access({});
    expect(Object.values(a).every((v) => v === false)).toBe(true);
  });

  it('flags follow the permissions (0 = no)', () => {
    const a = access(state('teacher', 400, { customerCenter: 0, financialManagement: 0 }));
    expect(a.customerCenter).toBe(false);
    expect(a.financialManagement).toBe(false);
    expect(a.scheduleManagement).toBe(true);
  });

  it('subscription routes: owner (type 0) or the campus-management flag, kept when expired', () => {
    expect(access(state('teacher', 400, { campusManagement: 0 })).subscription).toBe(false);
    expect(access(state('teacher', 0, { campusManagement: 0 })).subscription).toBe(false);
    expect(access(state('manager', 0, { campusManagement: 1 })).subscription).toBe(true);
    expect(access(state('dealer', 0, { campusManagement: 0 }, 0)).subscription).toBe(true);
  });

  it('isOwner is permissions type 0', () => {
    expect(access(state('dealer', 400, {}, 0)).isOwner).toBe(true);
    expect(access(state('dealer', 400, {}, 2)).isOwner).toBe(false);
  });
});

describe('access: subscription state (docs/rules.md#subscription-and-expiry) for days 31 / 30 / 1 / 0', () => {
  const companyRoles: Role[] = ['dealer', 'manager', 'teacher', 'sales', 'customer'];
  const platformRoles: Role[] = ['admin', 'service', 'operation'];
  it.each([31, 30, 1])('%i days left: every flag route open', (day) => {
    for (const role of companyRoles) {
      const a = access(state(role, day));
      expect(a.expired).toBe(false);
      for (const f of PERMISSION_FLAGS) expect(a[f]).toBe(true);
      expect(a.subscription).toBe(true);
      expect(a.everyone).toBe(true);
    }
  });
  it('0 days: company roles lose every route except the subscription ones', () => {
    for (const role of companyRoles) {
      const a = access(state(role, 0));
      expect(a.expired).toBe(true);
      for (const f of PERMISSION_FLAGS) expect(a[f]).toBe(false);
      expect(a.everyone).toBe(false);
      expect(a.subscription).toBe(true);
    }
  });
  it('0 days: admin, service and operation are not checked', () => {
    for (const role of platformRoles) {
      const a = access(state(role, 0));
      expect(a.expired).toBe(false);
      expect(a.staging).toBe(true);
      expect(a.isPlatform).toBe(true);
    }
  });
});
