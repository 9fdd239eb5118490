/** Column helpers shared by the lists (issue 34): one way to declare a list's actions column. */
import type React from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { t } from '@/locales';

/**
 * A list's actions column: titled "Actions", pinned right, its cell what `render` gives for the row (ListTable makes it
 * compact: the first action inline, the others behind "More"). `more`: the column's other settings (a width, hidden
 * for a role).
 */
export function actionsColumn<T>(render: (row: T) => React.ReactNode, more: Omit<ProColumns<T>, 'render'> = {}): ProColumns<T> {
  return { title: t('common.actions'), valueType: 'option', fixed: 'right', ...more, render: (_, row) => render(row) };
}
