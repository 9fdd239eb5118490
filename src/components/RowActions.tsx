/**
 * One rule for every list's row actions (issue 31): the actions column is one compact column of a fixed width, the
 * primary action (the first one a row renders) as a link and the rest behind "More". The key figures of a row stay in
 * view instead of being pushed out by a column of seven links.
 *
 * The rest are the very elements the list renders (a `<DeleteAction>`, a `<Popconfirm>` link, a `<LazyAction>` modal
 * form, a `<Link>`...), shown in the "More" panel once it is first opened: their confirmations and forms work as in
 * the row, so a destructive action still confirms. The panel is a disclosure: the button says whether it is expanded;
 * opening it (click, Enter, Space, ArrowDown) focuses its first action, the arrow keys move between actions, Enter or
 * Space runs one, Escape and Tab close it and give the focus back to the button.
 *
 * ListTable applies it to its actions column (`valueType: 'option'`) by itself; a bare ProTable or antd Table gets the
 * same with `compactColumns(columns)` / `compactTable(columns, secondary)` (below). Secondary columns are hidden by the
 * table's column setting (ProTable's `columnsState`), not pushed out of view: each list names them.
 */
import React, { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';

/** Width of every actions column: the primary action (cut with an ellipsis past PRIMARY_MAX px) and "More". */
export const ACTIONS_WIDTH = 200;
const PRIMARY_MAX = 120;

const CELL_STYLE: React.CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 8, whiteSpace: 'nowrap', maxWidth: '100%' };
const PRIMARY_STYLE: React.CSSProperties = { display: 'inline-block', maxWidth: PRIMARY_MAX, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' };
const MORE_STYLE: React.CSSProperties = { padding: 0, height: 'auto' };
const PANEL_STYLE: React.CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: 2,
  padding: 4,
  minWidth: 140,
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 6px 16px 0 rgba(0, 0, 0, 0.08), 0 3px 6px -4px rgba(0, 0, 0, 0.12), 0 9px 28px 8px rgba(0, 0, 0, 0.05)',
};
const ITEM_STYLE: React.CSSProperties = { padding: '5px 12px', whiteSpace: 'nowrap' };

/** The actions a row renders, one element each: fragments, arrays and a wrapping `<Space>` are opened up. */
export function flattenActions(node: React.ReactNode): React.ReactElement[] {
  const out: React.ReactElement[] = [];
  const walk = (n: React.ReactNode) => {
    React.Children.forEach(n, (child) => {
      if (child === null || child === undefined || typeof child === 'boolean' || child === '') return;
      if (React.isValidElement<{ children?: React.ReactNode }>(child) && (child.type === React.Fragment || child.type === Space)) walk(child.props.children);
      else if (React.isValidElement(child)) out.push(child);
      else out.push(<span>{child as React.ReactNode}</span>);
    });
  };
  walk(node);
  return out.map((el, i) => (el.key === null ? React.cloneElement(el, { key: `a${i}` }) : el));
}

const FOCUSABLE = 'a, button:not([disabled]), [tabindex]:not([tabindex="-1"]), input, select';

function visibleOverlays(): number {
  return Array.from(document.querySelectorAll('.ant-modal-wrap, .ant-drawer-content-wrapper')).filter((e) => e.getClientRects().length > 0).length;
}

