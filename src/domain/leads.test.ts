import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Lead, LeadStatus } from '@/types/customer';
import { LEAD_STATUSES } from '@/types/customer';
import {
  canDelete,
  claimCheck,
  conversionBlocker,
  daysBetween,
  dueForPool,
  findDuplicate,
  funnelCounts,
  leadStats,
  leadsDueForPool,
  matchesDue,
  normalizeMobile,
  ownedCount,
  ownerConversion,
  poolReturnDate,
  seesAllLeads,
  sourceCounts,
  statusAfterFollowUp,
  trendBuckets,
} from './leads';

let nextId = 1;
function lead(p: Partial<Lead> = {}): Lead {
  const id = p.id ?? nextId++;
  return {
    id,
    companyId: 2,
    campusId: 1,
    campusName: 'Downtown',
    name: `学员${id}`,
    mobile: `1390000${String(id).padStart(4, '0')}`,
    status: 'following',
    intention: 'B',
    source: 'walk_in',
    followUpCount: 0,
    createdAt: '2026-01-01 10:00:00',
    createdBy: '李浩然',
    ...p,
  };
}

describe('pool return', () => {
  const owned = { ownerId: 5, ownerName: '李浩然', assignedAt: '2026-03-01 09:00:00' };
  it('returns an active lead not followed up for N days', () => {
    const l = lead({ ...owned, lastFollowUpAt: '2026-03-10 15:00:00' });
    expect(dueForPool(l, '2026-03-24', 15)).toBe(false);
    expect(dueForPool(l, '2026-03-25', 15)).toBe(true);
    expect(poolReturnDate(l, 15)).toBe('2026-03-25');
  });
  it('counts from the assignment when there was no follow-up, and from a later assignment after an old follow-up', () => {
    expect(dueForPool(lead({ ...owned }), '2026-03-15', 15)).toBe(false);
    expect(dueForPool(lead({ ...owned }), '2026-03-16', 15)).toBe(true);
    expect(dueForPool(lead({ ...owned, lastFollowUpAt: '2026-01-05 10:00:00' }), '2026-03-10', 15)).toBe(false);
  });
  it('never returns pool, converted or invalid leads', () => {
    expect(dueForPool(lead({ status: 'new' }), '2027-01-01', 15)).toBe(false);
    expect(dueForPool(lead({ ...owned, status: 'formal' }), '2027-01-01', 15)).toBe(false);
    expect(dueForPool(lead({ ...owned, status: 'invalid' }), '2027-01-01', 15)).toBe(false);
    expect(dueForPool(lead({ ...owned, status: 'trial' }), '2027-01-01', 15)).toBe(true);
  });
  it('lists the ids due', () => {
    const a = lead({ ...owned, lastFollowUpAt: '2026-03-20 10:00:00' });
    const b = lead({ ...owned });
    expect(leadsDueForPool([a, b], '2026-03-25', 15)).toEqual([b.id]);
  });
});

describe('claim limit', () => {
  it('lets 190 + 10 reach 200 and refuses the 11th', () => {
    expect(claimCheck(190, 10, 200)).toEqual({ ok: true, room: 10 });
    expect(claimCheck(190, 11, 200)).toEqual({ ok: false, room: 10 });
    expect(claimCheck(200, 1, 200).ok).toBe(false);
    expect(claimCheck(210, 1, 200).room).toBe(0);
  });
  it('never lets the owned count pass the limit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 300 }), (owned, req, limit) => {
        const c = claimCheck(owned, req, limit);
        if (c.ok) expect(owned + req).toBeLessThanOrEqual(limit);
        else expect(req === 0 || owned + req > limit).toBe(true);
      }),
    );
  });
  it('counts only active leads of the user', () => {
    const rows = [lead({ ownerId: 5 }), lead({ ownerId: 5, status: 'formal' }), lead({ ownerId: 5, status: 'invalid' }), lead({ ownerId: 3 }), lead({ ownerId: 5, status: 'trial' })];
    expect(ownedCount(rows, 5)).toBe(2);
  });
});

describe('duplicate check', () => {
  const rows = [lead({ id: 100, mobile: '13912345678' }), lead({ id: 101, mobile: '13712345678', companyId: 3 })];
  it('finds the same mobile in the same company, whatever the spacing', () => {
    expect(normalizeMobile('139 1234-5678')).toBe('13912345678');
    expect(findDuplicate(rows, 2, '139 1234 5678')?.id).toBe(100);
  });
  it('ignores other companies and the lead being edited', () => {
    expect(findDuplicate(rows, 2, '13712345678')).toBeUndefined();
    expect(findDuplicate(rows, 2, '13912345678', 100)).toBeUndefined();
  });
});

