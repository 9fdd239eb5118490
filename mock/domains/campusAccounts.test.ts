// @vitest-environment node
import { auditEntries } from './audit';
import { allStaff, allStudents, authHeaders, membershipRows, studentsIn, userRows } from '../testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';

const BASE = 'http://localhost';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { status: number; body: { code: number; data?: any; msg?: string } };
async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Res> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(await authHeaders(opts.token)) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: await res.json() };
}
async function login(username: string, password = `${username}123`) {
  const r = await call('POST', '/v2/user/login/password', { body: { username, password } });
  return r.status === 200 ? (r.body.data.token as string) : undefined;
}

beforeEach(() => {
  resetDb();
});

describe('staff accounts', () => {
  it('disable ends the open session at once (401) and refuses logins; enable lets the person back in', async () => {
    const dealer = (await login('dealer'))!;
    const teacher = (await login('teacher'))!;
    const list = (await call('GET', '/v2/account/staff?page=1&pageSize=200', { token: dealer })).body.data.list as { name: string; roleId?: number; username?: string }[];
    const row = list.find((r) => r.username === 'teacher')!;
    expect((await call('GET', '/v2/user/info', { token: teacher })).status).toBe(200);
    expect((await call('POST', '/v2/account/disable', { token: dealer, body: { roleId: row.roleId } })).status).toBe(200);
    expect((await call('GET', '/v2/user/info', { token: teacher })).status).toBe(401);
    expect(await login('teacher')).toBeUndefined();
    expect((await call('POST', '/v2/account/enable', { token: dealer, body: { roleId: row.roleId } })).status).toBe(200);
    expect(await login('teacher')).toBeTruthy();
  });

  it('refuses disabling the owner or oneself; another company’s account is 404', async () => {
    const dealer = (await login('dealer'))!;
    const manager = (await login('manager'))!;
    const owner = (await membershipRows()).find((m) => m.userId === 2 && m.companyId === 2)!;
    // The owner's membership is the platform's (docs/rules.md#people-and-credentials): 403, not a mere validation refusal.
    expect((await call('POST', '/v2/account/disable', { token: manager, body: { roleId: owner.roleId } })).status).toBe(403);
    const me = (await membershipRows()).find((m) => m.userId === 3)!;
    expect((await call('POST', '/v2/account/disable', { token: manager, body: { roleId: me.roleId } })).status).toBe(400);
    const sunrise = (await membershipRows()).find((m) => m.userId === 9)!;
    expect((await call('POST', '/v2/account/disable', { token: dealer, body: { roleId: sunrise.roleId } })).status).toBe(404);
    expect((await call('GET', '/v2/account/staff', { token: (await login('sales'))! })).status).toBe(403);
  });

  it('creates a login from a staff member (in their group), resets its password', async () => {
    const dealer = (await login('dealer'))!;
    const db = getDb();
    const st = (await allStaff()).find((s) => s.companyId === 2 && s.userId === undefined && s.status === 'active' && s.role === 'teacher')!;
    const count = (await membershipRows()).length;
    const bad = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '123', password: 'secret1' } });
    expect(bad.status).toBe(400);
    expect((await membershipRows()).length).toBe(count);
    const made = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '13911112222', password: 'secret1' } });
    expect(made.status).toBe(200);
    expect(made.body.data.username).toBe('13911112222');
    expect((await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '13911112223', password: 'secret1' } })).status).toBe(400);
    const token = await login('13911112222', 'secret1');
    expect(token).toBeTruthy();
    const perms = (await call('GET', '/v2/company_role/permissions', { token })).body.data;
    expect(perms.educationalManagement).toBe(1);
    expect(perms.customerCenter).toBe(0);
    expect((await call('POST', '/v2/account/reset_password', { token: dealer, body: { roleId: made.body.data.roleId, password: 'newpass9' } })).status).toBe(200);
    expect(await login('13911112222', 'secret1')).toBeUndefined();
    expect(await login('13911112222', 'newpass9')).toBeTruthy();
  });
});

describe('parent accounts', () => {
  it('lists the demo parent with its students; creates one linked to students, who can log in', async () => {
    const dealer = (await login('dealer'))!;
    const list = (await call('GET', '/v2/account/parent?page=1&pageSize=50', { token: dealer })).body.data.list as { username: string; studentIds: number[] }[];
    expect(list.find((p) => p.username === 'customer')).toBeTruthy();
    const kids = (await studentsIn(2)).slice(-2);
    const made = await call('POST', '/v2/account/parent', { token: dealer, body: { name: '张妈妈', mobile: '13922223333', password: 'parent1', studentIds: kids.map((k) => k.id) } });
    expect(made.status).toBe(200);
    expect(made.body.data.studentIds.sort()).toEqual(kids.map((k) => k.id).sort());
    expect(await login('13922223333', 'parent1')).toBeTruthy();
  });
});

