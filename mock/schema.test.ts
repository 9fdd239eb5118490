import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { date, hours, ids, money, mobile, oneOf, text } from '../src/types/schema';
import { HttpError } from './http';
import { parseBody } from './schema';

const Body = z.object({
  name: text(8),
  price: money(),
  hours: hours({ min: 0.5, max: 100 }),
  day: date(),
  kind: oneOf(['count', 'period']),
  classIds: ids(),
  mobile: mobile(),
});
const good = { name: 'Ballet', price: 100.5, hours: 10.5, day: '2026-02-28', kind: 'count', classIds: [1, 2], mobile: '13800000001' };

function msg(body: unknown, lang: 'en' | 'zh' = 'en'): string {
  try {
    parseBody(Body, body, lang);
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).status).toBe(400);
    return (e as HttpError).message;
  }
  return 'accepted';
}

describe('parseBody (strict schemas, messages naming the field)', () => {
  it('accepts a good body and trims text', () => {
    expect(parseBody(Body, { ...good, name: '  Ballet ' }, 'en').name).toBe('Ballet');
  });
  it.each([
    [{ ...good, price: '2' }, 'price must be a number.'],
    [{ ...good, price: ' ' }, 'price must be a number.'],
    [{ ...good, price: 1.234 }, 'price allows at most 2 decimals.'],
    [{ ...good, hours: 1.25 }, 'Hours allows at most 1 decimals.'],
    [{ ...good, hours: 0 }, 'Hours must be at least 0.5.'],
    [{ ...good, day: '2026-02-30' }, 'Date'],
    [{ ...good, kind: 'other' }, 'kind must be one of: count, period.'],
    [{ ...good, classIds: 3 }, 'Classes must be a list.'],
    [{ ...good, classIds: ['3'] }, 'Classes #1 must be a number.'],
    [{ ...good, classIds: [1, 1] }, 'Classes contains duplicates.'],
    [{ ...good, name: '' }, 'Name is required.'],
    [{ ...good, name: 'abcdefghi' }, 'Name must be at most 8 characters.'],
    [{ ...good, mobile: '1380000000' }, 'Mobile must be an 11-digit mobile number starting with 1.'],
    [{ ...good, mobile: undefined }, 'Mobile is required.'],
    [[1, 2], 'The request body must be a JSON object.'],
  ])('refuses %j', (body, expected) => {
    // Case-insensitive: a field without a `field.<name>` label shows its name, and other domains may define one.
    expect(msg(body).toLowerCase()).toContain((expected === 'Date' ? 'day must be an existing date' : expected).toLowerCase());
  });
  it('answers in Chinese', () => {
    expect(msg({ ...good, name: '' }, 'zh')).toMatch(/^(姓名|名称)不能为空。$/);
  });
});
