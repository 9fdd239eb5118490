/** Shared bits of the student and class-card screens: capabilities of the session, tags, option loaders. */
import React from 'react';
import { Tag } from 'antd';
import { useSession } from '@/hooks/useSession';
import { useIntl } from '@/locales/useIntl';
import { schoolCapabilities, type SchoolCapability } from '@/domain/schoolPermissions';
import type { HourRecordType, PayMethod, StudentCardStatus, StudentStatus } from '@/types/school';
import { HOUR_RECORD_LABEL_KEYS, HOUR_RECORD_TYPES } from '@/utils/constants';
import { formatHours } from '@/utils/format';

export function useSchoolCaps(): Record<SchoolCapability, boolean> {
  const { currentUser } = useSession();
  return schoolCapabilities(currentUser?.role);
}

export const CARD_STATUS_COLOR: Record<StudentCardStatus, string> = { active: 'green', exhausted: 'orange', expired: 'default', invalid: 'red' };
export const CARD_STATUSES: StudentCardStatus[] = ['active', 'exhausted', 'expired', 'invalid'];
export const STUDENT_STATUSES: StudentStatus[] = ['active', 'paused', 'graduated'];
export const PAY_METHODS: PayMethod[] = ['wechat', 'alipay', 'cash', 'card', 'transfer'];

const RECORD_COLOR: Record<HourRecordType, string> = {
  add: 'green',
  give: 'cyan',
  reduce: 'blue',
  truant: 'volcano',
  leave: 'purple',
  diy: 'geekblue',
  fail: 'red',
  backing: 'gold',
  back: 'magenta',
  back_reject: 'default',
  proof: 'lime',
};

export function CardStatusTag({ status }: { status: StudentCardStatus }) {
  const { t } = useIntl();
  return <Tag color={CARD_STATUS_COLOR[status]}>{t(`card.status.${status}`)}</Tag>;
}

export function RecordTypeTag({ type }: { type: HourRecordType }) {
  const { t } = useIntl();
  return <Tag color={RECORD_COLOR[type]}>{t(HOUR_RECORD_LABEL_KEYS[type])}</Tag>;
}

export function SignedHours({ hours }: { hours: number }) {
  const color = hours > 0 ? '#389e0d' : hours < 0 ? '#cf1322' : undefined;
  return <span style={{ color, fontVariantNumeric: 'tabular-nums' }}>{hours > 0 ? `+${formatHours(hours)}` : formatHours(hours)}</span>;
}

/** valueEnum helpers for ProTable select filters. */
export function enumOf<K extends string>(keys: readonly K[], label: (k: K) => string): Record<string, { text: string }> {
  return Object.fromEntries(keys.map((k) => [k, { text: label(k) }]));
}

export function useRecordTypeEnum() {
  const { t } = useIntl();
  return enumOf(HOUR_RECORD_TYPES, (k) => t(HOUR_RECORD_LABEL_KEYS[k]));
}

export function todayStr(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const MOBILE_RE = /^1\d{10}$/;

/** A date field's value (dayjs or string) as 'YYYY-MM-DD', or undefined. */
export function dateStr(v: unknown): string | undefined {
  if (!v) return undefined;
  if (typeof v === 'string') return v.slice(0, 10);
  if (typeof v === 'object' && typeof (v as { format?: unknown }).format === 'function') return (v as { format: (f: string) => string }).format('YYYY-MM-DD');
  return undefined;
}
