// @vitest-environment node
/**
 * Invitations (docs/rules.md#people-and-credentials, issue 29): an existing mobile added by a company is invited, and the membership
 * exists only once the person accepts (signed in, or with the ticket of a login that had no usable membership).
 */
import { auditEntries } from './audit';
import { allSessions } from '../../server/auth/state';
import { beforeEach, describe, expect, it } from 'vitest';
import { allStaff, allStudents, call, loginToken, mapleTeacherInvitation, membershipRows, rowsOf, studentsIn, userRows } from '../testing';
import { invitations } from '../../server/db/schema';
import { tx } from '../../server/db';
import { resetDb } from '../handlers';

beforeEach(() => {
  resetDb();
});

const freeStaff = async (companyId: number, skip: number[] = []) => (await allStaff()).find((s) => s.companyId === companyId && s.userId === undefined && s.status === 'active' && !skip.includes(s.id))!;
const membershipsOf = async (userId: number) => (await membershipRows()).filter((m) => m.userId === userId);

/** Starlight's dealer invites the Sunrise owner (13800000009) as the login of one of its staff members. */
async function inviteSunriseOwner() {
  const dealer = await loginToken('dealer');
  const st = await freeStaff(2);
  const r = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '13800000009', password: 'ignored1' } });
  expect(r.status).toBe(200);
  return { dealer, st, id: r.body.data.invitation.id as number };
}

