/** Labels, colours and value lists of the student and class-card screens: status tags, hour-record tags, signed hours. */
import React from 'react';
import { Tag } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { HourRecordType, PayMethod, StudentCardStatus, StudentStatus } from '@/types/school';
import { HOUR_RECORD_LABEL_KEYS, HOUR_RECORD_TYPES } from '@/utils/constants';
import { formatHours } from '@/utils/format';
import { enumOf } from '@/utils/fields';

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
  // The label wraps inside its cell instead of running over the next column (long English labels, narrow tables).
  return (
    <Tag color={RECORD_COLOR[type]} style={{ whiteSpace: 'normal', maxWidth: '100%', marginInlineEnd: 0 }}>
      {t(HOUR_RECORD_LABEL_KEYS[type])}
    </Tag>
  );
}

export function SignedHours({ hours }: { hours: number }) {
  const color = hours > 0 ? '#389e0d' : hours < 0 ? '#cf1322' : undefined;
  return <span style={{ color, fontVariantNumeric: 'tabular-nums' }}>{hours > 0 ? `+${formatHours(hours)}` : formatHours(hours)}</span>;
}

export function useRecordTypeEnum() {
  const { t } = useIntl();
  return enumOf(HOUR_RECORD_TYPES, (k) => t(HOUR_RECORD_LABEL_KEYS[k]));
}
