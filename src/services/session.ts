/** Session, user, permission, store and menu calls (docs/api.md#calls-named-by-the-spec, docs/api.md#session-calls). */
import { http } from '@/utils/request';
import type {
  CompanyRoleEntry,
  CurrentUser,
  MenuEntry,
  PasswordLoginBody,
  Permissions,
  SendSmsBody,
  ServiceContact,
  SmsLoginBody,
} from '@/types/session';
import { PERMISSION_FLAGS } from '@/types/session';
import type { LoginAnswer } from '@/types/invitation';
import { request } from '@/utils/request';

/** A session, or (no usable membership but pending invitations) a ticket to answer them (src/types/invitation.ts). */
export const loginByPassword = (body: PasswordLoginBody) =>
  http.post<LoginAnswer>('/v2/user/login/password', body, { skipErrorHandler: true });

export const loginBySms = (body: SmsLoginBody) => http.post<LoginAnswer>('/v2/user/login/sms', body, { skipErrorHandler: true });

export const sendSms = (body: SendSmsBody) => http.post<{ sent: boolean; resendAfter: number }>('/api/send/sms', body, { skipErrorHandler: true });

export const fetchCurrentUser = () => http.get<CurrentUser>('/v2/user/info', undefined, { skipErrorHandler: true });

export function zeroPermissions(): Permissions {
  const p = { name: '', companyId: 0, type: 2 } as Permissions;
  for (const f of PERMISSION_FLAGS) p[f] = 0;
  return p;
}

/** Permissions; an answer with code ≠ 0 means all-zero permissions (docs/api.md#calls-named-by-the-spec, #error-catalogue). */
export async function fetchPermissions(): Promise<Permissions> {
  try {
    const p = await request<Permissions>('GET', '/v2/company_role/permissions', { skipErrorHandler: true });
    return { ...zeroPermissions(), ...p };
  } catch (e) {
    if (e && typeof e === 'object' && 'status' in e && (e as { status: number }).status === 200) return zeroPermissions();
    throw e;
  }
}

export const fetchStores = () => http.get<CompanyRoleEntry[]>('/v2/company_role/select');

export const switchStore = (roleId: number) => http.post<{ roleId: number }>('/v2/company_role/switch', { roleId });

export const fetchMenu = (roleId: number) => http.get<MenuEntry[]>('/v2/company_role/get_menu_pc', { roleId });

export const fetchServiceContact = () => http.get<ServiceContact>('/v2/company_role/service');

export const logout = () => http.get<null>('/v2/user/login/logout', undefined, { skipErrorHandler: true });

export const updateProfile = (body: { name: string }) => http.put<CurrentUser>('/v2/user/profile', body);

export const changePassword = (body: { oldPassword: string; newPassword: string }) => http.post<null>('/v2/user/password', body);

/** The same call for the first-login dialog, which shows the server's refusal itself. */
export const choosePassword = (body: { oldPassword: string; newPassword: string }) => http.post<null>('/v2/user/password', body, { skipErrorHandler: true });

export const changeMobile = (body: { mobile: string; code: string }) => http.post<null>('/v2/user/mobile', body);
