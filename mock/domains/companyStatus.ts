/**
 * Company status checks shared by the login calls (mock/domains/session.ts) and the platform's company calls
 * (mock/domains/platform.ts): a disabled company's logins are refused with a clear message and its sessions end.
 * No imports from the domain modules, so that both can use it without a cycle.
 */
import type { CompanyRow, Db } from '../db';
import { findCompany } from './companyRows';
import { membershipsOfUser, roleIdsOf } from './people';
import { defineMessages, message, type Lang } from '../messages';
import { endSessions } from '../../server/auth/state';
import { disabledAccountMessage, disabledMembershipOf } from './accountStatus';

defineMessages({
  'auth.companyDisabledLogin': {
    en: 'Your company {name} has been disabled by the platform. Please contact platform customer service.',
    zh: '您所在的公司 {name} 已被平台停用，请联系平台客服。',
  },
});

/** The message refusing a login when none of the user's companies or accounts is active (a disabled one is named). */
export async function loginRefusal(db: Db, userId: number, lang: Lang, fallbackKey: string): Promise<string> {
  let disabled: CompanyRow | undefined;
  for (const m of await membershipsOfUser(userId)) {
    const c = await findCompany(m.companyId);
    if (c?.status === 'disabled') {
      disabled = c;
      break;
    }
  }
  if (disabled) return message(lang, 'auth.companyDisabledLogin', { name: disabled.name });
  // A disabled account (issue 31): told so and whom to contact, not "no active company".
  const account = await disabledMembershipOf(db, userId);
  return account ? await disabledAccountMessage(db, account, lang) : message(lang, fallbackKey);
}

/** Ends every session opened on one of the company's memberships (the next call of those users answers 401). */
export async function endCompanySessions(db: Db, companyId: number): Promise<number> {
  return endSessions({ roleIds: await roleIdsOf(companyId) });
}
