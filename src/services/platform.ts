/**
 * Platform administration calls (docs/rules.md#platform, docs/screens.md#platform; docs/api.md#calls-named-by-the-spec company calls exactly). One function per call.
 */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type {
  AdminPackage,
  AdminSettlement,
  AdminStudentOrder,
  AuditEntry,
  CompaniesImported,
  CompanyCreated,
  CompanyListItem,
  CompanyOption,
  CompanyRenewal,
  ImportCompanyRow,
  ImportTemplate,
  PlatformOverview,
  PlatformSettings,
  PlatformUserAccount,
} from '@/types/platform';
import type { ServiceContact } from '@/types/session';
import type { SubscriptionOrder } from '@/types/subscription';
import type { InvoiceRequest } from '@/types/campus';

export interface CompanyBody {
  name: string;
  ownerName: string;
  ownerMobile: string;
  days?: number;
  contact?: string;
  address?: string;
  remark?: string;
}
export interface CompanyUpdateBody {
  id: number;
  name: string;
  contact?: string;
  address?: string;
  remark?: string;
}
export interface RenewResult {
  company: CompanyListItem;
  renewal: CompanyRenewal;
}

/* companies: docs/api.md#calls-named-by-the-spec */
export const fetchCompanies = (q: ListQuery) => http.get<ListResult<CompanyListItem>>('/v2/company_kt', q);
export const addCompany = (body: CompanyBody) => http.post<CompanyCreated>('/v2/company_kt/add_company', body);
export const updateCompany = (body: CompanyUpdateBody) => http.put<CompanyListItem>('/v2/company_kt', body);
export const deleteCompany = (id: number) => http.delete<null>(`/v2/company_kt/${id}`);
export const renewCompany = (body: { id: number; days: number; remark?: string }) => http.post<RenewResult>('/v2/company_kt/renew_valid_day', body);
export const disableCompany = (id: number) => http.post<{ company: CompanyListItem; sessionsEnded: number }>('/v2/company_kt/disable', { id });
export const recoverCompany = (id: number) => http.post<RenewResult>('/v2/company_kt/recover', { id });
export const fetchRenewLog = (q: ListQuery) => http.get<ListResult<CompanyRenewal>>('/v2/company_kt/renew_log', q);
export const fetchCompanyOptions = () => http.get<CompanyOption[]>('/v2/company/');
export const addCompanySimple = (body: { name: string; ownerName: string; ownerMobile: string }) => http.post<CompanyCreated>('/v2/company/simple/', body);
export const modifyOwnerMobile = (body: { id: number; mobile: string }) => http.post<CompanyListItem>('/v2/company/modify_mobile', body);
export const fetchImportTemplate = () => http.get<ImportTemplate>('/v2/company/import_batch_excel');
export const importCompanies = (rows: ImportCompanyRow[]) =>
  http.post<CompaniesImported>('/v2/company/import_batch_excel', { rows }, { skipErrorHandler: true });

/* packages */
export interface PackageBody {
  name: string;
  days: number;
  price: number;
  campuses: number;
  description?: string;
  nameZh?: string;
  descriptionZh?: string;
  onSale: boolean;
}
export const fetchAdminPackages = (q: ListQuery) => http.get<ListResult<AdminPackage>>('/v2/package/list', q);
export const createPackage = (body: PackageBody) => http.post<AdminPackage>('/v2/package', body);
export const updatePackage = (body: PackageBody & { id: number }) => http.put<AdminPackage>('/v2/package', body);
export const deletePackage = (id: number) => http.delete<null>(`/v2/package/${id}`);

/* orders, settlements, online card orders, accounts of every company */
export const fetchAdminOrders = (q: ListQuery) => http.get<ListResult<SubscriptionOrder>>('/v2/admin_order', q);
export const fetchAdminSettlements = (q: ListQuery) => http.get<ListResult<AdminSettlement>>('/v2/admin_settlement', q);
export const fetchAdminStudentOrders = (q: ListQuery) => http.get<ListResult<AdminStudentOrder>>('/v2/admin_student_order', q);
export const fetchUserAccounts = (q: ListQuery) => http.get<ListResult<PlatformUserAccount>>('/v2/account_user', q);

/* audit log */
export const fetchAuditLog = (q: ListQuery) => http.get<ListResult<AuditEntry>>('/v2/operate_log', q);
export const fetchAuditOptions = () =>
  http.get<{ companies: CompanyOption[]; users: CompanyOption[]; resources: string[]; groups: { value: string; label: string }[] }>('/v2/operate_log/options');

/* settings */
export const fetchPlatformSettings = () => http.get<{ settings: PlatformSettings; serviceContact: ServiceContact }>('/v2/platform_setting');
export const savePlatformSettings = (body: PlatformSettings) => http.put<PlatformSettings>('/v2/platform_setting', body);
export const saveServiceContact = (body: ServiceContact) => http.put<ServiceContact>('/v2/company_role/service', body);
export const fetchFeedback = (q: ListQuery) => http.get<ListResult<PlatformOverview['newestFeedback'][number]>>('/v2/platform/feedback', q);
export const fetchOverview = () => http.get<PlatformOverview>('/v2/platform/overview');

/* the platform side of settlements and invoices (the campus issue's tables) */
export const paySettlement = (id: number) => http.post<AdminSettlement>('/v2/admin_settlement/pay', { id });
export const fetchAdminInvoices = (q: ListQuery) => http.get<ListResult<InvoiceRequest>>('/v2/admin_invoice', q);
export const issueInvoice = (body: { id: number; invoiceNo?: string }) => http.post<InvoiceRequest>('/v2/admin_invoice/issue', body);
export const rejectInvoice = (body: { id: number; reason: string }) => http.post<InvoiceRequest>('/v2/admin_invoice/reject', body);
