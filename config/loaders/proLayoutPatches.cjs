/**
 * Build-time fixes to @ant-design/pro-layout, the two libraries its side menu runs on (@umijs/route-utils, rc-menu),
 * four that every list table runs on (pro-form's schema form, rc-table's body and column measuring, pro-field's
 * index, colour and money fields), and code every route loaded for nothing (antd's Button colour token, Tooltip colour
 * and Result pictures, pro-provider's languages) (issue 10), applied by config/loaders/patchProLayout.cjs to the
 * installed files as webpack reads them (node_modules stays as installed); vitest.config.mts applies them too, to the
 * files tests load through Vite.
 *
 * ProLayout sets two pieces of state in effects right after it mounts, each to the value it already has: the menu's
 * loading flag (from swr's `isLoading`) and the current menu's layout overrides (`{}` becomes `undefined`, both
 * meaning "none"). Each set re-renders the whole layout, and the layout wraps its menu and content in theme providers
 * built anew on every render, so the side menu, the page's search form and its table all render a second time before
 * the first list row can show. The patches keep the state when the value is the same; behaviour is unchanged.
 * rc-menu does the same with its id (an effect gives the menu a generated id even when it has one), its motions and
 * its overflow list: each renders every menu item again, in the same pass as the page. route-utils compiles two or
 * three regular expressions per menu entry to find the current one, also for plain paths that a string comparison
 * matches the same way.
 *
 * Every patch must apply: a release that changes these lines fails the build (and the unit test
 * tests/unit/proLayoutPatches.test.ts) instead of silently losing the fix.
 */
const path = require('node:path');

/** pro-field's value types that load on demand: [the index's import name, its folder under es/components]. */
const LAZY_VALUE_TYPES = [
  ['FieldCascader', 'Cascader'],
  ['FieldTreeSelect', 'TreeSelect'],
  ['FieldColorPicker', 'ColorPicker'],
  ['FieldSegmented', 'Segmented'],
  ['FieldSlider', 'Slider'],
  ['FieldRate', 'Rate'],
  ['FieldImage', 'Image'],
  ['FieldProgress', 'Progress'],
];

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

/**
 * A menu path with no parameters, wildcards or groups, matched as route-utils' regular expressions would match it
 * (path-to-regexp's defaults: case-insensitive, optional trailing delimiter; `key/(.*)` for the paths below it).
 * Plain JS in a string: it is inserted into route-utils; tests/unit/proLayoutPatches.test.ts checks it against the
 * regular expressions.
 */
const STATIC_MATCH =
  'function __plainPath(p) { return typeof p === "string" && p.charAt(0) === "/" && p.charAt(p.length - 1) !== "/" && !/[:()*?+\\[\\]{}\\\\]/.test(p); }\n' +
  'function __plainMatch(key, path) { var k = key.toLowerCase(), p = String(path).toLowerCase(); if (p === k || p.indexOf(k + "/") === 0) return true; return p.length === k.length + 1 && p.indexOf(k) === 0 && "#?".indexOf(p.charAt(k.length)) >= 0; }\n';

