/** Money in yuan with 2 decimals, hours with 1 decimal (docs/rules.md#money-and-numbers). */
export function formatMoney(n: number | undefined | null): string {
  if (n === undefined || n === null || Number.isNaN(n)) return '-';
  return `¥${formatAmount(n)}`;
}

/** A money amount without the currency sign, for texts that name the currency in words ("1,280.00 yuan"). */
export function formatAmount(n: number): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function formatHours(n: number | undefined | null): string {
  if (n === undefined || n === null || Number.isNaN(n)) return '-';
  return (Math.round(n * 10) / 10).toFixed(1);
}

/** A mobile with its middle four digits hidden: 138****5678. */
export function maskMobile(m: string): string {
  return m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m.replace(/\d(?=\d{2})/g, '*');
}
