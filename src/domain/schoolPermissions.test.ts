import { describe, expect, it } from 'vitest';
import { schoolCan, schoolCapabilities } from './schoolPermissions';

describe('school capabilities', () => {
  it('teachers see their own classes and cannot sell, gift, correct or review', () => {
    const c = schoolCapabilities('teacher');
    expect(Object.values(c).every((v) => v === false)).toBe(true);
  });
  it('sales sell and request returns but do not gift, review, correct or invalidate', () => {
    expect(schoolCan('sales', 'sellCard')).toBe(true);
    expect(schoolCan('sales', 'requestReturn')).toBe(true);
    expect(schoolCan('sales', 'seeAllStudents')).toBe(true);
    for (const cap of ['giftHours', 'reviewReturn', 'correct', 'invalidate', 'editSetup', 'deleteStudents'] as const) expect(schoolCan('sales', cap)).toBe(false);
  });
  it('managers and dealers may do everything; platform roles nothing', () => {
    for (const role of ['manager', 'dealer'] as const) expect(Object.values(schoolCapabilities(role)).every(Boolean)).toBe(true);
    expect(Object.values(schoolCapabilities('admin')).some(Boolean)).toBe(false);
    expect(schoolCan(undefined, 'sellCard')).toBe(false);
  });
});
