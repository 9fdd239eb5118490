/**
 * A disabled account is told so and whom to contact (issue 31): at login (400, docs/api.md#error-catalogue shows the message), and at
 * the next call of a session that was open when the account was disabled (still 401, with the reason and message).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { authHeaders, call, loginToken } from '../testing';
import { waitingCodes } from '../../server/auth/state';
import { getDb, resetDb } from '../db';
import '../handlers';

const TEACHER = 4; // 王若汐, Starlight Dance, staff of the Downtown campus

function teacherRole(): number {
  return getDb().seedMemberships.find((m) => m.userId === TEACHER && m.companyId === 2)!.roleId;
}

describe('a disabled account', () => {
  beforeEach(() => {
    resetDb();
  });

  it('an open session is told at its next call, in the caller language; other sessions are not', async () => {
    const teacher = await loginToken('teacher');
    const kept = await authHeaders(teacher);
    const dealer = await loginToken('dealer');
    const done = await call('POST', '/v2/account/disable', { token: dealer, body: { roleId: teacherRole() } });
    expect(done.status).toBe(200);
    const next = await call('GET', '/v2/user/info', { headers: kept });
    expect(next.status).toBe(401);
    expect(next.body).toMatchObject({ code: 401, reason: 'accountDisabled' });
    expect(next.body.msg).toBe(
      'Your account at Starlight Dance has been disabled. To have it enabled again, contact 周晓彤 (13800000002) or the Downtown campus (021-62880001).',
    );
    const zh = await call('GET', '/v2/user/info', { headers: kept, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('您在Starlight Dance的账号已被停用。如需恢复，请联系周晓彤（13800000002）或Downtown校区（021-62880001）。');
    // Only with both tokens of that session; a made-up token is the plain 401.
    const other = await call('GET', '/v2/user/info', { headers: { 'request-token': kept['request-token'], satoken: 'x' } });
    expect(other.status).toBe(401);
    expect(other.body.msg).toBe('Not logged in or the login has expired.');
    // Enabled again: the old session stays ended, without the disabled message.
    await call('POST', '/v2/account/enable', { token: dealer, body: { roleId: teacherRole() } });
    const after = await call('GET', '/v2/user/info', { headers: kept });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Not logged in or the login has expired.');
  });

  it('its login is refused with the same message instead of "no active company"', async () => {
    const dealer = await loginToken('dealer');
    await call('POST', '/v2/account/disable', { token: dealer, body: { roleId: teacherRole() } });
    const login = await call('POST', '/v2/user/login/password', { body: { username: 'teacher', password: 'teacher123' } });
    expect(login.status).toBe(400);
    expect(login.body.msg).toBe(
      'Your account at Starlight Dance has been disabled. To have it enabled again, contact 周晓彤 (13800000002) or the Downtown campus (021-62880001).',
    );
    await call('POST', '/api/send/sms', { body: { mobile: '13800000004', scene: 'login' } });
    const code = (await waitingCodes()).find((c) => c.mobile === '13800000004')?.code;
    const sms = await call('POST', '/v2/user/login/sms', { body: { mobile: '13800000004', code: code ?? '123456' } });
    expect(sms.status).toBe(400);
    expect(sms.body.msg).toContain('Your account at Starlight Dance has been disabled.');
  });
});
