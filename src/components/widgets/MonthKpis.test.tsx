/**
 * The dashboard's month KPIs are /analyze/core's figures for this month (the same call and definitions): each value
 * shown by the widget equals the one the core screen shows for the same range, links to the records, and
 * moves after a consumption.
 */
import React from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within, cleanup } from '@testing-library/react';
import MonthKpis, { MONTH_KPIS, monthToDate } from './MonthKpis';
import AnalyzeCorePage from '@/pages/analyze/core';
import { DASHBOARD_WIDGETS } from '@/pages/dashboard/components/widgets';
import { loginAs, renderApp } from '../../../tests/utils/render';
import { getDb, resetDb } from '../../../mock/db';
import { appendHourRecord } from '../../../mock/domains/ledger';
import { inRequest } from '../../../mock/testing';

beforeEach(() => {
  resetDb();
});

async function widgetValues(): Promise<Record<string, { text: string; href: string | null }>> {
  const out: Record<string, { text: string; href: string | null }> = {};
  await waitFor(() => expect(document.querySelectorAll('[data-kpi] [data-value] a')).toHaveLength(MONTH_KPIS.length), { timeout: 20_000 });
  for (const key of MONTH_KPIS) {
    const link = document.querySelector(`[data-kpi="${key}"] [data-value] a`)!;
    // The link's visible text (the hidden part names what it opens).
    out[key] = { text: link.firstChild!.textContent!.trim(), href: link.getAttribute('href') };
  }
  return out;
}

async function coreValues(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await waitFor(() => expect(document.querySelectorAll('[data-kpi] .ant-statistic-content-value').length).toBeGreaterThanOrEqual(11), { timeout: 20_000 });
  for (const key of MONTH_KPIS) out[key] = document.querySelector(`[data-kpi="${key}"] .ant-statistic-content-value`)!.textContent!.trim();
  return out;
}

describe('dashboard month KPIs', () => {
  it('show the figures of /analyze/core for this month, linked to their records, and move with a consumption', async () => {
    expect(DASHBOARD_WIDGETS.find((w) => w.key === 'monthKpis')?.access).toBe('dataAnalysis');
    const session = await loginAs('dealer');
    const { startDate, endDate } = monthToDate();

    renderApp(<MonthKpis />, { route: '/dashboard', session });
    // The title names the period (issue 30: the finance screens show a whole month or a range, this the month to date).
    const now = new Date(`${endDate}T00:00:00`);
    const monthName = now.toLocaleString('en-US', { month: 'long' });
    const monthEnd = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate() === now.getDate();
    const period = monthEnd ? `${monthName} ${now.getFullYear()}` : `${monthName} to date (1–${now.getDate()} ${now.toLocaleString('en-US', { month: 'short' })} ${now.getFullYear()})`;
    expect(await screen.findByTestId('month-kpis-title')).toHaveTextContent(`Figures this month · ${period}`);
    const widget = await widgetValues();
    expect(widget.consumedHours.href).toContain('drill=consumed');
    expect(widget.consumedHours.href).toContain(`from=${startDate}`);
    expect(widget.cashIn.href).toContain('drill=sales');
    expect(screen.getByRole('link', { name: 'All core figures' })).toHaveAttribute('href', `/analyze/core?startDate=${startDate}&endDate=${endDate}`);
    cleanup();

    renderApp(<AnalyzeCorePage />, { route: `/analyze/core?startDate=${startDate}&endDate=${endDate}`, session });
    const core = await coreValues();
    for (const key of MONTH_KPIS) expect(widget[key].text, key).toBe(core[key]);
    expect(Number(widget.consumedHours.text.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
    cleanup();

    // A consumption of 2 hours today moves the widget's consumed hours by 2.
    const db = getDb();
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active' && c.remainingHours >= 2 && c.startDate <= endDate && c.expiryDate >= endDate)!;
    await inRequest(2, () => appendHourRecord(db, { cardId: card.id, type: 'diy', hours: 2, reason: 'test', operator: { id: 0, name: 'test' } }));
    renderApp(<MonthKpis />, { route: '/dashboard', session });
    const after = await widgetValues();
    const hours = (s: string) => Number(s.replace(/[^\d.]/g, ''));
    expect(hours(after.consumedHours.text) - hours(widget.consumedHours.text)).toBeCloseTo(2, 5);
    expect(within(document.querySelector('[data-kpi="consumedHours"]') as HTMLElement).getByText(/vs previous period|No figure last month/)).toBeInTheDocument();
  }, 120_000);
});