describe('the invited person, signed in', () => {
  it('sees the invitation, accepts it: the membership is created with the staff member’s role and group, and the store switch offers it', async () => {
    const { dealer, st, id } = await inviteSunriseOwner();
    expect((await membershipsOf(9)).map((m) => m.companyId)).toEqual([3]);
    const sunrise = await loginToken('sunrise');
    const mine = await call('GET', '/v2/invitation/mine', { token: sunrise });
    expect(mine.body.data).toEqual([expect.objectContaining({ id, companyName: 'Starlight Dance', role: st.role, inviterName: '周晓彤' })]);
    const before = (await call('GET', '/v2/company_role/select', { token: sunrise })).body.data as { companyName: string }[];
    expect(before.map((s) => s.companyName)).toEqual(['Sunrise Art']);

    const r = await call('POST', '/v2/invitation/accept', { token: sunrise, body: { id } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, companyName: 'Starlight Dance', role: st.role });
    const m = (await membershipsOf(9)).find((x) => x.companyId === 2)!;
    expect(m).toMatchObject({ roleId: r.body.data.roleId, role: st.role, type: 2 });
    expect(m.groupId).toBeDefined();
    expect((await allStaff()).find((s) => s.id === st.id)!.userId).toBe(9);
    expect((await call('GET', '/v2/invitation/mine', { token: sunrise })).body.data).toEqual([]);

    const stores = (await call('GET', '/v2/company_role/select', { token: sunrise })).body.data as { roleId: number; companyName: string }[];
    expect(stores.map((s) => s.companyName).sort()).toEqual(['Starlight Dance', 'Sunrise Art']);
    expect((await call('POST', '/v2/company_role/switch', { token: sunrise, body: { roleId: m.roleId } })).status).toBe(200);
    const info = (await call('GET', '/v2/user/info', { token: sunrise })).body.data;
    expect(info).toMatchObject({ role: st.role, company: { name: 'Starlight Dance' } });

    // The company sees it accepted; the staff list shows the login; answering twice is refused.
    const list = (await call('GET', '/v2/invitation?page=1&pageSize=10', { token: dealer })).body.data.list as { id: number; status: string }[];
    expect(list.find((x) => x.id === id)!.status).toBe('accepted');
    const rows = (await call('GET', '/v2/account/staff?page=1&pageSize=50', { token: dealer })).body.data.list as { staffId: number; roleId?: number; username?: string }[];
    expect(rows.find((x) => x.staffId === st.id)).toMatchObject({ roleId: m.roleId, username: 'sunrise' });
    expect((await call('POST', '/v2/invitation/decline', { token: sunrise, body: { id } })).status).toBe(404);
  });

  it('declining leaves no membership; the company sees it declined', async () => {
    const { dealer, st, id } = await inviteSunriseOwner();
    const sunrise = await loginToken('sunrise');
    const count = (await membershipRows()).length;
    expect((await call('POST', '/v2/invitation/decline', { token: sunrise, body: { id } })).status).toBe(200);
    expect((await membershipRows()).length).toBe(count);
    expect((await membershipsOf(9)).map((m) => m.companyId)).toEqual([3]);
    expect((await allStaff()).find((s) => s.id === st.id)!.userId).toBeUndefined();
    expect((await call('POST', '/v2/invitation/accept', { token: sunrise, body: { id } })).status).toBe(404);
    const list = (await call('GET', '/v2/invitation?page=1&pageSize=10&status=declined', { token: dealer })).body.data.list as { id: number }[];
    expect(list.map((x) => x.id)).toEqual([id]);
  });

  it('a parent invitation links the students when accepted', async () => {
    const sunrise = await loginToken('sunrise');
    const kids = (await studentsIn(3)).slice(0, 2);
    const r = await call('POST', '/v2/account/parent', { token: sunrise, body: { name: '吴妈妈', mobile: '13800000008', studentIds: kids.map((k) => k.id) } });
    expect(r.status).toBe(200);
    const parent = await loginToken('customer');
    expect((await call('POST', '/v2/invitation/accept', { token: parent, body: { id: r.body.data.invitation.id } })).status).toBe(200);
    expect((await membershipsOf(8)).map((m) => `${m.companyId}:${m.role}`).sort()).toEqual(['2:customer', '3:customer']);
    const now = await allStudents();
    for (const k of kids) expect(now.find((s) => s.id === k.id)!.mobile).toBe('13800000008');
    const parents = (await call('GET', '/v2/account/parent?page=1&pageSize=50', { token: sunrise })).body.data.list as { mobile: string; studentIds: number[] }[];
    expect(parents.find((p) => p.mobile === '13800000008')!.studentIds.sort()).toEqual(kids.map((k) => k.id).sort());
  });

  it('the company lists and cancels its invitations; a cancelled one cannot be accepted; others cannot touch them', async () => {
    const { dealer, id } = await inviteSunriseOwner();
    const list = await call('GET', '/v2/invitation?page=1&pageSize=10&status=pending&kind=staff', { token: dealer });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id, mobile: '13800000009', status: 'pending', inviterName: '周晓彤' })]);
    // Another company, another role, another person: 404 / 403.
    const sunrise = await loginToken('sunrise');
    expect((await call('POST', '/v2/invitation/cancel', { token: sunrise, body: { id } })).status).toBe(404);
    expect((await call('GET', '/v2/invitation?page=1&pageSize=10', { token: await loginToken('sales') })).status).toBe(403);
    expect((await call('POST', '/v2/invitation/accept', { token: await loginToken('manager'), body: { id } })).status).toBe(404);
    expect((await call('POST', '/v2/invitation/cancel', { token: dealer, body: { id } })).status).toBe(200);
    expect((await call('POST', '/v2/invitation/cancel', { token: dealer, body: { id } })).status).toBe(400);
    expect((await call('GET', '/v2/invitation/mine', { token: sunrise })).body.data).toEqual([]);
    expect((await call('POST', '/v2/invitation/accept', { token: sunrise, body: { id } })).status).toBe(404);
    expect((await membershipsOf(9)).map((m) => m.companyId)).toEqual([3]);
  });

  it('each step is in the inviting company’s audit log, with the invitation as target', async () => {
    const { id } = await inviteSunriseOwner();
    const sunrise = await loginToken('sunrise');
    await call('POST', '/v2/invitation/accept', { token: sunrise, body: { id } });
    const log = (await auditEntries()).filter((e) => e.targetId === id && e.companyId === 2 && /^\/v2\/(account|invitation)\//.test(e.path));
    expect(log.map((e) => e.path)).toEqual(['/v2/account/staff', '/v2/invitation/accept']);
    const acc = log[1];
    expect(acc).toMatchObject({ userId: 9, companyName: 'Starlight Dance', resource: 'invitation' });
    expect(acc.changes).toEqual(expect.arrayContaining([{ field: 'status', before: 'pending', after: 'accepted' }]));
    // Not in the log of the company whose session the person answered from.
    expect((await auditEntries()).some((e) => e.companyId === 3 && e.path.startsWith('/v2/invitation/'))).toBe(false);
  });
});

