/**
 * Issue 31 (9): money looks the same everywhere. One formatter (`formatMoney`: "¥1,280.00"), used by the console and
 * the public page alike; no screen builds "¥" + toFixed(2) by hand.
 */
import React from 'react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { formatMoney } from './format';
import { renderApp } from '../../tests/utils/render';
import WebPageView from '@/components/WebPageView';

describe('formatMoney', () => {
  it('writes yuan with a thousands separator and two decimals', () => {
    expect(formatMoney(1280)).toBe('¥1,280.00');
    expect(formatMoney(2880.5)).toBe('¥2,880.50');
    expect(formatMoney(1234567.891)).toBe('¥1,234,567.89');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(-35.2)).toBe('¥-35.20');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney(Number.NaN)).toBe('-');
  });
});

describe('one money formatter everywhere', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return f.startsWith('.') ? [] : files(p);
      return /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
    });

  it('no source builds "¥" by hand (a template with ¥, or ¥ beside toFixed), and no message puts ¥ before a variable', () => {
    const root = join(__dirname, '..', '..');
    const offenders = [...files(join(root, 'src')), ...files(join(root, 'mock'))]
      .filter((p) => !p.endsWith(join('src', 'utils', 'format.ts')) && !p.endsWith(join('src', 'utils', 'cells.ts')))
      .flatMap((p) =>
        readFileSync(p, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${p.slice(root.length + 1)}:${i + 1}`, line }))
          .filter(({ line }) => /¥\$\{|¥\{|['"`]¥['"`]|¥.*toFixed\(|toFixed\(2\).*¥/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)),
      )
      .map((o) => o.at);
    expect(offenders).toEqual([]);
  });

  it('the public web page writes prices as the console does', async () => {
    const page = { code: 'X', companyName: 'Starlight', campusName: 'Main', title: 'Dance', intro: '', photos: [], address: 'Road 1', phone: '010-12345678', templates: [{ id: 1, name: 'Forty lessons', kind: 'count' as const, hours: 40, giftHours: 2, price: 1280, validDays: 365 }] };
    renderApp(<WebPageView page={page} code="X" />);
    expect(await screen.findByText('¥1,280.00')).toBeTruthy();
    expect(screen.queryByText('¥1280.00')).toBeNull();
  });
});
