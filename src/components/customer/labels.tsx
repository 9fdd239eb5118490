/** Labels and colours of lead statuses, intentions and sources, shared by the customer-center screens. */
import React from 'react';
import { Tag } from 'antd';
import { t } from '@/locales';
import type { LeadIntention, LeadSource, LeadStatus } from '@/types/customer';
import { LEAD_INTENTIONS, LEAD_SOURCES, LEAD_STATUSES } from '@/types/customer';

export const STATUS_COLOR: Record<LeadStatus, string> = { new: 'blue', following: 'gold', trial: 'purple', formal: 'green', invalid: 'default' };
export const INTENTION_COLOR: Record<LeadIntention, string> = { A: 'red', B: 'orange', C: 'blue', D: 'default' };

export function StatusTag({ status }: { status: LeadStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{t(`cu.status.${status}`)}</Tag>;
}

export function IntentionTag({ intention }: { intention: LeadIntention }) {
  return <Tag color={INTENTION_COLOR[intention]}>{t(`cu.intention.${intention}`)}</Tag>;
}

/** valueEnum objects for ProTable filters (built at render time so the language switch applies). */
export const statusEnum = () => Object.fromEntries(LEAD_STATUSES.map((s) => [s, { text: t(`cu.status.${s}`) }]));
export const intentionEnum = () => Object.fromEntries(LEAD_INTENTIONS.map((s) => [s, { text: t(`cu.intention.${s}`) }]));
export const sourceEnum = () => Object.fromEntries(LEAD_SOURCES.map((s) => [s, { text: t(`cu.source.${s}`) }]));

export const statusOptions = (exclude: LeadStatus[] = []) =>
  LEAD_STATUSES.filter((s) => !exclude.includes(s)).map((s) => ({ value: s, label: t(`cu.status.${s}`) }));
export const intentionOptions = () => LEAD_INTENTIONS.map((s) => ({ value: s, label: t(`cu.intention.${s}`) }));
export const sourceOptions = () => LEAD_SOURCES.map((s: LeadSource) => ({ value: s, label: t(`cu.source.${s}`) }));

/** Mobile shown in groups of 3-4-4. */
export function formatMobile(m: string): string {
  return m.length === 11 ? `${m.slice(0, 3)} ${m.slice(3, 7)} ${m.slice(7)}` : m;
}