PATCHES.push(
  {
    file: /[\\/]@umijs[\\/]route-utils[\\/]es[\\/]getMatchMenu[\\/]getMatchMenu\.js$/,
    find: 'export var getMenuMatches = function getMenuMatches() {',
    replace: `/* campus-console patch: plain paths compared as strings */\n${STATIC_MATCH}export var getMenuMatches = function getMenuMatches() {`,
  },
  {
    file: /[\\/]@umijs[\\/]route-utils[\\/]es[\\/]getMatchMenu[\\/]getMatchMenu\.js$/,
    find: '      var pathKey = stripQueryStringAndHashFromPath(item);\n      try {',
    replace: '      var pathKey = stripQueryStringAndHashFromPath(item);\n      if (__plainPath(pathKey)) return __plainMatch(pathKey, path);\n      try {',
  },
  // rc-menu turns its motions on in an effect after mounting (so that open groups do not animate on the first paint) and
  // stores "no overflowing items" as a new empty list: two more context changes, each rendering every menu item again
  // in the same pass as the page. Motions are on from the start instead, with the appear animation of inline groups off
  // (the only animation the delay prevented); an equal overflow list keeps the state.
  {
    file: /[\\/]rc-menu[\\/]es[\\/]Menu\.js$/,
    find: '    motion: mounted ? motion : null,\n    defaultMotions: mounted ? defaultMotions : null',
    replace: '    motion: motion,\n    defaultMotions: defaultMotions',
  },
  {
    file: /[\\/]rc-menu[\\/]es[\\/]SubMenu[\\/]InlineSubMenuList\.js$/,
    find: '  if (keyPath.length > 1) {\n    mergedMotion.motionAppear = false;\n  }',
    replace: '  mergedMotion.motionAppear = false;',
  },
  {
    file: /[\\/]rc-menu[\\/]es[\\/]hooks[\\/]useKeyRecords\.js$/,
    find: '    setOverflowKeys(keys);',
    replace: '    setOverflowKeys(function (prev) { return prev.length === keys.length && prev.every(function (k, i) { return k === keys[i]; }) ? prev : keys; });',
  },
  {
    file: /[\\/]rc-menu[\\/]es[\\/]hooks[\\/]useUUID\.js$/,
    find: '  React.useEffect(function () {\n    internalId += 1;',
    replace: '  React.useEffect(function () {\n    /* campus-console patch: a menu given an id keeps it (no render of every item to store an unused one) */\n    if (id) return;\n    internalId += 1;',
  },
);

// The list screens' ProTable: two more renders in the task that mounts it, each before its first row can show.
// pro-form's schema form keeps its form in a "reactive ref" that renders the whole search form again whenever the ref
// is assigned; the form assigns it twice while mounting, each time the same form (same store) wrapped in a new object.
// Only a different form now renders again. rc-table's body kept an object for expanded rows that depends on every
// measured column width, so measuring the widths after mounting rendered every row and cell again; it now depends on
// the one number it uses (the widths of the columns before an expanded row's offset, usually none).
PATCHES.push(
  {
    file: /[\\/]@ant-design[\\/]pro-form[\\/]es[\\/]components[\\/]SchemaForm[\\/]index\.js$/,
    find: 'function BetaSchemaForm(props) {',
    replace:
      '/* campus-console patch: assigning the same form (same store) again keeps the render */\n' +
      'function __useFormRef(initialValue) {\n' +
      '  var _s = useState(true), setFlip = _s[1];\n' +
      '  return React.useMemo(function () {\n' +
      '    return new Proxy({ current: initialValue }, { set: function (target, prop, next) {\n' +
      '      var prev = target[prop];\n' +
      '      if (Object.is(prev, next)) return true;\n' +
      '      target[prop] = next;\n' +
      "      var same = prop === 'current' && !!prev && !!next && typeof prev.getFieldValue === 'function' && prev.getFieldValue === next.getFieldValue;\n" +
      '      if (!same) setFlip(function (v) { return !v; });\n' +
      '      return true;\n' +
      '    } });\n' +
      '  }, []);\n' +
      '}\n' +
      'function BetaSchemaForm(props) {',
  },
  {
    file: /[\\/]@ant-design[\\/]pro-form[\\/]es[\\/]components[\\/]SchemaForm[\\/]index\.js$/,
    find: 'var formRef = useReactiveRef(props.form || formInstance || form);',
    replace: 'var formRef = __useFormRef(props.form || formInstance || form);',
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Body[\\/]index\.js$/,
    find:
      '  var expandedRowInfo = React.useMemo(function () {\n' +
      '    var expandedColSpan = flattenColumns.length - expandedRowOffset;\n' +
      '    var expandedStickyStart = 0;\n' +
      '    for (var i = 0; i < expandedRowOffset; i += 1) {\n' +
      '      expandedStickyStart += colWidths[i] || 0;\n' +
      '    }\n' +
      '    return {',
    replace:
      '  /* campus-console patch: the rows depend on the sticky start, not on every measured width */\n' +
      '  var expandedStickyStart = 0;\n' +
      '  for (var i = 0; i < expandedRowOffset; i += 1) {\n' +
      '    expandedStickyStart += colWidths[i] || 0;\n' +
      '  }\n' +
      '  var expandedRowInfo = React.useMemo(function () {\n' +
      '    var expandedColSpan = flattenColumns.length - expandedRowOffset;\n' +
      '    return {',
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Body[\\/]index\.js$/,
    find: '  }, [flattenColumns.length, expandedRowOffset, colWidths]);',
    replace: '  }, [flattenColumns.length, expandedRowOffset, expandedStickyStart]);',
  },
);

