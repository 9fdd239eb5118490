/**
 * A disabled account is told so, and whom to contact (issue 31): the login of a person whose only memberships are
 * disabled, and the next call of a session that ended because its account was disabled meanwhile (still a 401,
 * docs/api.md#error-catalogue, with `reason: 'accountDisabled'` and this message; the app shows it on the login page instead of "Login has
 * expired"). The contact is the company's owner (name and mobile) and the campus of the person's staff row, or the
 * main campus (name and phone), whatever of it the company has. No imports from the domain modules (used by
 * mock/http.ts, session.ts and campusAccounts.ts without a cycle).
 */
import type { Db, MembershipRow } from '../db';
import { SESSION_MAX_MS } from '../db';
import { defineMessages, message, type Lang } from '../messages';
import { endedSessionRole, rememberEndedSessions } from '../../server/auth/state';
import { loadCampuses } from './campusRows';
import { findCompany } from './companyRows';
import { membershipByRole, membershipsOfUser, ownerOf } from './people';
import { staffOfUser } from './staffRows';

defineMessages({
  'auth.accountDisabled': { en: 'Your account at {company} has been disabled. {contact}', zh: '您在{company}的账号已被停用。{contact}' },
  'auth.contactBoth': {
    en: 'To have it enabled again, contact {name} ({mobile}) or the {campus} campus ({phone}).',
    zh: '如需恢复，请联系{name}（{mobile}）或{campus}校区（{phone}）。',
  },
  'auth.contactOwner': { en: 'To have it enabled again, contact {name} ({mobile}).', zh: '如需恢复，请联系{name}（{mobile}）。' },
  'auth.contactCampus': { en: 'To have it enabled again, contact the {campus} campus ({phone}).', zh: '如需恢复，请联系{campus}校区（{phone}）。' },
  'auth.contactNone': { en: 'To have it enabled again, contact your company’s manager.', zh: '如需恢复，请联系公司负责人。' },
});

/** What a disabled account is told: the company, and whom to ask to enable it again. */
export async function disabledAccountMessage(db: Db, m: MembershipRow, lang: Lang): Promise<string> {
  const company = await findCompany(m.companyId);
  const found = await ownerOf(m.companyId);
  const owner = found && found.membership.type === 0 && !found.membership.disabled && found.membership.roleId !== m.roleId ? found.user : undefined;
  const staff = await staffOfUser(db, m.companyId, m.userId);
  const campuses = await loadCampuses(m.companyId);
  const campus = campuses.find((c) => c.id === staff?.campusId && c.phone) ?? campuses.find((c) => c.isMain && c.phone) ?? campuses.find((c) => c.phone);
  const who = owner ? { name: owner.name, mobile: owner.mobile } : undefined;
  const where = campus ? { campus: campus.name, phone: campus.phone } : undefined;
  const contact =
    who && where
      ? message(lang, 'auth.contactBoth', { ...who, ...where })
      : who
        ? message(lang, 'auth.contactOwner', who)
        : where
          ? message(lang, 'auth.contactCampus', where)
          : message(lang, 'auth.contactNone');
  return message(lang, 'auth.accountDisabled', { company: company?.name ?? '', contact });
}

/** The disabled membership of a person who has no usable one (for the login's refusal), if any. */
export async function disabledMembershipOf(db: Db, userId: number): Promise<MembershipRow | undefined> {
  for (const m of await membershipsOfUser(userId)) if (m.disabled && (await findCompany(m.companyId))?.status === 'active') return m;
  return undefined;
}

/** Remembers the sessions of an account being disabled (before they are ended), so that their next call says why. */
export function rememberDisabledSessions(roleId: number): Promise<void> {
  return rememberEndedSessions(roleId, Date.now(), SESSION_MAX_MS);
}

/** The message for a call made with a session ended by its account's disabling (both tokens), while it is still disabled. */
export async function disabledSessionMessage(db: Db, request: Request, lang: Lang): Promise<string | undefined> {
  const token = request.headers.get('request-token');
  const roleId = token ? await endedSessionRole(token, request.headers.get('satoken')) : undefined;
  if (roleId === undefined) return undefined;
  const m = await membershipByRole(roleId);
  return m?.disabled ? await disabledAccountMessage(db, m, lang) : undefined;
}
