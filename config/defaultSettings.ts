/** Layout and theme defaults (docs/rules.md#constants-and-limits): primary #05C7BE, light, side layout, fluid width. */
export { PRIMARY_COLOR } from '../src/utils/theme';
import { PRIMARY_COLOR } from '../src/utils/theme';

export const layoutSettings = {
  navTheme: 'light' as const,
  colorPrimary: PRIMARY_COLOR,
  layout: 'side' as const,
  contentWidth: 'Fluid' as const,
  fixedHeader: true,
  fixSiderbar: true,
  title: 'Campus Console',
  splitMenus: false,
};
