/**
 * Customer center calls (docs/rules.md#leads, docs/screens.md#customer-center): leads, follow-ups, the pool, distribution, conversion, statistics,
 * collection forms (and the public form), web sign-ups and partner merchants.
 */
import { http } from '@/utils/request';
import { optionsGet } from './options';
import type { ListQuery, ListResult } from '@/types/api';
import type {
  ClaimResult,
  ConvertResult,
  DistributeBody,
  FastCheckResult,
  FollowUp,
  FollowUpBody,
  GatherForm,
  GatherFormBody,
  GatherSubmission,
  Lead,
  LeadCreateBody,
  LeadQuota,
  LeadStats,
  LeadUpdateBody,
  Merchant,
  MerchantBody,
  OwnerOption,
  PublicGatherBody,
  PublicGatherForm,
  WebSignup,
} from '@/types/customer';

/* leads (/customer) */
export const fetchLeads = (query: ListQuery) => http.get<ListResult<Lead>>('/v2/customer', query);
export const fetchLead = (id: number) => http.get<Lead>(`/v2/customer/${id}`);
export const fastCheckMobile = (mobile: string) => http.get<FastCheckResult>('/v2/customer/fast_check', { mobile });
export const createLead = (body: LeadCreateBody) => http.post<Lead>('/v2/customer', body);
export const updateLead = (body: LeadUpdateBody) => http.put<Lead>('/v2/customer', body);
export const deleteLead = (id: number) => http.delete<{ id: number }>(`/v2/customer/${id}`);
export const distributeLeads = (body: DistributeBody) => http.post<{ distributed: number; active: number }>('/v2/customer/distribute', body);
export const releaseLeads = (ids: number[]) => http.post<{ released: number }>('/v2/customer/release', { ids });
export const convertLeads = (ids: number[]) => http.post<ConvertResult>('/v2/customer/formal', { ids });
export const fetchOwners = () => optionsGet<OwnerOption[]>('/v2/customer/owners');
export const fetchCustomerCampuses = () => optionsGet<OwnerOption[]>('/v2/customer/campus_options');
export const fetchLeadStats = (range: { startDate?: string; endDate?: string }) => http.get<LeadStats>('/v2/customer/stats', range);

/* follow-ups */
export const fetchFollowUps = (leadId: number) => http.get<FollowUp[]>('/v2/customer_follow_up', { leadId });
export const createFollowUp = (body: FollowUpBody) => http.post<FollowUp>('/v2/customer_follow_up', body);

/* the pool (/lead) */
export const fetchPool = (query: ListQuery) => http.get<ListResult<Lead>>('/v2/lead', query);
export const fetchLeadQuota = () => http.get<LeadQuota>('/v2/lead/quota');
export const claimLeads = (ids: number[]) => http.post<ClaimResult>('/v2/lead/claim', { ids });

/* collection forms (/gather) and the public form (/f/{code}) */
export const fetchGatherForms = (query: ListQuery) => http.get<ListResult<GatherForm>>('/v2/gather', query);
export const createGatherForm = (body: GatherFormBody) => http.post<GatherForm>('/v2/gather', body);
export const updateGatherForm = (body: GatherFormBody & { id: number }) => http.put<GatherForm>('/v2/gather', body);
export const deleteGatherForm = (id: number) => http.delete<{ id: number }>(`/v2/gather/${id}`);
export const fetchGatherSubmissions = (query: ListQuery & { formId: number }) => http.get<ListResult<GatherSubmission>>('/v2/gather_submission', query);
export const fetchPublicGatherForm = (code: string) => http.get<PublicGatherForm>(`/v2/public/gather/${encodeURIComponent(code)}`, undefined, { skipErrorHandler: true });
export const submitPublicGatherForm = (code: string, body: PublicGatherBody) => http.post<{ ok: boolean }>(`/v2/public/gather/${encodeURIComponent(code)}`, body);

/* web sign-ups (/wdc-customer) */
export const fetchWebSignups = (query: ListQuery) => http.get<ListResult<WebSignup>>('/v2/wdc_customer', query);
export const acceptWebSignups = (ids: number[]) =>
  http.post<{ accepted: number; duplicates: { id: number; name: string; leadName: string; ownerName?: string }[] }>('/v2/wdc_customer/accept', { ids });
export const discardWebSignups = (ids: number[]) => http.post<{ discarded: number }>('/v2/wdc_customer/discard', { ids });

/* partner merchants (/market_merchant) */
export const fetchMerchants = (query: ListQuery) => http.get<ListResult<Merchant>>('/v2/market_merchant', query);
export const fetchMerchantOptions = () => optionsGet<(OwnerOption & { disabled?: boolean })[]>('/v2/market_merchant/options');
export const createMerchant = (body: MerchantBody) => http.post<Merchant>('/v2/market_merchant', body);
export const updateMerchant = (body: MerchantBody & { id: number }) => http.put<Merchant>('/v2/market_merchant', body);
export const deleteMerchant = (id: number) => http.delete<{ id: number }>(`/v2/market_merchant/${id}`);