// pro-field's colour field imports the colour picker of antd 4 (@chenshuai2144/sketch-color, with reactcss, lodash
// and tinycolor2) for its `old` option, although with antd 5.5 and later it renders antd's own ColorPicker: every list
// downloaded and ran that code before its first row. The old picker now loads when a field asks for it (`old`).
PATCHES.push({
  file: /[\\/]@ant-design[\\/]pro-field[\\/]es[\\/]components[\\/]ColorPicker[\\/]index\.js$/,
  find: 'import { ColorPicker as ColorPickerV4 } from "./old";',
  replace:
    '/* campus-console patch: the antd 4 picker only when a field asks for it (`old`) */\n' +
    'var ColorPickerV4 = /*#__PURE__*/React.lazy(function () { return import("./old").then(function (m) { return { default: m.ColorPicker }; }); });',
});

// rc-table measures every column's width in a layout effect as soon as its body mounts (MeasureCell: `offsetWidth`),
// which makes the browser lay the whole page out in the middle of React's commit, and then renders the table again
// with the widths. The widths are only used for the offsets of fixed columns (each one's offset sums the widths of
// the fixed columns before or after it), a fixed header's columns and sticky headers. A list table here has one
// fixed column (actions, on the right) and none of the rest, so its first paint does not depend on them: the widths
// then arrive from the resize observer rc-table also keeps on those cells (after the layout the browser does anyway).
// Tables that need them at once (two or more fixed columns, a fixed or sticky header, expanded rows offset) still
// measure in the layout effect.
PATCHES.push(
  {
    file: /[\\/]rc-table[\\/]es[\\/]Table\.js$/,
    find: '  var TableContextValue = React.useMemo(function () {',
    replace:
      '  /* campus-console patch: measure the columns in the layout effect only when the first paint needs their widths */\n' +
      '  var measureOnMount = !!(fixHeader || isSticky || expandableConfig.expandedRowOffset || flattenColumns.filter(function (c) { return c.fixed; }).length > 1);\n' +
      '  var TableContextValue = React.useMemo(function () {',
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Table\.js$/,
    find: '      measureRowRender: measureRowRender\n    };',
    replace: '      measureRowRender: measureRowRender,\n      measureOnMount: measureOnMount\n    };',
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Table\.js$/,
    find: 'rowHoverable, measureRowRender]);',
    replace: 'rowHoverable, measureRowRender, measureOnMount]);',
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Body[\\/]MeasureRow\.js$/,
    find: "useContext(TableContext, ['measureRowRender']),\n    measureRowRender = _useContext.measureRowRender;",
    replace: "useContext(TableContext, ['measureRowRender', 'measureOnMount']),\n    measureRowRender = _useContext.measureRowRender,\n    measureOnMount = _useContext.measureOnMount;",
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Body[\\/]MeasureRow\.js$/,
    find: '      onColumnResize: onColumnResize,\n      title: titleForMeasure',
    replace: '      onColumnResize: onColumnResize,\n      measureOnMount: measureOnMount,\n      title: titleForMeasure',
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Body[\\/]MeasureCell\.js$/,
    find: '    title = _ref.title;',
    replace: '    title = _ref.title,\n    measureOnMount = _ref.measureOnMount;',
  },
  {
    file: /[\\/]rc-table[\\/]es[\\/]Body[\\/]MeasureCell\.js$/,
    find: '    if (cellRef.current) {\n      onColumnResize(columnKey, cellRef.current.offsetWidth);',
    replace: '    if (cellRef.current && measureOnMount !== false) {\n      onColumnResize(columnKey, cellRef.current.offsetWidth);',
  },
);

