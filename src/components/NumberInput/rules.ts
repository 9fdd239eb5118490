/** Field rules for numbers: out-of-range and non-integer values are field errors before submit (never clamped). */
import { t } from '@/locales';

export interface RangeOptions {
  min?: number;
  max?: number;
  integer?: boolean;
}

/** An antd Form rule: `undefined` passes (use `required` for that); otherwise integer, min and max are checked. */
export function numberRange({ min, max, integer }: RangeOptions) {
  return {
    validator: (_rule: unknown, v?: number | null) => {
      if (v === undefined || v === null) return Promise.resolve();
      if (integer && !Number.isInteger(v)) return Promise.reject(new Error(t('ev.number.integer')));
      if (min !== undefined && max !== undefined && (v < min || v > max)) return Promise.reject(new Error(t('ev.number.between', { min, max })));
      if (min !== undefined && v < min) return Promise.reject(new Error(t('ev.number.min', { min })));
      if (max !== undefined && v > max) return Promise.reject(new Error(t('ev.number.max', { max })));
      return Promise.resolve();
    },
  };
}

/** Money of 0 asks first: resolves true when the amount is not 0 or the user confirms it. */
export function confirmZeroMoney(
  modal: { confirm: (c: { title: string; content?: string; okText?: string; onOk: () => void; onCancel: () => void }) => unknown },
  amount: number | undefined,
): Promise<boolean> {
  if (amount !== 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    modal.confirm({ title: t('ev.money.zeroTitle'), content: t('ev.money.zeroContent'), okText: t('ev.money.zeroOk'), onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}
