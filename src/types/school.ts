/**
 * School setup, students, class cards and the hour ledger (docs/rules.md#cards-and-hours, docs/screens.md#school-setup, #students).
 * Shared by the client and the mock backend. Dates are 'YYYY-MM-DD', times 'YYYY-MM-DD HH:mm:ss'.
 * Money in yuan (2 decimals), hours with 1 decimal.
 */
import type { Role } from './session';
import type { HourRecordType } from '@/utils/constants';

export type { HourRecordType };

export type StaffStatus = 'active' | 'left';

export interface Staff {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  name: string;
  mobile: string;
  role: Role;
  status: StaffStatus;
  hireDate: string;
  /** Salary plan id (finance screens); optional until finance exists. */
  salaryPlanId?: number;
  /** Demo-account user id when this staff member can log in. */
  userId?: number;
}

export interface Room {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  name: string;
  capacity: number;
}

export type ClassStatus = 'open' | 'closed';

export interface SchoolClass {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  name: string;
  course: string;
  teacherId: number;
  teacherName: string;
  roomId: number;
  roomName: string;
  capacity: number;
  /** Hours a lesson of this class consumes. */
  hoursPerLesson: number;
  startDate: string;
  endDate: string;
  status: ClassStatus;
  /** Number of enrolled students (derived). */
  studentCount: number;
}

export type Gender = 'male' | 'female';
export type StudentStatus = 'active' | 'paused' | 'graduated';

export interface Student {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  name: string;
  gender: Gender;
  birthday?: string;
  mobile: string;
  parentName: string;
  status: StudentStatus;
  /** Ids of the classes the student is enrolled in. */
  classIds: number[];
  createdAt: string;
  remark?: string;
  /** Lead the student was converted from (customer center). */
  leadId?: number;
}

export type CardKind = 'count' | 'period';

export interface CardTemplate {
  id: number;
  companyId: number;
  name: string;
  kind: CardKind;
  /** Hours bought (count cards); 0 for period cards. */
  hours: number;
  giftHours: number;
  price: number;
  validDays: number;
  /** Applicable class ids; empty = every class. */
  classIds: number[];
  onSale: boolean;
  /** Number of student cards issued from it (derived). */
  issuedCount: number;
}

export type StudentCardStatus = 'active' | 'exhausted' | 'expired' | 'invalid';

export interface StudentCard {
  id: number;
  companyId: number;
  cardNo: string;
  studentId: number;
  studentName: string;
  templateId: number;
  templateName: string;
  kind: CardKind;
  boughtHours: number;
  giftHours: number;
  paidAmount: number;
  /** paid ÷ (bought + gift), 2 decimals. */
  unitPrice: number;
  /** Sum of the card's records' signed hours (derived from the ledger, never stored independently). */
  remainingHours: number;
  startDate: string;
  expiryDate: string;
  status: StudentCardStatus;
  classIds: number[];
  sellerId: number;
  sellerName: string;
  invalidReason?: string;
  /** When the card was invalidated ('YYYY-MM-DD HH:mm:ss'): the day its remaining value is forfeited (docs/rules.md#revenue-and-month-close). */
  invalidatedAt?: string;
  /**
   * The expiry dates renewals replaced, oldest first: `before` was in force on the days before `from` (the renewal's
   * day). The figures of a past month read the expiry it had then (src/domain/revenue.ts `expiryOn`).
   */
  expiryChanges?: { from: string; before: string }[];
  createdAt: string;
}

export interface HourRecord {
  id: number;
  companyId: number;
  cardId: number;
  cardNo: string;
  studentId: number;
  studentName: string;
  type: HourRecordType;
  /** Signed hours (+ adds to the card, − takes from it). */
  hours: number;
  /** For backing / back / back_reject: the hours asked to return. */
  requestedHours?: number;
  balanceAfter: number;
  /** Money value of the hours (hours × unit price), signed like hours. */
  amount: number;
  reason?: string;
  lessonId?: number;
  orderId?: number;
  operatorId: number;
  operatorName: string;
  createdAt: string;
  /** For backing records: when and by whom it was reviewed. */
  reviewedAt?: string;
  reviewerName?: string;
}

export type PayMethod = 'cash' | 'wechat' | 'alipay' | 'card' | 'transfer';

export interface CardOrder {
  id: number;
  companyId: number;
  orderNo: string;
  kind: 'new' | 'renew';
  studentId: number;
  studentName: string;
  cardId: number;
  templateId: number;
  templateName: string;
  hours: number;
  giftHours: number;
  amount: number;
  method: PayMethod;
  sellerId: number;
  sellerName: string;
  createdAt: string;
}

export type LeaveStatus = 'pending' | 'approved' | 'rejected';

export interface LeaveRequest {
  id: number;
  companyId: number;
  studentId: number;
  studentName: string;
  /** The lesson the leave is for (schedule domain); optional until lessons exist. */
  lessonId?: number;
  lessonLabel?: string;
  /** Class of the lesson (schedule domain). */
  classId?: number;
  date: string;
  reason: string;
  status: LeaveStatus;
  createdAt: string;
  /** Who asked (parent or staff name). */
  createdBy?: string;
  reviewerName?: string;
  reviewedAt?: string;
  /** Why it was rejected (or a note on approval). */
  reviewRemark?: string;
}
