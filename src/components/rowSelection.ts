/**
 * Row checkboxes with a name (accessibility): `rowSelection={{ ..., getCheckboxProps: rowCheckbox((r) => r.name) }}`
 * gives each row's checkbox the label "Select <name>" in the user's language.
 */
import { t } from '@/locales';

export function rowCheckbox<T>(name: (row: T) => string | number | undefined, more?: (row: T) => Record<string, unknown>) {
  return (row: T) => ({ 'aria-label': t('ev.selectRow', { name: name(row) ?? '' }), ...(more?.(row) ?? {}) }) as Record<string, unknown>;
}
