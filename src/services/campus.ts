/** Campus management calls (docs/screens.md#campus-management; docs/api.md#calls-named-by-the-spec paths exactly for campuses and permission groups). */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { Staff } from '@/types/school';
import type { SubscriptionOrder, SubscriptionPackage } from '@/types/subscription';
import type { InvitationSent } from '@/types/invitation';
import type { Campus, CampusRenewal, CampusWebPage, ContractLang, ContractTemplate, DataScope, InvoiceRequest, OnlineOrder, ParentAccount, PermissionGroup, PublicWebPage, Settlement, StaffAccess, StaffAccount } from '@/types/campus';
import type { PermissionFlag } from '@/types/session';

export interface PermissionGroupInput {
  id?: number;
  name: string;
  flags: Record<PermissionFlag, 0 | 1>;
  dataScope: DataScope;
}

/* permission groups (docs/api.md#calls-named-by-the-spec) */
export const fetchPermissionGroups = () => http.get<PermissionGroup[]>('/v2/permission_group/list');
export const fetchPermissionGroup = (id: number) => http.get<PermissionGroup>('/v2/permission_group/get', { id });
export const createPermissionGroup = (body: PermissionGroupInput) => http.post<PermissionGroup>('/v2/permission_group/', body);
export const updatePermissionGroup = (body: PermissionGroupInput & { id: number }) => http.put<PermissionGroup>('/v2/permission_group/', body);
export const deletePermissionGroup = (id: number) => http.delete<null>(`/v2/permission_group/${id}`);

/* /access */
export const fetchStaffAccess = (query: ListQuery) => http.get<ListResult<StaffAccess>>('/v2/permission_group/staff', query);
export const assignGroup = (staffIds: number[], groupId: number) => http.post<StaffAccess[]>('/v2/permission_group/assign', { staffIds, groupId });

/* campuses (docs/api.md#calls-named-by-the-spec) */
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
/** A mobile that already has an account is invited instead (the answer carries `invitation`; the password is not used). */
export const createStaffAccount = (body: { staffId: number; mobile: string; password?: string }) => http.post<StaffAccount & Partial<InvitationSent>>('/v2/account/staff', body);
/** A first password, only for an account the company created and that is in no other company (403 otherwise). */
export const resetAccountPassword = (roleId: number, password: string) => http.post<{ id: number }>('/v2/account/reset_password', { roleId, password }, { skipErrorHandler: true });
export const disableAccount = (roleId: number) => http.post<{ roleId: number }>('/v2/account/disable', { roleId });
export const enableAccount = (roleId: number) => http.post<{ roleId: number }>('/v2/account/enable', { roleId });
export const fetchParentAccounts = (query: ListQuery) => http.get<ListResult<ParentAccount>>('/v2/account/parent', query);
export const createParentAccount = (body: { name: string; mobile: string; password?: string; studentIds: number[] }) => http.post<ParentAccount | InvitationSent>('/v2/account/parent', body);
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
export const fetchCompanyLogo = () => http.get<{ logo: string | null }>('/v2/company_kt/logo');
export const saveCompanyLogo = (logo: string) => http.put<{ logo: string }>('/v2/company_kt/logo', { logo });
export const removeCompanyLogo = () => http.delete<{ logo: null }>('/v2/company_kt/logo');

/* campus web page, online orders, settlements, invoices, contracts */
export const fetchWebPages = () => http.get<CampusWebPage[]>('/v2/campus_web');
export const saveWebPage = (body: Omit<CampusWebPage, 'companyId' | 'campusName' | 'code'>) => http.put<CampusWebPage>('/v2/campus_web', body);
export const fetchPublicPage = (code: string) => http.get<PublicWebPage>(`/v2/public/web/${encodeURIComponent(code)}`, undefined, { skipErrorHandler: true });
export const orderOnline = (code: string, body: { templateId: number; parentName: string; mobile: string; studentName: string }) =>
  http.post<{ orderNo: string; amount: number; templateName: string; status: string }>(`/v2/public/web/${encodeURIComponent(code)}/order`, body);
export const payOnline = (code: string, orderNo: string) =>
  http.post<{ orderNo: string; amount: number; templateName: string; status: string; cardNo: string }>(`/v2/public/web/${encodeURIComponent(code)}/pay`, { orderNo });
export const signUpOnline = (code: string, body: { parentName: string; mobile: string }) => http.post<{ ok: boolean; again: boolean }>(`/v2/public/web/${encodeURIComponent(code)}/signup`, body);
export const fetchOnlineOrders = (query: ListQuery) => http.get<ListResult<OnlineOrder>>('/v2/online_order', query);
export const fetchSettlements = (query: ListQuery) => http.get<ListResult<Settlement>>('/v2/settlement', query);
export const fetchOpenSettlement = () => http.get<{ month: string; gross: number; fee: number; net: number; feeRate: number; orderCount: number }>('/v2/settlement/open');
export const fetchInvoices = (query: ListQuery) => http.get<ListResult<InvoiceRequest>>('/v2/invoice', query);
export const requestInvoice = (body: { orderId: number; title: string; taxNo: string; email: string }) => http.post<InvoiceRequest>('/v2/invoice', body);
export const fetchPaidSubscriptionOrders = () => http.get<ListResult<SubscriptionOrder>>('/v2/subscription_order', { status: 'paid', pageSize: 200 });
export const fetchContractTemplates = (query: ListQuery) => http.get<ListResult<ContractTemplate>>('/v2/contract_template', query);
export const createContractTemplate = (body: { name: string; body: string; isDefault: boolean; lang?: ContractLang }) => http.post<ContractTemplate>('/v2/contract_template', body);
export const updateContractTemplate = (body: { id: number; name: string; body: string; isDefault: boolean; lang?: ContractLang }) => http.put<ContractTemplate>('/v2/contract_template', body);
export const deleteContractTemplate = (id: number) => http.delete<null>(`/v2/contract_template/${id}`);
export const renderContract = (cardId: number, templateId?: number) =>
  http.get<{ templateId: number; templateName: string; text: string; cardNo: string }>('/v2/contract_template/render', { cardId, ...(templateId ? { templateId } : {}) });
export const fetchWebPreview = (campusId: number) => http.get<PublicWebPage>('/v2/campus_web/preview', { campusId });
export const fetchExpiringCampuses = () => http.get<Campus[]>('/v2/company_kt/campus/expiring');