describe('a person with no usable membership yet', () => {
  const MOBILE = '13955556666';
  const PASSWORD = 'first11';

  /** A Sunrise teacher login (13955556666) that Sunrise disabled: no usable membership left. */
  async function stranded() {
    const sunrise = await loginToken('sunrise');
    const made = await call('POST', '/v2/account/staff', { token: sunrise, body: { staffId: (await freeStaff(3)).id, mobile: MOBILE, password: PASSWORD } });
    expect(made.status).toBe(200);
    expect((await call('POST', '/v2/account/disable', { token: sunrise, body: { roleId: made.body.data.roleId } })).status).toBe(200);
    return (await userRows()).find((u) => u.mobile === MOBILE)!;
  }

  /** …then invited by Starlight as a parent. */
  async function strandedAndInvited() {
    const user = await stranded();
    const dealer = await loginToken('dealer');
    const kid = (await studentsIn(2))[0];
    const r = await call('POST', '/v2/account/parent', { token: dealer, body: { name: '钟爸爸', mobile: MOBILE, studentIds: [kid.id] } });
    expect(r.status).toBe(200);
    return { user, dealer, kid, id: r.body.data.invitation.id as number };
  }

  it('without an invitation the login is refused', async () => {
    await stranded();
    expect((await call('POST', '/v2/user/login/password', { body: { username: MOBILE, password: PASSWORD } })).status).toBe(400);
  });

  it('with a pending invitation the login answers a ticket instead, and accepting opens the session on the new membership', async () => {
    const { user, kid, id } = await strandedAndInvited();
    const login = await call('POST', '/v2/user/login/password', { body: { username: MOBILE, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toBeUndefined();
    expect(login.body.data.invitations).toEqual([expect.objectContaining({ id, companyName: 'Starlight Dance', role: 'customer' })]);
    const { ticket } = login.body.data as { ticket: string };
    expect(ticket).toMatch(/^[0-9a-f]{48}$/);
    // A wrong ticket or another person's invitation: refused.
    expect((await call('POST', '/v2/user/login/invitation', { body: { ticket: 'f'.repeat(48), id, accept: true } })).status).toBe(400);

    const r = await call('POST', '/v2/user/login/invitation', { body: { ticket, id, accept: true } });
    expect(r.status).toBe(200);
    const token = r.body.data.token as string;
    const info = (await call('GET', '/v2/user/info', { token })).body.data;
    expect(info).toMatchObject({ role: 'customer', company: { name: 'Starlight Dance' } });
    expect((await allStudents()).find((s) => s.id === kid.id)!.mobile).toBe(MOBILE);
    // The ticket is used up; the answer is in Starlight's log.
    expect((await call('POST', '/v2/user/login/invitation', { body: { ticket, id, accept: true } })).status).toBe(400);
    const entry = (await auditEntries()).find((e) => e.targetId === id && e.path === '/v2/user/login/invitation')!;
    expect(entry).toMatchObject({ companyId: 2, userId: user.id, resource: 'invitation' });
    expect(entry.changes).toEqual(expect.arrayContaining([{ field: 'status', before: 'pending', after: 'accepted' }]));
  });

  it('with an SMS code sent to the mobile: the code login answers the ticket; declining leaves no membership and no session', async () => {
    const { id } = await strandedAndInvited();
    expect((await call('POST', '/api/send/sms', { body: { mobile: MOBILE, scene: 'login' } })).status).toBe(200);
    const sms = (await call('GET', `/v2/__test__/sms?mobile=${MOBILE}`)).body.data as { code: string };
    expect(sms.code).toMatch(/^\d{6}$/);
    const login = await call('POST', '/v2/user/login/sms', { body: { mobile: MOBILE, code: sms.code } });
    expect(login.status).toBe(200);
    const { ticket } = login.body.data as { ticket: string };
    const count = (await membershipRows()).length;
    const sessions = (await allSessions()).length;
    const r = await call('POST', '/v2/user/login/invitation', { body: { ticket, id, accept: false } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ ticket: '', invitations: [] });
    expect((await membershipRows()).length).toBe(count);
    expect((await allSessions()).length).toBe(sessions);
    expect((await rowsOf(invitations)).find((x) => x.id === id)!.status).toBe('declined');
    // Nothing left to accept: the login is refused again.
    expect((await call('POST', '/v2/user/login/password', { body: { username: MOBILE, password: PASSWORD } })).status).toBe(400);
  });
});

describe('the database holds the rules of invitations', () => {
  const row = mapleTeacherInvitation;
  const refused = async (values: typeof invitations.$inferInsert) => (await tx()).insert(invitations).values(values).then(() => 'stored', () => 'refused');

  it('one pending invitation per company and person, and per company and staff record; answered ones may repeat', async () => {
    expect(await refused(row({ staffId: 5 }))).toBe('stored');
    expect(await refused(row())).toBe('refused');
    expect(await refused(row({ userId: 12, staffId: 5 }))).toBe('refused');
    expect(await refused(row({ companyId: 3 }))).toBe('stored');
    expect(await refused(row({ status: 'declined', decidedAt: new Date() }))).toBe('stored');
    expect(await refused(row({ status: 'declined', decidedAt: new Date() }))).toBe('stored');
  });

  it('an answer carries its time, an acceptance its membership', async () => {
    expect(await refused(row({ status: 'declined' }))).toBe('refused');
    expect(await refused(row({ status: 'accepted', decidedAt: new Date() }))).toBe('refused');
    expect(await refused(row({ userId: 12, decidedAt: new Date() }))).toBe('refused');
    expect(await refused(row({ status: 'accepted', decidedAt: new Date(), roleId: 99 }))).toBe('stored');
  });
});
