/** Company rules (docs/screens.md#campus-management /setting) used by the ledger, roll call, leads and reminders. */
export interface CompanySettings {
  companyId: number;
  /** Absence without leave consumes the lesson's hours (default true). */
  truantConsumes: boolean;
  /** Leave consumes the lesson's hours (default false). */
  leaveConsumes: boolean;
  /** Allow a roll call to take a card below zero (default false: the student's hours are recorded as an open arrears item instead, docs/rules.md#arrears). */
  allowNegative: boolean;
  /** Days without follow-up after which an owned lead returns to the pool (default 15). */
  leadPoolDays: number;
  /** Most leads one person may own (default 200). */
  leadOwnLimit: number;
  /** A card with this many hours or fewer is "running low" (default 3). */
  lowHoursThreshold: number;
  /** A card expiring within this many days is "expiring soon" (default 30). */
  expiryReminderDays: number;
}

export const DEFAULT_COMPANY_SETTINGS: Omit<CompanySettings, 'companyId'> = {
  truantConsumes: true,
  leaveConsumes: false,
  allowNegative: false,
  leadPoolDays: 15,
  leadOwnLimit: 200,
  lowHoursThreshold: 3,
  expiryReminderDays: 30,
};