// ProLayout finds the current route's page title and breadcrumb on every render by compiling a path pattern for route
// after route until one matches: path-to-regexp's `match(path)` in the title and breadcrumb helpers, and route-utils'
// `pathToRegexp(path)` in its route map's `get` (about 20 ms for each layout render of /student/list, profiled). A
// pattern compiles to the same matcher every time (no global flag, no state), so each is compiled once and kept.
const MATCHER_CACHE =
  'var __matchers = new Map();\n' +
  'function match(path) { var m = __matchers.get(path); if (!m) { m = __ptrMatch(path); __matchers.set(path, m); } return m; }\n';
for (const file of [/[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]getPageTitle\.js$/, /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]utils[\\/]getBreadcrumbProps\.js$/]) {
  PATCHES.push({
    file,
    find: "import { match } from 'path-to-regexp';",
    replace: `import { match as __ptrMatch } from 'path-to-regexp';\n/* campus-console patch: each path pattern compiled once */\n${MATCHER_CACHE}`,
  });
}
PATCHES.push(
  {
    file: /[\\/]@umijs[\\/]route-utils[\\/]es[\\/]transformRoute[\\/]transformRoute\.js$/,
    find: "import { pathToRegexp } from '../path-to-regexp';",
    replace:
      "import { pathToRegexp } from '../path-to-regexp';\n/* campus-console patch: each path pattern compiled once */\n" +
      'var __routeRegexps = new Map();\n' +
      'function __routeRegexp(path) { var r = __routeRegexps.get(path); if (!r) { r = pathToRegexp(path, []); __routeRegexps.set(path, r); } return r; }\n',
  },
  {
    file: /[\\/]@umijs[\\/]route-utils[\\/]es[\\/]transformRoute[\\/]transformRoute\.js$/,
    find: '            if (!isUrl(key) && pathToRegexp(path, []).test(pathname)) {',
    replace: '            if (!isUrl(key) && __routeRegexp(path).test(pathname)) {',
  },
);

// ProLayout also works out a breadcrumb on every render (each menu entry's path matched against each level of the
// URL) for its page header; the console shows none (the layout passes `breadcrumbRender={false}`, which already made
// the result empty). The walk is skipped when the result is thrown away.
PATCHES.push({
  file: /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]utils[\\/]getBreadcrumbProps\.js$/,
  find: '  var routesArray = genBreadcrumbProps(props);',
  replace: '  /* campus-console patch: no breadcrumb walk when there is no breadcrumb */\n  var routesArray = breadcrumbRender === false ? [] : genBreadcrumbProps(props);',
});

// pro-field's money field builds a zh-CN currency formatter when its module loads (ICU loads that locale's data: the
// module's 40–50 ms of self time in the list's first task, profiled) only to spread it as default options, where it
// adds nothing (a formatter has no own enumerable properties): an empty object instead.
PATCHES.push({
  file: /[\\/]@ant-design[\\/]pro-field[\\/]es[\\/]components[\\/]Money[\\/]index\.js$/,
  find: "var defaultMoneyIntl = new Intl.NumberFormat('zh-Hans-CN', {\n  currency: 'CNY',\n  style: 'currency'\n});",
  replace: '/* campus-console patch: spread as options only, where a formatter adds nothing */\nvar defaultMoneyIntl = {};',
});

// pro-field's index imports every value type statically: every table and form downloaded and ran the cascader, tree
// select, colour picker, segmented, slider, rate, image and progress fields (with antd's and rc-*'s components for
// them) although no screen here uses them. They now load the first time such a field renders
// (config/helpers/lazyField.js: same component, ref forwarded, its own Suspense boundary).
const PRO_FIELD_INDEX = /[\\/]@ant-design[\\/]pro-field[\\/]es[\\/]index\.js$/;
const LAZY_FIELD = path.join(__dirname, '..', 'helpers', 'lazyField.js').split(path.sep).join('/');
PATCHES.push({
  file: PRO_FIELD_INDEX,
  find: "import React, { useContext } from 'react';",
  replace: `import React, { useContext } from 'react';\n/* campus-console patch: rarely used value types load on demand */\nimport __lazyField from ${JSON.stringify(LAZY_FIELD)};`,
});
for (const [name, dir] of LAZY_VALUE_TYPES) {
  PATCHES.push({
    file: PRO_FIELD_INDEX,
    find: `import ${name} from "./components/${dir}";`,
    replace: `var ${name} = /*#__PURE__*/__lazyField(function () { return import("./components/${dir}"); });`,
  });
}

