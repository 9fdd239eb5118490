// @vitest-environment node
/** The component tests' reduction of antd's CSS to what decides visibility (tests/utils/styleFilter.ts). */
import { describe, expect, it } from 'vitest';
import { visibilityRules } from '../utils/styleFilter';

describe('visibilityRules', () => {
  it('keeps display, visibility, opacity and pointer-events of each rule, in order, and drops the rest', () => {
    const css = ':where(.css-x).ant-select-dropdown-hidden{display:none;color:red}.ant-btn{color:blue;padding:4px}.a .b{ visibility : hidden ; opacity:0}.c{pointer-events:none}';
    expect(visibilityRules(css)).toBe(':where(.css-x).ant-select-dropdown-hidden{display:none}\n.a .b{visibility : hidden;opacity:0}\n.c{pointer-events:none}');
  });

  it('leaves out rules under @media unless it names screen (as jsdom does), and other at-rule blocks', () => {
    const css = '@media (max-width: 575px){.x{display:none}}.y{display:block}@media screen and (min-width: 1px){.z{display:none}}@keyframes k{0%{opacity:0}100%{opacity:1}}.w{display:flex}';
    expect(visibilityRules(css)).toBe('.y{display:block}\n.z{display:none}\n.w{display:flex}');
  });

  it('is empty for CSS without those properties', () => {
    expect(visibilityRules('.a{color:red}.b{margin:0}')).toBe('');
  });
});