/* ---------------- issue 29: logins can be taken over (docs/rules.md#people-and-credentials) ---------------- */

const hashOf = async (userId: number) => (await userRows()).find((u) => u.id === userId)!.passwordHash;
const membershipsOf = async (userId: number) => (await membershipRows()).filter((m) => m.userId === userId).map((m) => `${m.companyId}:${m.role}`).sort();

describe('a company manages memberships, never another company’s sign-in', () => {
  it('the Sunrise owner cannot reset the password of the dealer through the dealer’s Sunrise teacher membership', async () => {
    const sunrise = (await login('sunrise'))!;
    const teacherAtSunrise = (await membershipRows()).find((m) => m.userId === 2 && m.companyId === 3)!;
    const before = await hashOf(2);
    const r = await call('POST', '/v2/account/reset_password', { token: sunrise, body: { roleId: teacherAtSunrise.roleId, password: 'taken99' } });
    expect(r.status).toBe(403);
    expect(r.body.msg).toMatch(/did not create|another company/);
    expect(await hashOf(2)).toBe(before);
    expect((await userRows()).find((u) => u.id === 2)!.mustChangePassword).toBeUndefined();
    expect(await login('dealer', 'taken99')).toBeUndefined();
    expect(await login('dealer')).toBeTruthy();
  });

  it('a manager cannot reset, disable or enable the owner; the owner’s sign-in stays theirs', async () => {
    const manager = (await login('manager'))!;
    const owner = (await membershipRows()).find((m) => m.userId === 2 && m.companyId === 2)!;
    const before = await hashOf(2);
    const r = await call('POST', '/v2/account/reset_password', { token: manager, body: { roleId: owner.roleId, password: 'owner999' } });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('The store owner’s account and sign-in can only be changed by the platform.');
    expect(await hashOf(2)).toBe(before);
    expect(await login('dealer', 'owner999')).toBeUndefined();
    expect((await call('POST', '/v2/account/enable', { token: manager, body: { roleId: owner.roleId } })).status).toBe(403);
    // The owner themselves cannot use the company's reset on their own membership either (their password is theirs to change).
    const dealer = (await login('dealer'))!;
    expect((await call('POST', '/v2/account/reset_password', { token: dealer, body: { roleId: owner.roleId, password: 'owner999' } })).status).toBe(403);
  });

  it('adding an existing mobile as staff sends an invitation instead of a membership: another company’s manager, the platform admin', async () => {
    const sunrise = (await login('sunrise'))!;
    const dealer = (await login('dealer'))!;
    const db = getDb();
    const sunriseStaff = (await allStaff()).find((s) => s.companyId === 3 && s.userId === undefined && s.status === 'active')!;
    const managerHash = await hashOf(3);
    const made = await call('POST', '/v2/account/staff', { token: sunrise, body: { staffId: sunriseStaff.id, mobile: '13800000003', password: 'taken99' } });
    expect(made.status).toBe(200);
    expect(made.body.data.invitation).toMatchObject({ status: 'pending', role: sunriseStaff.role, companyId: 3, userId: 3 });
    expect(made.body.data.roleId).toBeUndefined();
    expect(await membershipsOf(3)).toEqual(['2:manager']);
    expect(await hashOf(3)).toBe(managerHash);
    expect(await login('manager', 'taken99')).toBeUndefined();
    expect((await allStaff()).find((s) => s.id === sunriseStaff.id)!.userId).toBeUndefined();
    // The staff list shows the invitation waiting; a second login for that staff member is refused until it is cancelled.
    const rows = (await call('GET', '/v2/account/staff?page=1&pageSize=50', { token: sunrise })).body.data.list as { staffId: number; invitationId?: number; status?: string }[];
    expect(rows.find((r) => r.staffId === sunriseStaff.id)).toMatchObject({ invitationId: made.body.data.invitation.id });
    expect((await call('POST', '/v2/account/staff', { token: sunrise, body: { staffId: sunriseStaff.id, mobile: '13911110000', password: 'secret1' } })).status).toBe(400);

    const starlightStaff = (await allStaff()).find((s) => s.companyId === 2 && s.userId === undefined && s.status === 'active')!;
    const adminHash = await hashOf(1);
    const invited = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: starlightStaff.id, mobile: '13800000001', password: 'taken99' } });
    expect(invited.status).toBe(200);
    expect(invited.body.data.invitation.status).toBe('pending');
    expect(await membershipsOf(1)).toEqual(['1:admin']);
    expect(await hashOf(1)).toBe(adminHash);
    // The same person twice while the first invitation waits: refused, naming the mobile.
    const other = (await allStaff()).find((s) => s.companyId === 2 && s.userId === undefined && s.status === 'active' && s.id !== starlightStaff.id)!;
    const again = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: other.id, mobile: '13800000001' } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('13800000001');
  });

  it('adding an existing mobile as a parent sends an invitation: no membership, no password, students not linked yet', async () => {
    const sunrise = (await login('sunrise'))!;
    const kid = (await studentsIn(3))[0];
    const mobileBefore = kid.mobile;
    const parentHash = await hashOf(8);
    const r = await call('POST', '/v2/account/parent', { token: sunrise, body: { name: '吴妈妈', mobile: '13800000008', password: 'taken99', studentIds: [kid.id] } });
    expect(r.status).toBe(200);
    expect(r.body.data.invitation).toMatchObject({ status: 'pending', role: 'customer', studentIds: [kid.id] });
    expect(await membershipsOf(8)).toEqual(['2:customer']);
    expect(await hashOf(8)).toBe(parentHash);
    expect((await allStudents()).find((s) => s.id === kid.id)!.mobile).toBe(mobileBefore);
    expect(await login('customer', 'taken99')).toBeUndefined();
    // A new mobile still needs a first password.
    const none = await call('POST', '/v2/account/parent', { token: sunrise, body: { name: '新家长', mobile: '13933334444', studentIds: [kid.id] } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('13933334444');
  });

  it('a company sets a first password only for an account it created that belongs to no other company', async () => {
    const dealer = (await login('dealer'))!;
    const sunrise = (await login('sunrise'))!;
    const db = getDb();
    const st = (await allStaff()).find((s) => s.companyId === 2 && s.userId === undefined && s.status === 'active')!;
    const made = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '13911115555', password: 'first11' } });
    expect(made.status).toBe(200);
    const user = (await userRows()).find((u) => u.mobile === '13911115555')!;
    expect(user.createdByCompanyId).toBe(2);
    expect(user.mustChangePassword).toBe(true);
    expect((await call('POST', '/v2/account/reset_password', { token: dealer, body: { roleId: made.body.data.roleId, password: 'second2' } })).status).toBe(200);
    // Once another company invited the person (pending), the creating company may no longer set their password.
    const sunriseStaff = (await allStaff()).find((s) => s.companyId === 3 && s.userId === undefined && s.status === 'active')!;
    expect((await call('POST', '/v2/account/staff', { token: sunrise, body: { staffId: sunriseStaff.id, mobile: '13911115555' } })).status).toBe(200);
    const r = await call('POST', '/v2/account/reset_password', { token: dealer, body: { roleId: made.body.data.roleId, password: 'third33' } });
    expect(r.status).toBe(403);
    expect(r.body.msg).toContain('another company');
    expect(await login('13911115555', 'third33')).toBeUndefined();
    expect(await login('13911115555', 'second2')).toBeTruthy();
    // A seeded staff login of one company (created by it, in no other): the company may still set a first password.
    const teacher = (await membershipRows()).find((m) => m.userId === 4)!;
    expect((await call('POST', '/v2/account/reset_password', { token: dealer, body: { roleId: teacher.roleId, password: 'teach77' } })).status).toBe(200);
    expect(await login('teacher', 'teach77')).toBeTruthy();
  });

  it('the audit log keeps the invitation and the password set, never a password or its hash', async () => {
    const dealer = (await login('dealer'))!;
    const st = (await allStaff()).find((s) => s.companyId === 2 && s.userId === undefined && s.status === 'active')!;
    const invited = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '13800000009', password: 'taken99' } });
    const teacher = (await membershipRows()).find((m) => m.userId === 4)!;
    await call('POST', '/v2/account/reset_password', { token: dealer, body: { roleId: teacher.roleId, password: 'teach77' } });
    const log = (await auditEntries()).filter((e) => e.companyId === 2 && e.path.startsWith('/v2/account/'));
    const inv = log.find((e) => e.path === '/v2/account/staff')!;
    expect(inv.targetId).toBe(invited.body.data.invitation.id);
    expect(inv.changes).toEqual(expect.arrayContaining([{ field: 'invitation.status', after: 'pending' }, { field: 'invitation.mobile', after: '13800000009' }]));
    const reset = log.find((e) => e.path === '/v2/account/reset_password')!;
    expect(reset.targetId).toBe(4);
    const text = JSON.stringify(log);
    expect(text).not.toMatch(/passwordHash|scrypt|taken99|teach77/);
  });
});
