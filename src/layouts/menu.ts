/** Server menu entries → ProLayout route data, labels through the locale layer. Pure, tested. */
import type { MenuEntry } from '@/types/session';

export interface LayoutMenuItem {
  path: string;
  name: string;
  icon?: string;
  disabled?: boolean;
  children?: LayoutMenuItem[];
}

export function toLayoutMenu(entries: MenuEntry[] | undefined, t: (id: string) => string): LayoutMenuItem[] {
  return (entries ?? []).map((e) => ({
    path: e.path,
    name: t(e.name),
    icon: e.icon,
    disabled: e.disabled,
    children: e.routes ? toLayoutMenu(e.routes, t) : undefined,
  }));
}