// Code every screen downloaded for nothing (issue 10: bytes parsed and compiled before the first screen).
// antd's Button works out the text colour of its "solid" variant with the colour picker's colour class and its presets
// panel's brightness test; that import brought the colour picker (rc's picker, its panels and sliders) and the
// Collapse the presets panel is built on into the app's entry file, for one brightness test of one token. The Tooltip,
// in every menu entry, reads its colour through the same class. Both now use @ant-design/fast-color, the colour class
// the picker's own class extends (same parsing, same numbers, and an empty colour is transparent black as there;
// property-tested against antd's originals).
const SOLID_BRIGHT =
  'function __isBrightOn(color, background) {\n' +
  "  var c = color ? new __FastColor(color) : new __FastColor('').setA(0), rgb = c.toRgb();\n" +
  '  if (rgb.a <= 0.5) return new __FastColor(c.toRgbString()).onBackground(background).toHsv().v > 0.5;\n' +
  '  return rgb.r * 0.299 + rgb.g * 0.587 + rgb.b * 0.114 > 192;\n' +
  '}\n';
const TOOLTIP_COLOR = "function generateColor(color) { return color ? new __FastColor(color) : new __FastColor('').setA(0); }\n";
PATCHES.push(
  {
    file: /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    find: "import { AggregationColor } from '../../color-picker/color';\nimport { isBright } from '../../color-picker/components/ColorPresets';",
    replace: `import { FastColor as __FastColor } from '@ant-design/fast-color';\n/* campus-console patch: the solid variant's text colour without the colour picker */\n${SOLID_BRIGHT}`,
  },
  {
    file: /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    find: "const solidTextColor = isBright(new AggregationColor(token.colorBgSolid), '#fff') ? '#000' : '#fff';",
    replace: "const solidTextColor = __isBrightOn(token.colorBgSolid, '#fff') ? '#000' : '#fff';",
  },
  {
    file: /[\\/]antd[\\/]es[\\/]tooltip[\\/]util\.js$/,
    find: "import { generateColor } from '../color-picker/util';",
    replace: `import { FastColor as __FastColor } from '@ant-design/fast-color';\n/* campus-console patch: the colour's channels without the colour picker */\n${TOOLTIP_COLOR}`,
  },
);

// pro-components' messages come in 33 languages, all in the layout's code; the console speaks en-US and zh-CN
// (src/components/AppProviders.tsx gives antd one of those two locales, and pro-components follow antd's). The other
// 31 resolve to the English messages, so the language table keeps its keys and nothing else changes.
const PRO_LOCALES = ['arEG:ar_EG', 'caES:ca_ES', 'csCZ:cs_CZ', 'deDE:de_DE', 'enGB:en_GB', 'esES:es_ES', 'faIR:fa_IR', 'frFR:fr_FR', 'heIL:he_IL', 'hrHR:hr_HR', 'idID:id_ID', 'itIT:it_IT', 'jaJP:ja_JP', 'koKR:ko_KR', 'mnMN:mn_MN', 'msMY:ms_MY', 'nlNL:nl_NL', 'plPL:pl_PL', 'ptBR:pt_BR', 'roRO:ro_RO', 'ruRU:ru_RU', 'skSK:sk_SK', 'srRS:sr_RS', 'svSE:sv_SE', 'thTH:th_TH', 'trTR:tr_TR', 'ukUA:uk_UA', 'uzUZ:uz_UZ', 'viVN:vi_VN', 'zhHK:zh_HK', 'zhTW:zh_TW'].map((x) => x.split(':'));
for (const [name, file] of PRO_LOCALES) {
  PATCHES.push({
    file: /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]intl\.js$/,
    find: `import ${name} from "./locale/${file}";\n`,
    replace: `var ${name} = enUS; /* campus-console patch: en-US and zh-CN only */\n`,
  });
}

