/**
 * Four build-time fixes to @ant-design/pro-layout (issue 10), applied by config/loaders/patchProLayout.cjs to the
 * installed files as webpack reads them (node_modules stays as installed).
 *
 * ProLayout sets two pieces of state in effects right after it mounts, each to the value it already has: the menu's
 * loading flag (from swr's `isLoading`) and the current menu's layout overrides (`{}` becomes `undefined`, both
 * meaning "none"). Each set re-renders the whole layout, and the layout wraps its menu and content in theme providers
 * built anew on every render, so the side menu, the page's search form and its table all render a second time before
 * the first list row can show. The patches keep the state when the value is the same; behaviour is unchanged.
 *
 * Every patch must apply: a pro-layout release that changes these lines fails the build (and the unit test
 * tests/unit/proLayoutPatches.test.ts) instead of silently losing the fix.
 */
const BASE_MENU = /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]components[\\/]SiderMenu[\\/]BaseMenu\.js$/;

const PATCHES = [
  {
    file: /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]ProLayout\.js$/,
    find: 'useEffect(function () {\n    setMenuLoading(isLoading);',
    replace: 'useEffect(function () {\n    if (!!isLoading !== !!menuLoading) setMenuLoading(isLoading);',
  },
  {
    file: /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]utils[\\/]useCurrentMenuLayoutProps\.js$/,
    find: 'setCurrentMenuLayoutProps(omitUndefined({',
    replace: '__setIfChanged(setCurrentMenuLayoutProps, omitUndefined({',
  },
  {
    file: /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]utils[\\/]useCurrentMenuLayoutProps\.js$/,
    find: 'var useCurrentMenuLayoutProps = function',
    replace:
      '/* campus-console patch: an equal value keeps the state (no second render of the layout) */\n' +
      'function __sameLayoutProps(a, b) { var x = a || {}, y = b || {}; var kx = Object.keys(x), ky = Object.keys(y); return kx.length === ky.length && kx.every(function (k) { return x[k] === y[k]; }); }\n' +
      'function __setIfChanged(set, next) { set(function (prev) { return __sameLayoutProps(prev, next) ? prev : next; }); }\n' +
      'var useCurrentMenuLayoutProps = function',
  },
  // The side menu, likewise: "open all groups" is a first-render setting that its mount effect turns off (read only by
  // that effect on later navigation), kept in a ref instead of state; and selected keys set by the layout's
  // `selectedKeys` (with no onSelect) are not copied into state that nothing reads.
  {
    file: BASE_MENU,
    find:
      '  var _useMountMergeState = useMountMergeState(menu === null || menu === void 0 ? void 0 : menu.defaultOpenAll),\n' +
      '    _useMountMergeState2 = _slicedToArray(_useMountMergeState, 2),\n' +
      '    defaultOpenAll = _useMountMergeState2[0],\n' +
      '    setDefaultOpenAll = _useMountMergeState2[1];',
    replace:
      '  var __openAll = useRef(menu === null || menu === void 0 ? void 0 : menu.defaultOpenAll),\n' +
      '    defaultOpenAll = __openAll.current,\n' +
      '    setDefaultOpenAll = function (v) { __openAll.current = v; };',
  },
  {
    file: BASE_MENU,
    find: "if (matchMenuKeys.join('-') !== (selectedKeys || []).join('-')) {\n      setSelectedKeys(matchMenuKeys);",
    replace: "if (!(propsSelectedKeys && !onSelect) && matchMenuKeys.join('-') !== (selectedKeys || []).join('-')) {\n      setSelectedKeys(matchMenuKeys);",
  },
];

/** The patched source of `file`; throws when a patch meant for it does not apply. */
function patchSource(file, source) {
  let out = source;
  for (const p of PATCHES) {
    if (!p.file.test(file)) continue;
    const at = out.indexOf(p.find);
    if (at < 0 || out.indexOf(p.find, at + 1) >= 0) {
      throw new Error(`pro-layout patch no longer applies to ${file} (looked for ${JSON.stringify(p.find)}): see config/loaders/proLayoutPatches.cjs`);
    }
    out = out.slice(0, at) + p.replace + out.slice(at + p.find.length);
  }
  return out;
}

/** Files the patches are for (the webpack rule's test). */
const PATCHED_FILES = /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/](ProLayout|utils[\\/]useCurrentMenuLayoutProps|components[\\/]SiderMenu[\\/]BaseMenu)\.js$/;

module.exports = { PATCHES, PATCHED_FILES, patchSource };
