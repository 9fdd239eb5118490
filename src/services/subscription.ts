/** Subscription packages, orders and renewal (docs/rules.md#subscription-and-expiry). */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { SubscriptionOrder, SubscriptionPackage, SubscriptionStatus } from '@/types/subscription';

export const fetchPackages = () => http.get<SubscriptionPackage[]>('/v2/package');
export const fetchSubscriptionStatus = () => http.get<SubscriptionStatus>('/v2/subscription/status');
export const fetchSubscriptionOrders = (query: ListQuery) => http.get<ListResult<SubscriptionOrder>>('/v2/subscription_order', query);
export const createSubscriptionOrder = (packageId: number) => http.post<SubscriptionOrder>('/v2/subscription_order', { packageId });
export const paySubscriptionOrder = (id: number) =>
  http.post<{ order: SubscriptionOrder; validUntil: string; day: number }>('/v2/subscription_order/pay', { id });
export const cancelSubscriptionOrder = (id: number) => http.post<SubscriptionOrder>('/v2/subscription_order/cancel', { id });
