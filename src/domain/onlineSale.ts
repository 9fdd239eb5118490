/**
 * Online sales rules (docs/rules.md#campuses-and-online-sales), pure: the prepaid-tuition cap of one online purchase, a month's settlement
 * less the platform fee (in cents, so gross = fee + net exactly), and contract templates with {variables}.
 */
import { CONTRACT_VARIABLES } from '@/types/campus';

export interface SaleCap {
  maxHours: number;
  maxMonths: number;
}

/** Days counted as one month by the cap (3 months = 90 days). */
export const DAYS_PER_MONTH = 30;

/** Which limit a card template breaks for one online purchase, if any: hours (bought + gift) or validity. */
export function exceedsSaleCap(tpl: { hours: number; giftHours: number; validDays: number }, cap: SaleCap): 'hours' | 'months' | undefined {
  if (tpl.hours + tpl.giftHours > cap.maxHours) return 'hours';
  if (tpl.validDays > cap.maxMonths * DAYS_PER_MONTH) return 'months';
  return undefined;
}

/** A settlement's figures: gross of the amounts, the fee at `feePercent` (rounded to the cent), net = gross − fee. */
export function settlementOf(amounts: number[], feePercent: number): { gross: number; fee: number; net: number } {
  const grossCents = amounts.reduce((s, a) => s + Math.round(a * 100), 0);
  const feeCents = Math.round((grossCents * feePercent) / 100);
  return { gross: grossCents / 100, fee: feeCents / 100, net: (grossCents - feeCents) / 100 };
}

const VAR = /\{(\w+)\}/g;

/**
 * Fills a template's {variables}. Unknown names (not in CONTRACT_VARIABLES) are listed and left as written;
 * known names without a value stay as written too. Values are plain text (never HTML).
 */
export function renderTemplate(body: string, values: Partial<Record<string, string | number>>): { text: string; unknown: string[] } {
  const known = new Set<string>(CONTRACT_VARIABLES);
  const unknown: string[] = [];
  const text = body.replace(VAR, (m, name: string) => {
    if (!known.has(name)) {
      if (!unknown.includes(name)) unknown.push(name);
      return m;
    }
    const v = values[name];
    return v === undefined ? m : String(v);
  });
  return { text, unknown };
}