function MoreActions({ items }: { items: React.ReactElement[] }) {
  const { t } = useIntl();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const timer = useRef<number>();
  const id = useId();
  const focusables = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((e) => !e.closest('[aria-hidden="true"]'));
  const close = useCallback((refocus: boolean) => {
    window.clearTimeout(timer.current);
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // When the row loses its other actions (e.g. after the one used), the focus held by "More" goes to the nearest
  // focusable container (a drawer), so keys like Escape still reach it.
  useLayoutEffect(() => {
    const el = button.current;
    return () => {
      if (el && document.activeElement === el) el.parentElement?.closest<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
    };
  }, []);
  // On opening: links without href (actions with an onClick) become reachable by keyboard, the first one is focused.
  useEffect(() => {
    if (!open) return undefined;
    const raf = window.requestAnimationFrame(() => {
      panel.current?.querySelectorAll<HTMLElement>('a:not([href]):not([tabindex])').forEach((a) => {
        a.tabIndex = 0;
        a.setAttribute('role', 'button');
      });
      focusables()[0]?.focus();
    });
    return () => window.cancelAnimationFrame(raf);
  }, [open]);
  // After an action was clicked: a confirmation popover keeps the panel open until it is answered; a modal or drawer
  // opening (a form) closes it at once; anything else closes it shortly after.
  const afterClick = () => {
    const before = visibleOverlays();
    let tries = 0;
    const check = () => {
      const p = panel.current;
      if (!p) return;
      if (p.querySelector('.ant-popover-open')) {
        timer.current = window.setTimeout(check, 150);
        tries = 0;
        return;
      }
      if (visibleOverlays() > before) {
        // A form opened: the panel closes under it, and the focus comes back to "More" when the form closes (it
        // would go back to the hidden action, i.e. nowhere, and keys like Escape would reach nothing).
        close(false);
        const back = () => {
          if (visibleOverlays() > before) {
            timer.current = window.setTimeout(back, 50);
            return;
          }
          const active = document.activeElement;
          if (!active || active === document.body || panel.current?.contains(active)) button.current?.focus();
        };
        timer.current = window.setTimeout(back, 50);
        return;
      }
      if (tries >= 6) {
        const inside = !!panel.current?.contains(document.activeElement);
        close(inside || document.activeElement === document.body);
        return;
      }
      tries += 1;
      timer.current = window.setTimeout(check, 50);
    };
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(check, 50);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    // Keys from a modal opened by an action bubble here through React's tree: only the panel's own keys count.
    if (!panel.current?.contains(e.target as Node)) return;
    const list = focusables();
    const at = list.indexOf(e.target as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
      list[next]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      close(true);
    } else if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof HTMLAnchorElement && !e.target.getAttribute('href')) {
      e.preventDefault();
      e.target.click();
    }
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div
          ref={panel}
          id={id}
          className="row-actions-menu"
          style={PANEL_STYLE}
          onKeyDown={onKeyDown}
          // The focus goes to "More" as an action starts: a form or confirmation opened by it gives the focus back
          // there when it closes (not to the action, hidden with the panel by then).
          onClickCapture={(e) => {
            if (panel.current?.contains(e.target as Node) && (e.target as HTMLElement).closest('a, button')) button.current?.focus({ preventScroll: true });
          }}
          onClick={(e) => {
            if (panel.current?.contains(e.target as Node) && (e.target as HTMLElement).closest('a, button')) afterClick();
          }}
        >
          {items.map((el) => (
            <div key={el.key} className="row-actions-item" style={ITEM_STYLE}>
              {el}
            </div>
          ))}
        </div>
      )}
    >
      <Button
        ref={button}
        type="link"
        size="small"
        style={MORE_STYLE}
        aria-label={t('rowActions.moreLabel')}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('rowActions.more')}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}

/** A row's actions: the first inline (cut past a fixed width), the others behind "More". */
export default function RowActions({ children }: { children?: React.ReactNode }) {
  const items = flattenActions(children);
  if (!items.length) return null;
  // One action (or a component rendering its own RowActions, e.g. a card's operations): as it is.
  if (items.length === 1) return items[0];
  const [primary, ...rest] = items;
  return (
    <span className="row-actions" style={CELL_STYLE}>
      <span className="row-actions-primary" style={PRIMARY_STYLE}>
        {primary}
      </span>
      <MoreActions items={rest} />
    </span>
  );
}

interface ColumnLike {
  valueType?: unknown;
  key?: React.Key;
  dataIndex?: unknown;
  fixed?: unknown;
  width?: unknown;
  render?: unknown;
}

/** A list's actions column: ProTable's `valueType: 'option'`, or an antd Table column keyed `actions`. */
export function isActionsColumn(c: ColumnLike): boolean {
  return c.valueType === 'option' || c.key === 'actions' || c.key === 'option';
}

/** The columns with the actions column made compact: pinned right, ACTIONS_WIDTH wide, its actions in <RowActions>. */
export function compactColumns<C extends ColumnLike>(columns: C[]): C[] {
  return columns.map((c) => {
    if (!isActionsColumn(c) || typeof c.render !== 'function') return c;
    const render = c.render as (...args: unknown[]) => React.ReactNode;
    return {
      ...c,
      fixed: c.fixed ?? 'right',
      width: ACTIONS_WIDTH,
      render: (...args: unknown[]) => <RowActions>{render(...args)}</RowActions>,
    } as C;
  });
}

/** The key of a column in ProTable's column setting (`columnsState`): its `key`, else its `dataIndex`. */
function columnKey(c: ColumnLike): string | undefined {
  const k = c.key ?? c.dataIndex;
  if (k === undefined || k === null) return undefined;
  return Array.isArray(k) ? k.join('-') : String(k);
}

/**
 * ProTable's `columnsState` hiding a list's secondary columns (by `key` or `dataIndex`); the user shows them again
 * with the table's column setting. `persistenceKey` keeps the user's choice, for lists that persist their settings.
 */
export function secondaryColumnsState(columns: ColumnLike[], secondary: readonly string[] = [], persistenceKey?: string) {
  const defaultValue: Record<string, { show: boolean }> = {};
  for (const c of columns) {
    const key = columnKey(c);
    if (key && secondary.includes(key)) defaultValue[key] = { show: false };
  }
  return persistenceKey ? { defaultValue, persistenceKey, persistenceType: 'localStorage' as const } : { defaultValue };
}

/**
 * For a bare ProTable (ListTable does this itself with its `secondary` prop): the compact actions column and the
 * secondary columns hidden, to spread on the table: `<ProTable {...compactTable(columns, ['role'])} ... />`.
 */
export function compactTable<C extends ColumnLike>(columns: C[], secondary: readonly string[] = [], persistenceKey?: string) {
  return { columns: compactColumns(columns), columnsState: secondaryColumnsState(columns, secondary, persistenceKey) };
}
