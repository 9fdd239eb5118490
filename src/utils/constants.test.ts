// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  DEBOUNCE_MS,
  FOCUS_REFRESH_GAP_MS,
  HOUR_RECORD_LABEL_KEYS,
  HOUR_RECORD_TYPES,
  isHourRecordType,
  LOAD_MORE_THRESHOLD_PX,
  PAGINATION,
  REQUEST_CACHE_MS,
  REQUEST_TIMEOUT_MS,
  ROLE_LABEL_KEYS,
  STORAGE_KEYS,
} from '@/utils/constants';
import { ROLES } from '@/types/session';

describe('constants (docs/rules.md#constants-and-limits)', () => {
  it('has the timing and size limits', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10000);
    expect(REQUEST_CACHE_MS).toBe(60000);
    expect(FOCUS_REFRESH_GAP_MS).toBe(5000);
    expect(DEBOUNCE_MS).toBe(800);
    expect(LOAD_MORE_THRESHOLD_PX).toBe(100);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });

  it('has the pagination defaults and storage keys', () => {
    expect(PAGINATION).toEqual({ current: 1, pageSize: 10 });
    expect(STORAGE_KEYS).toEqual({ token: 'token', satoken: 'satoken', locale: 'locale' });
  });

  it('has a label key for every role', () => {
    expect(Object.keys(ROLE_LABEL_KEYS).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect(ROLE_LABEL_KEYS[role]).toBe(`role.${role}`);
    expect(ROLE_LABEL_KEYS.admin).toBe('role.admin');
  });

  it('lists the 11 hour-record types of docs/api.md#entities with label keys', () => {
    expect(HOUR_RECORD_TYPES).toEqual([
      'back',
      'reduce',
      'diy',
      'truant',
      'leave',
      'fail',
      'add',
      'give',
      'backing',
      'back_reject',
      'proof',
    ]);
    expect(Object.keys(HOUR_RECORD_LABEL_KEYS)).toEqual([...HOUR_RECORD_TYPES]);
    for (const t of HOUR_RECORD_TYPES) expect(HOUR_RECORD_LABEL_KEYS[t]).toBe(`hourRecord.${t}`);
  });

  it('recognises hour-record types', () => {
    expect(isHourRecordType('back_reject')).toBe(true);
    expect(isHourRecordType('refund')).toBe(false);
    expect(isHourRecordType(3)).toBe(false);
    expect(isHourRecordType(undefined)).toBe(false);
  });
});
