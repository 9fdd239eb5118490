import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { presetOf, presetRange } from '.';

describe('TimeSelect presets', () => {
  const wed = dayjs('2026-05-13'); // a Wednesday
  it('computes each range, weeks from Monday', () => {
    expect(presetRange('today', wed)).toEqual(['2026-05-13', '2026-05-13']);
    expect(presetRange('yesterday', wed)).toEqual(['2026-05-12', '2026-05-12']);
    expect(presetRange('thisWeek', wed)).toEqual(['2026-05-11', '2026-05-13']);
    expect(presetRange('thisWeek', dayjs('2026-05-17'))).toEqual(['2026-05-11', '2026-05-17']);
    expect(presetRange('thisMonth', wed)).toEqual(['2026-05-01', '2026-05-13']);
    expect(presetRange('last30', wed)).toEqual(['2026-04-14', '2026-05-13']);
    expect(presetRange('all', wed)).toBeUndefined();
  });
  it('recognises a preset from its range, else custom', () => {
    expect(presetOf(['2026-05-01', '2026-05-13'], wed)).toBe('thisMonth');
    expect(presetOf(['2026-05-02', '2026-05-13'], wed)).toBe('custom');
    expect(presetOf(undefined, wed)).toBe('all');
  });
});