describe('conversion and deletion', () => {
  it('converts active leads only once', () => {
    expect(conversionBlocker(lead({ status: 'trial' }))).toBeUndefined();
    expect(conversionBlocker(lead({ status: 'formal', studentId: 9 }))).toBe('lead.alreadyFormal');
    expect(conversionBlocker(lead({ status: 'invalid' }))).toBe('lead.invalidCannotConvert');
  });
  it('does not delete a converted lead', () => {
    expect(canDelete(lead({ status: 'formal', studentId: 3 }))).toBe(false);
    expect(canDelete(lead({ status: 'invalid' }))).toBe(true);
  });
  it('follow-ups move new leads to following and never convert', () => {
    expect(statusAfterFollowUp('new')).toEqual({ status: 'following' });
    expect(statusAfterFollowUp('trial')).toEqual({ status: 'trial' });
    expect(statusAfterFollowUp('following', 'invalid')).toEqual({ status: 'invalid' });
    expect(statusAfterFollowUp('following', 'formal')).toEqual({ error: 'lead.followUpFormal' });
    expect(statusAfterFollowUp('formal', 'following')).toEqual({ error: 'lead.formalLocked' });
    expect(statusAfterFollowUp('formal')).toEqual({ status: 'formal' });
  });
  it('lets managers and dealers see every lead', () => {
    expect(seesAllLeads('manager')).toBe(true);
    expect(seesAllLeads('dealer')).toBe(true);
    expect(seesAllLeads('sales')).toBe(false);
  });
});

describe('follow-up due', () => {
  const today = '2026-05-10';
  it('splits overdue, today and this week', () => {
    expect(matchesDue(lead({ nextFollowUpAt: '2026-05-09' }), 'overdue', today)).toBe(true);
    expect(matchesDue(lead({ nextFollowUpAt: '2026-05-10' }), 'today', today)).toBe(true);
    expect(matchesDue(lead({ nextFollowUpAt: '2026-05-16' }), 'week', today)).toBe(true);
    expect(matchesDue(lead({ nextFollowUpAt: '2026-05-17' }), 'week', today)).toBe(false);
    expect(matchesDue(lead({ nextFollowUpAt: '2026-05-01', status: 'formal' }), 'overdue', today)).toBe(false);
    expect(matchesDue(lead({}), 'none', today)).toBe(true);
  });
  it('counts days across months', () => {
    expect(daysBetween('2026-01-31', '2026-03-01 08:00:00')).toBe(29);
  });
});

describe('funnel counts', () => {
  it('counts each status and the stages reached', () => {
    const statuses: LeadStatus[] = ['new', 'new', 'following', 'trial', 'formal', 'formal', 'invalid'];
    const f = funnelCounts(statuses.map((status) => lead({ status })));
    const by = Object.fromEntries(f.map((r) => [r.status, r]));
    expect(by.new).toEqual({ status: 'new', count: 2, reached: 6 });
    expect(by.following.reached).toBe(4);
    expect(by.trial.reached).toBe(3);
    expect(by.formal).toEqual({ status: 'formal', count: 2, reached: 2 });
    expect(by.invalid).toEqual({ status: 'invalid', count: 1, reached: 1 });
  });
  it('status counts add up to the total and stages never grow (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LEAD_STATUSES), { maxLength: 80 }), (statuses) => {
        const f = funnelCounts(statuses.map((status) => lead({ status })));
        expect(f.reduce((s, r) => s + r.count, 0)).toBe(statuses.length);
        const [n, fo, tr, fm] = f;
        expect(n.reached >= fo.reached && fo.reached >= tr.reached && tr.reached >= fm.reached).toBe(true);
      }),
    );
  });
  it('groups sources, owners and days', () => {
    const rows = [
      lead({ source: 'form', ownerId: 5, ownerName: '李浩然', status: 'formal', createdAt: '2026-05-01 09:00:00' }),
      lead({ source: 'form', ownerId: 5, ownerName: '李浩然', createdAt: '2026-05-03 09:00:00' }),
      lead({ source: 'web', createdAt: '2026-05-03 18:00:00' }),
    ];
    expect(sourceCounts(rows).find((s) => s.source === 'form')?.count).toBe(2);
    expect(ownerConversion(rows, 'Pool')).toEqual([
      { ownerId: 5, ownerName: '李浩然', total: 2, formal: 1, rate: 0.5 },
      { ownerId: undefined, ownerName: 'Pool', total: 1, formal: 0, rate: 0 },
    ]);
    expect(trendBuckets(rows, '2026-05-01', '2026-05-03')).toEqual([
      { bucket: '2026-05-01', count: 1 },
      { bucket: '2026-05-02', count: 0 },
      { bucket: '2026-05-03', count: 2 },
    ]);
    expect(trendBuckets(rows, '2026-01-01', '2026-05-31').map((b) => b.bucket)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
  });
  it('stats only count leads created in the range', () => {
    const rows = [lead({ createdAt: '2026-04-30 23:59:00' }), lead({ createdAt: '2026-05-01 00:00:00', status: 'formal' }), lead({ createdAt: '2026-05-31 10:00:00' })];
    const s = leadStats(rows, { startDate: '2026-05-01', endDate: '2026-05-31' }, 'Pool', '2026-06-01');
    expect(s.total).toBe(2);
    expect(s.conversionRate).toBe(0.5);
    expect(s.trend.reduce((a, b) => a + b.count, 0)).toBe(2);
  });
});
