import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canDelete, checkImportRows, companyState, daysBetween, dayOf, disable, expiresWithin, recover, renew, shiftDate } from './companyLifecycle';

const T = '2026-11-23';
const co = (validUntil: string, status: 'active' | 'disabled' = 'active', disabledAt?: string) => ({ validUntil, status, disabledAt });

describe('company state', () => {
  it('follows validity at once and the disabled status first', () => {
    expect(companyState(co(shiftDate(T, 400)), T)).toBe('active');
    expect(companyState(co(shiftDate(T, 31)), T)).toBe('active');
    expect(companyState(co(shiftDate(T, 30)), T)).toBe('expiring');
    expect(companyState(co(shiftDate(T, 1)), T)).toBe('expiring');
    expect(companyState(co(T), T)).toBe('expired');
    expect(companyState(co(shiftDate(T, -20)), T)).toBe('expired');
    expect(companyState(co(shiftDate(T, 200), 'disabled', T), T)).toBe('disabled');
    expect(dayOf(co(shiftDate(T, -3)), T)).toBe(0);
  });
  it('expiry windows count 1..N days left of enabled companies', () => {
    expect(expiresWithin(co(shiftDate(T, 7)), T, 7)).toBe(true);
    expect(expiresWithin(co(shiftDate(T, 8)), T, 7)).toBe(false);
    expect(expiresWithin(co(T), T, 7)).toBe(false);
    expect(expiresWithin(co(shiftDate(T, 5), 'disabled', T), T, 7)).toBe(false);
    expect(expiresWithin(co(shiftDate(T, 60)), T, 90)).toBe(true);
  });
});

describe('renew', () => {
  it('extends from the end of validity, or from today once expired; before and after kept', () => {
    expect(renew(co('2026-12-05'), 30, T)).toEqual({ before: '2026-12-05', after: '2027-01-04', days: 30 });
    expect(renew(co('2026-10-01'), 30, T)).toEqual({ before: '2026-10-01', after: '2026-12-23', days: 30 });
    expect(renew(co(T), 1, T)).toEqual({ before: T, after: '2026-11-24', days: 1 });
  });
  it('refuses days outside 1..3650 or not whole', () => {
    expect(renew(co(T), 0, T)).toBe('company.badDays');
    expect(renew(co(T), 3651, T)).toBe('company.badDays');
    expect(renew(co(T), 1.5, T)).toBe('company.badDays');
  });
  it('property: an expired company renewed by n days has exactly n days left', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 0 }), fc.integer({ min: 1, max: 3650 }), (offset, n) => {
        const r = renew(co(shiftDate(T, offset)), n, T);
        return typeof r !== 'string' && dayOf({ validUntil: r.after }, T) === n;
      }),
    );
  });
});

describe('disable and recover', () => {
  it('disable remembers the day; twice is refused', () => {
    expect(disable(co(shiftDate(T, 12)), T)).toEqual({ status: 'disabled', disabledAt: T });
    expect(disable(co(shiftDate(T, 12), 'disabled', T), T)).toBe('company.alreadyDisabled');
    expect(recover(co(shiftDate(T, 12)), T)).toBe('company.notDisabled');
  });
  it('recover adds back the valid days lost while disabled', () => {
    // Disabled 10 days ago with 25 days left then: 15 left now, 25 again after recovery.
    const c = co(shiftDate(T, 15), 'disabled', shiftDate(T, -10));
    const r = recover(c, T);
    expect(r).toEqual({ status: 'active', before: shiftDate(T, 15), after: shiftDate(T, 25), days: 10 });
    // Disabled and recovered the same day: nothing to add.
    expect(recover(co(shiftDate(T, 12), 'disabled', T), T)).toMatchObject({ days: 0, after: shiftDate(T, 12) });
    // Expired while disabled (5 days left when disabled 20 days ago): 5 days left again.
    expect(recover(co(shiftDate(T, -15), 'disabled', shiftDate(T, -20)), T)).toMatchObject({ days: 20, after: shiftDate(T, 5) });
    // Already expired when disabled: nothing comes back.
    expect(recover(co(shiftDate(T, -30), 'disabled', shiftDate(T, -20)), T)).toMatchObject({ days: 0 });
  });
  it('property: after disable at d and recover today, days left equal those left at d (when still valid then)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 900 }), (ago, leftThen) => {
        const disabledAt = shiftDate(T, -ago);
        const validUntil = shiftDate(disabledAt, leftThen);
        const r = recover(co(validUntil, 'disabled', disabledAt), T);
        return typeof r !== 'string' && daysBetween(T, r.after) === leftThen;
      }),
    );
  });
});

describe('delete', () => {
  it('is refused while the company has students, and for the platform itself', () => {
    expect(canDelete(0)).toBe(true);
    expect(canDelete(3)).toBe('company.hasStudents');
    expect(canDelete(0, true)).toBe('company.platform');
  });
});

describe('import rows', () => {
  it('gives every row all its errors: missing name, bad mobile, bad days, duplicates, existing names', () => {
    const rows = checkImportRows(
      [
        { name: 'Harbor Ballet', ownerName: '林可', ownerMobile: '13912345678', days: 365 },
        { name: '', ownerName: '陈一', ownerMobile: '1391234', days: 'ten' },
        { name: 'Harbor  ballet', ownerName: '王二', ownerMobile: '13912345679', days: 0 },
        { name: 'Starlight Dance', ownerName: '张三', ownerMobile: '13912345670', days: '90' },
        { name: 'Oak Drama', ownerName: '李四', ownerMobile: 13912345671, days: 3650, address: ' 1 Road ' },
      ],
      ['Starlight Dance'],
    );
    expect(rows.map((r) => r.rowNo)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0].errors).toEqual(['companyImport.err.duplicate']);
    expect(rows[1].errors).toEqual(['companyImport.err.name', 'companyImport.err.mobile', 'companyImport.err.days']);
    expect(rows[2].errors).toEqual(['companyImport.err.days', 'companyImport.err.duplicate']);
    expect(rows[3].errors).toEqual(['companyImport.err.exists']);
    expect(rows[4].errors).toEqual([]);
    expect(rows[4].value).toEqual({ name: 'Oak Drama', ownerName: '李四', ownerMobile: '13912345671', days: 3650, address: '1 Road', remark: undefined });
  });
});
