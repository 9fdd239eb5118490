import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDataScope, DATA_SCOPES, grantsEverything, inDataScope, scopeRank, type DataScope } from './dataScope';
import { PERMISSION_FLAGS } from '@/types/session';

const all = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, 1])) as Record<(typeof PERMISSION_FLAGS)[number], number>;

describe('data scope', () => {
  const rows = [
    { id: 1, campusId: 1, own: true },
    { id: 2, campusId: 1, own: false },
    { id: 3, campusId: 2, own: false },
    { id: 4, campusId: 2, own: true },
    { id: 5, campusId: undefined, own: false },
  ];
  const ids = (scope: DataScope, campusId?: number) => applyDataScope(rows, { scope, campusId }, (r) => r).map((r) => r.id);

  it('company shows every row, campus the own campus plus own rows, own only own rows', () => {
    expect(ids('company', 1)).toEqual([1, 2, 3, 4, 5]);
    expect(ids('campus', 1)).toEqual([1, 2, 4]);
    expect(ids('own', 1)).toEqual([1, 4]);
  });

  it('a viewer without a campus sees only own rows in the campus scope', () => {
    expect(ids('campus', undefined)).toEqual([1, 4]);
  });

  it('no viewer means no narrowing', () => {
    expect(applyDataScope(rows, undefined, (r) => r)).toHaveLength(5);
  });

  it('scopes nest: a narrower scope never shows a row a wider one hides', () => {
    fc.assert(
      fc.property(
        fc.record({ campusId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), own: fc.boolean() }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        fc.constantFrom(...DATA_SCOPES),
        fc.constantFrom(...DATA_SCOPES),
        (row, campusId, a, b) => {
          const [narrow, wide] = scopeRank(a) <= scopeRank(b) ? [a, b] : [b, a];
          if (inDataScope({ scope: narrow, campusId }, row)) expect(inDataScope({ scope: wide, campusId }, row)).toBe(true);
        },
      ),
    );
  });

  it('grantsEverything needs all ten flags and the whole company', () => {
    expect(grantsEverything(all, 'company')).toBe(true);
    expect(grantsEverything(all, 'campus')).toBe(false);
    expect(grantsEverything({ ...all, customerCenter: 0 }, 'company')).toBe(false);
  });
});
