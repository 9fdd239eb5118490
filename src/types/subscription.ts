/** Subscription packages and orders (docs/rules.md#subscription-and-expiry). */

export interface SubscriptionPackage {
  id: number;
  name: string;
  days: number;
  price: number;
  description: string;
  /** Chinese name and description, when the platform gave them; the calls answer in the caller's language. */
  nameZh?: string;
  descriptionZh?: string;
  onSale: boolean;
}

export type SubscriptionOrderStatus = 'unpaid' | 'paid' | 'cancelled';

export interface SubscriptionOrder {
  id: number;
  orderNo: string;
  companyId: number;
  companyName: string;
  packageId: number;
  packageName: string;
  days: number;
  amount: number;
  status: SubscriptionOrderStatus;
  createdAt: string;
  paidAt?: string;
  createdBy: string;
}

export interface SubscriptionStatus {
  companyId: number;
  companyName: string;
  validUntil: string;
  day: number;
}
