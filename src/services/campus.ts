/** Campus management calls (PRODUCT.md §6.8; SPEC §7 paths exactly for campuses and permission groups). */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { Staff } from '@/types/school';
import type { SubscriptionOrder, SubscriptionPackage } from '@/types/subscription';
import type { Campus, CampusRenewal, DataScope, ParentAccount, PermissionGroup, StaffAccess, StaffAccount } from '@/types/campus';
import type { PermissionFlag } from '@/types/session';

export interface PermissionGroupInput {
  id?: number;
  name: string;
  flags: Record<PermissionFlag, 0 | 1>;
  dataScope: DataScope;
}

/* permission groups (SPEC §7) */
export const fetchPermissionGroups = () => http.get<PermissionGroup[]>('/v2/permission_group/list');
export const fetchPermissionGroup = (id: number) => http.get<PermissionGroup>('/v2/permission_group/get', { id });
export const createPermissionGroup = (body: PermissionGroupInput) => http.post<PermissionGroup>('/v2/permission_group/', body);
export const updatePermissionGroup = (body: PermissionGroupInput & { id: number }) => http.put<PermissionGroup>('/v2/permission_group/', body);
export const deletePermissionGroup = (id: number) => http.delete<null>(`/v2/permission_group/${id}`);

/* /access */
export const fetchStaffAccess = (query: ListQuery) => http.get<ListResult<StaffAccess>>('/v2/permission_group/staff', query);
export const assignGroup = (staffIds: number[], groupId: number) => http.post<StaffAccess[]>('/v2/permission_group/assign', { staffIds, groupId });

/* campuses (SPEC §7) */
export interface CampusInput {
  id?: number;
  name: string;
  address: string;
  phone: string;
}
export const fetchCampuses = (query: ListQuery) => http.get<ListResult<Campus>>('/v2/company_kt/campus', query);
export const createCampus = (body: CampusInput) => http.post<Campus>('/v2/company_kt/campus', body);
export const updateCampus = (body: CampusInput & { id: number }) => http.put<Campus>('/v2/company_kt/campus', body);
export const setMainCampus = (id: number) => http.post<Campus[]>('/v2/company_kt/campus/main', { id });
export const renewCampus = (id: number, packageId: number) =>
  http.post<{ campus: Campus; renewal: CampusRenewal; order: SubscriptionOrder }>('/v2/company_kt/campus/renew', { id, packageId });
export const fetchCampusStaff = (query: ListQuery & { campusId: number }) => http.get<ListResult<Staff>>('/v2/company_kt/campus/staff_list', query);
export const fetchCampusRenewals = (query: ListQuery) => http.get<ListResult<CampusRenewal>>('/v2/company_kt/campus/renewals', query);
export const fetchRenewPackages = () => http.get<SubscriptionPackage[]>('/v2/package');

/* accounts */
export const fetchStaffAccounts = (query: ListQuery) => http.get<ListResult<StaffAccount>>('/v2/account/staff', query);
export const createStaffAccount = (body: { staffId: number; mobile: string; password: string }) => http.post<StaffAccount>('/v2/account/staff', body);
export const resetAccountPassword = (roleId: number, password: string) => http.post<null>('/v2/account/reset_password', { roleId, password });
export const disableAccount = (roleId: number) => http.post<{ roleId: number }>('/v2/account/disable', { roleId });
export const enableAccount = (roleId: number) => http.post<{ roleId: number }>('/v2/account/enable', { roleId });
export const fetchParentAccounts = (query: ListQuery) => http.get<ListResult<ParentAccount>>('/v2/account/parent', query);
export const createParentAccount = (body: { name: string; mobile: string; password: string; studentIds: number[] }) => http.post<ParentAccount>('/v2/account/parent', body);
export const linkParentStudents = (roleId: number, studentIds: number[]) => http.post<ParentAccount>('/v2/account/parent/link', { roleId, studentIds });

/* /setting and /campus/theme-color */
export interface CompanySettingsView {
  truantConsumes: boolean;
  leaveConsumes: boolean;
  allowNegative: boolean;
  leadPoolDays: number;
  leadOwnLimit: number;
  lowHoursThreshold: number;
  expiryReminderDays: number;
  onlineMaxHours: number;
  onlineMaxMonths: number;
}
export const fetchCompanySettings = () => http.get<CompanySettingsView>('/v2/setting');
export const saveCompanySettings = (body: CompanySettingsView) => http.put<CompanySettingsView>('/v2/setting', body);
export const fetchThemeColor = () => http.get<{ color: string | null }>('/v2/company_kt/theme_color');
export const saveThemeColor = (color: string) => http.put<{ color: string }>('/v2/company_kt/theme_color', { color }, { skipErrorHandler: true });
export const resetThemeColor = () => http.delete<{ color: null }>('/v2/company_kt/theme_color');
