/**
 * Arrears (docs/rules.md#arrears): a lesson attended (or a consuming truant/leave) without usable hours. One item per
 * student and lesson; settled from the next card the family buys (src/domain/arrears.ts) or written off with a reason.
 */
import type { AttendanceMark } from './schedule';

export type ArrearsStatus = 'open' | 'settled' | 'writtenOff' | 'cancelled';
/** Why no hours could be taken: no usable card (none, expired, not applicable), or too few hours left on it. */
export type ArrearsReason = 'noCard' | 'notEnough';

export interface ArrearsItem {
  id: number;
  companyId: number;
  studentId: number;
  studentName: string;
  /** The lesson (absent for the seed's card histories, which predate the timetable). */
  lessonId?: number;
  lessonDate: string;
  classId: number;
  className: string;
  mark: AttendanceMark;
  /** Hours the lesson should have taken (1 decimal). */
  hours: number;
  /** Value at the class's standard hourly price (`classHourPrice`), 2 decimals. */
  value: number;
  reason: ArrearsReason;
  /** The card that lacked hours (reason notEnough). */
  cardId?: number;
  createdAt: string;
  status: ArrearsStatus;
  /** Settlement: the card it was taken from, its `reduce` record, the value that record carried, when. */
  settledCardId?: number;
  settledCardNo?: string;
  settledRecordId?: number;
  settledAmount?: number;
  settledAt?: string;
  /** Write-off: reason, who, when. */
  writeOffReason?: string;
  writtenOffBy?: string;
  writtenOffAt?: string;
  /** Cancelled by the undo of its roll call (after a settlement, the settlement's hours went back to the card). */
  cancelledAt?: string;
}

/** A row of the arrears list: the item with its student's campus now. */
export interface ArrearsRow extends ArrearsItem {
  campusId: number;
  campusName: string;
}

/** Open arrears of the caller's rows (dashboard figure). */
export interface ArrearsSummary {
  open: number;
  value: number;
  hours: number;
}

/** What a sale settled (shown on its receipt). */
export interface ArrearsSettlement {
  items: { id: number; lessonDate: string; className: string; hours: number; amount: number; recordId: number }[];
  hours: number;
  amount: number;
  /** Hours left on the card after the settlement. */
  hoursAfter: number;
}