// antd's Result draws its 403, 404 and 500 illustrations with three large inline SVG components (36 KB), in the
// app's entry file because the error boundary shows a Result. They now load the first time such a Result renders (the
// image box has a fixed size, so nothing moves when the picture arrives; a picture that cannot load, e.g. offline,
// leaves the box empty and the page's text in place instead of throwing).
for (const name of ['noFound', 'serverError', 'unauthorized']) {
  PATCHES.push({
    file: /[\\/]antd[\\/]es[\\/]result[\\/]index\.js$/,
    find: `import ${name} from './${name}';\n`,
    replace: `var ${name} = /*#__PURE__*/React.lazy(function () { return import('./${name}').catch(function () { return { default: function () { return null; } }; }); }); /* campus-console patch: loaded when shown */\n`,
  });
}
PATCHES.push({
  file: /[\\/]antd[\\/]es[\\/]result[\\/]index\.js$/,
  find: '    }, /*#__PURE__*/React.createElement(SVGComponent, null));',
  replace: '    }, /*#__PURE__*/React.createElement(React.Suspense, { fallback: null }, /*#__PURE__*/React.createElement(SVGComponent, null)));',
});

// antd's Watermark draws its picture (text measured and drawn on a canvas, encoded as a PNG) in the effect of the
// render that mounts it. The layout mounts it around every page, so that drawing ran between the layout's first commit
// and the list's rows. Its first drawing now waits until the browser is first idle, through the app's one rule for
// such work (src/utils/idle.ts: at most 1 s; once the page has been idle, at once); later drawings (another user name,
// the picture removed or changed by hand) are drawn at once, as before.
const IDLE_HELPER = path.join(__dirname, '..', '..', 'src', 'utils', 'idle.ts').split(path.sep).join('/');
PATCHES.push(
  {
    file: /[\\/]antd[\\/]es[\\/]watermark[\\/]index\.js$/,
    find: "import React, { useEffect } from 'react';",
    replace: `import React, { useEffect } from 'react';\n/* campus-console patch: the first watermark is drawn when the browser is first idle */\nimport { afterIdle as __afterIdle } from ${JSON.stringify(IDLE_HELPER)};`,
  },
  {
    file: /[\\/]antd[\\/]es[\\/]watermark[\\/]index\.js$/,
    find: '  useEffect(syncWatermark, [',
    replace: '  useEffect(function () { return __afterIdle(syncWatermark); }, [',
  },
);

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
const PATCHED_FILES =
  /[\\/](@ant-design[\\/]pro-layout[\\/]es[\\/](ProLayout|utils[\\/]useCurrentMenuLayoutProps|components[\\/]SiderMenu[\\/]BaseMenu)|@umijs[\\/]route-utils[\\/]es[\\/]getMatchMenu[\\/]getMatchMenu|rc-menu[\\/]es[\\/](Menu|SubMenu[\\/]InlineSubMenuList|hooks[\\/]useUUID|hooks[\\/]useKeyRecords)|@ant-design[\\/]pro-form[\\/]es[\\/]components[\\/]SchemaForm[\\/]index|rc-table[\\/]es[\\/](Table|Body[\\/](index|MeasureRow|MeasureCell))|@ant-design[\\/]pro-field[\\/]es[\\/](components[\\/](ColorPicker|Money)[\\/])?index|@ant-design[\\/]pro-layout[\\/]es[\\/](getPageTitle|utils[\\/]getBreadcrumbProps)|@umijs[\\/]route-utils[\\/]es[\\/]transformRoute[\\/]transformRoute|antd[\\/]es[\\/](button[\\/]style[\\/]token|tooltip[\\/]util|result[\\/]index|watermark[\\/]index)|@ant-design[\\/]pro-provider[\\/]es[\\/]intl)\.js$/;

module.exports = { PATCHES, PATCHED_FILES, STATIC_MATCH, MATCHER_CACHE, LAZY_VALUE_TYPES, SOLID_BRIGHT, TOOLTIP_COLOR, PRO_LOCALES, IDLE_HELPER, patchSource };
