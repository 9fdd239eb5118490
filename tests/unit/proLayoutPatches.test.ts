import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';

const require = createRequire(import.meta.url);
const { PATCHES, PATCHED_FILES, STATIC_MATCH, MATCHER_CACHE, LAZY_VALUE_TYPES, SOLID_BRIGHT, TOOLTIP_COLOR, PRO_LOCALES, IDLE_HELPER, patchSource } = require('../../config/loaders/proLayoutPatches.cjs') as {
  PATCHES: { file: RegExp; find: string; replace: string }[];
  PATCHED_FILES: RegExp;
  STATIC_MATCH: string;
  MATCHER_CACHE: string;
  LAZY_VALUE_TYPES: [string, string][];
  SOLID_BRIGHT: string;
  TOOLTIP_COLOR: string;
  PRO_LOCALES: [string, string][];
  IDLE_HELPER: string;
  patchSource: (file: string, source: string) => string;
};
const root = path.resolve(__dirname, '../..');
const files = [
  'node_modules/@ant-design/pro-layout/es/ProLayout.js',
  'node_modules/@ant-design/pro-layout/es/utils/useCurrentMenuLayoutProps.js',
  'node_modules/@ant-design/pro-layout/es/components/SiderMenu/BaseMenu.js',
  'node_modules/@umijs/route-utils/es/getMatchMenu/getMatchMenu.js',
  'node_modules/rc-menu/es/hooks/useUUID.js',
  'node_modules/rc-menu/es/Menu.js',
  'node_modules/rc-menu/es/SubMenu/InlineSubMenuList.js',
  'node_modules/rc-menu/es/hooks/useKeyRecords.js',
  'node_modules/@ant-design/pro-form/es/components/SchemaForm/index.js',
  'node_modules/rc-table/es/Body/index.js',
  'node_modules/@ant-design/pro-field/es/components/ColorPicker/index.js',
  'node_modules/@ant-design/pro-field/es/index.js',
  'node_modules/rc-table/es/Table.js',
  'node_modules/rc-table/es/Body/MeasureRow.js',
  'node_modules/rc-table/es/Body/MeasureCell.js',
  'node_modules/@ant-design/pro-layout/es/getPageTitle.js',
  'node_modules/@ant-design/pro-layout/es/utils/getBreadcrumbProps.js',
  'node_modules/@umijs/route-utils/es/transformRoute/transformRoute.js',
  'node_modules/@ant-design/pro-field/es/components/Money/index.js',
  'node_modules/antd/es/button/style/token.js',
  'node_modules/antd/es/tooltip/util.js',
  'node_modules/@ant-design/pro-provider/es/intl.js',
  'node_modules/antd/es/result/index.js',
  'node_modules/antd/es/watermark/index.js',
].map((f) => path.join(root, f));

describe('library build patches: pro-layout, its menu, the list tables and fields, and code no screen needs (issue 10)', () => {
  it('every patch applies exactly once to the installed libraries, and only to the files the webpack rule selects', () => {
    for (const file of files) {
      expect(PATCHED_FILES.test(file)).toBe(true);
      const source = fs.readFileSync(file, 'utf8');
      const out = patchSource(file, source);
      for (const p of PATCHES.filter((x) => x.file.test(file))) {
        expect(source.split(p.find)).toHaveLength(2);
        expect(out).toContain(p.replace);
      }
    }
    expect(PATCHED_FILES.test(path.join(root, 'node_modules/@ant-design/pro-layout/es/index.js'))).toBe(false);
  });

  it('fails loudly when a patch no longer fits the source', () => {
    expect(() => patchSource(files[0], 'export {}')).toThrow(/no longer applies/);
  });

  it('the patched layout-props hook keeps its state when the value is the same ({} and undefined both mean none)', () => {
    const out = patchSource(files[1], fs.readFileSync(files[1], 'utf8'));
    const helpers = out.slice(out.indexOf('function __sameLayoutProps'), out.indexOf('var useCurrentMenuLayoutProps'));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const { same, setIfChanged } = new Function(`${helpers}; return { same: __sameLayoutProps, setIfChanged: __setIfChanged };`)() as {
      same: (a: unknown, b: unknown) => boolean;
      setIfChanged: (set: (u: (prev: unknown) => unknown) => void, next: unknown) => void;
    };
    expect(same({}, undefined)).toBe(true);
    expect(same({ layout: 'side' }, { layout: 'side' })).toBe(true);
    expect(same({ layout: 'side' }, { layout: 'top' })).toBe(false);
    expect(same(undefined, { navTheme: 'light' })).toBe(false);
    const prev = {};
    let state: unknown = prev;
    setIfChanged((u) => (state = u(state)), undefined);
    expect(state).toBe(prev);
    setIfChanged((u) => (state = u(state)), { layout: 'top' });
    expect(state).toEqual({ layout: 'top' });
  });

  it('a plain menu path matches a location exactly as route-utils\' regular expressions do', () => {
    // The regular expressions route-utils builds for a menu key (getMatchMenu: the key itself, and `key/(.*)`).
    const { pathToRegexp } = require(path.join(root, 'node_modules/@umijs/route-utils/es/path-to-regexp.js')) as { pathToRegexp: (p: string, keys?: unknown[]) => RegExp };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const { plain, match } = new Function(`${STATIC_MATCH}; return { plain: __plainPath, match: __plainMatch };`)() as {
      plain: (p: string) => boolean;
      match: (key: string, path: string) => boolean;
    };
    const byRegexp = (key: string, at: string) => pathToRegexp(key, []).test(at) || pathToRegexp(`${key}/(.*)`).test(at);
    expect(plain('/student/list')).toBe(true);
    for (const p of ['/student/:id', '/a/(.*)', '/a/*', '/a?', '/a/', '/a+', '/a{b}', 'relative']) expect(plain(p)).toBe(false);
    const seg = fc.stringMatching(/^[A-Za-z0-9_.~=!$|-]{1,6}$/);
    const key = fc.array(seg, { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);
    fc.assert(
      fc.property(key, fc.array(seg, { maxLength: 2 }), fc.constantFrom('', '/', '#', '?', 'x', '//', '/#'), fc.boolean(), (k, more, tail, upper) => {
        const at = `${upper ? k.toUpperCase() : k}${more.length ? `/${more.join('/')}` : ''}${tail}`;
        expect(plain(k)).toBe(true);
        expect(match(k, at)).toBe(byRegexp(k, at));
        expect(match(k, k.slice(0, -1))).toBe(byRegexp(k, k.slice(0, -1)));
      }),
      { numRuns: 2000 },
    );
  });

  it('the schema form renders again only when its form ref is given a different form, not the same form wrapped anew', () => {
    const out = patchSource(files[8], fs.readFileSync(files[8], 'utf8'));
    const helper = out.slice(out.indexOf('function __useFormRef'), out.indexOf('function BetaSchemaForm'));
    const flips: unknown[] = [];
    const useState = () => [true, (u: unknown) => flips.push(u)];
    const ReactStub = { useMemo: (f: () => unknown) => f() };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const useFormRef = new Function('React', 'useState', `${helper}; return __useFormRef;`)(ReactStub, useState) as <T>(v: T) => { current: T };
    const store = { getFieldValue: () => 1, setFieldsValue: () => undefined };
    const ref = useFormRef<Record<string, unknown>>(store);
    ref.current = { ...store, getFieldsFormatValue: () => ({}) }; // the form wraps the same store while mounting
    ref.current = { ...store };
    expect(flips).toHaveLength(0);
    expect(ref.current).not.toBe(store);
    ref.current = { getFieldValue: () => 2 }; // another form
    expect(flips).toHaveLength(1);
    ref.current = undefined as unknown as Record<string, unknown>;
    expect(flips).toHaveLength(2);
  });

  it('rc-table rows no longer depend on every measured column width, only on the expanded rows\' sticky start', () => {
    const out = patchSource(files[9], fs.readFileSync(files[9], 'utf8'));
    expect(out).toContain('}, [flattenColumns.length, expandedRowOffset, expandedStickyStart]);');
    expect(out).not.toContain('expandedRowOffset, colWidths]');
  });

  it('pro-field loads the antd 4 colour picker only on demand (no static import of it is left)', () => {
    const out = patchSource(files[10], fs.readFileSync(files[10], 'utf8'));
    expect(out).not.toMatch(/import[^;]*from "\.\/old"/);
    expect(out).toContain('React.lazy(function () { return import("./old")');
    // antd 5.5+: the field renders antd's own ColorPicker unless `old` is set (what makes the lazy import safe).
    expect(out).toContain("return ColorPickerV5;");
  });

  it('pro-field imports its rarely used value types on demand, through the lazy field helper, and no other', () => {
    const source = fs.readFileSync(files[11], 'utf8');
    const out = patchSource(files[11], source);
    expect(out).toContain(`import __lazyField from ${JSON.stringify(path.join(root, 'config/helpers/lazyField.js').split(path.sep).join('/'))};`);
    expect(fs.existsSync(path.join(root, 'config/helpers/lazyField.js'))).toBe(true);
    for (const [name, dir] of LAZY_VALUE_TYPES) {
      expect(out).not.toMatch(new RegExp(`import ${name}\\b`));
      expect(out).toContain(`var ${name} = /*#__PURE__*/__lazyField(function () { return import("./components/${dir}"); });`);
      // Still used where it was (the value type's branch), now as the lazy component.
      expect(out.split(`_jsx(${name},`).length).toBe(source.split(`_jsx(${name},`).length);
    }
    // The value types every screen uses stay static.
    for (const name of ['FieldSelect', 'FieldText', 'FieldDatePicker', 'FieldRangePicker', 'FieldDigit', 'FieldMoney', 'FieldOptions']) {
      expect(out).toMatch(new RegExp(`import ${name}\\b`));
    }
  });

  it('the page title, breadcrumb and route map compile each path pattern once, and match exactly as before', () => {
    const ptr = require('path-to-regexp') as { match: (p: string) => (at: string) => unknown };
    const { pathToRegexp } = require(path.join(root, 'node_modules/@umijs/route-utils/es/path-to-regexp.js')) as { pathToRegexp: (p: string, keys?: unknown[]) => RegExp };
    let compiled = 0;
    const counting = (p: string) => {
      compiled += 1;
      return ptr.match(p);
    };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const cachedMatch = new Function('__ptrMatch', `${MATCHER_CACHE}; return match;`)(counting) as (p: string) => (at: string) => unknown;
    const routePatch = PATCHES.find((x) => x.replace.includes('function __routeRegexp'))!;
    const helper = routePatch.replace.slice(routePatch.replace.indexOf('var __routeRegexps'));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const cachedRegexp = new Function('pathToRegexp', `${helper}; return __routeRegexp;`)(pathToRegexp) as (p: string) => RegExp;
    const outcome = (f: () => unknown) => {
      try {
        return { ok: f() };
      } catch (e) {
        return { error: String(e) };
      }
    };
    const seg = fc.stringMatching(/^[A-Za-z0-9_-]{1,5}$/);
    const pattern = fc.array(fc.oneof(seg, seg.map((x) => `:${x.replace(/-/g, '_')}`)), { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);
    const at = fc.tuple(fc.array(seg, { maxLength: 4 }), fc.constantFrom('', '/', '?x=1')).map(([s, tail]) => `/${s.join('/')}${tail}`);
    fc.assert(
      fc.property(pattern, fc.array(at, { minLength: 1, maxLength: 4 }), (p, paths) => {
        // Same answers, also on the second call; a pattern that does not compile throws every time, as before.
        for (const a of [...paths, ...paths]) {
          expect(outcome(() => cachedMatch(p)(a))).toEqual(outcome(() => ptr.match(p)(a)));
          expect(outcome(() => cachedRegexp(p).test(a))).toEqual(outcome(() => pathToRegexp(p, []).test(a)));
        }
      }),
      { numRuns: 500 },
    );
    compiled = 0;
    for (let i = 0; i < 5; i++) cachedMatch('/student/list')('/student/list');
    expect(compiled).toBe(1);
    expect(cachedRegexp('/student/:id')).toBe(cachedRegexp('/student/:id'));
  });

  it('pro-field\'s money field no longer builds a formatter at load, only ever spread as options where it adds nothing', () => {
    expect({ ...new Intl.NumberFormat('zh-Hans-CN', { currency: 'CNY', style: 'currency' }) }).toEqual({});
    const file = files.find((f) => f.includes('Money'))!;
    const out = patchSource(file, fs.readFileSync(file, 'utf8'));
    expect(out).toContain('var defaultMoneyIntl = {};');
    expect(out.match(/defaultMoneyIntl/g)).toHaveLength(3); // declared, the map's default, the spread fallback
  });
  it('the button and tooltip colours no longer need the colour picker, and come out exactly as antd\'s own', () => {
    // antd's originals (its CommonJS build, which the patches leave alone).
    const { FastColor } = require('@ant-design/fast-color') as { FastColor: new (c: unknown) => unknown };
    const { isBright } = require('antd/lib/color-picker/components/ColorPresets') as { isBright: (c: unknown, bg: string) => boolean };
    const { AggregationColor } = require('antd/lib/color-picker/color') as { AggregationColor: new (c: unknown) => unknown };
    const { generateColor } = require('antd/lib/color-picker/util') as { generateColor: (c: unknown) => { toRgb: () => unknown } };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const isBrightOn = new Function('__FastColor', `${SOLID_BRIGHT}return __isBrightOn;`)(FastColor) as (c: unknown, bg: string) => boolean;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const channels = new Function('__FastColor', `${TOOLTIP_COLOR}return generateColor;`)(FastColor) as (c: unknown) => { toRgb: () => unknown };
    const byte = fc.integer({ min: 0, max: 255 });
    const color = fc.oneof(
      fc.tuple(byte, byte, byte, fc.double({ min: 0, max: 1, noNaN: true })).map(([r, g, b, a]) => `rgba(${r}, ${g}, ${b}, ${a.toFixed(3)})`),
      fc.tuple(byte, byte, byte).map(([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`),
      fc.constantFrom('', undefined, 'transparent', 'pink', 'red', '#05C7BE', 'rgb(0, 0, 0)', 'hsl(120, 50%, 50%)'),
    );
    fc.assert(
      fc.property(color, fc.constantFrom('#fff', '#000', '#05C7BE'), (c, bg) => {
        expect(isBrightOn(c, bg)).toBe(isBright(new AggregationColor(c), bg));
        expect(channels(c).toRgb()).toEqual(generateColor(c).toRgb());
      }),
      { numRuns: 1000 },
    );
    for (const file of files.filter((f) => /antd[\\/]es[\\/](button|tooltip)/.test(f))) expect(patchSource(file, fs.readFileSync(file, 'utf8'))).not.toContain('color-picker');
  });

  it('pro-components keep their English and Chinese messages and point every other language at the English ones', () => {
    const file = files.find((f) => f.endsWith('intl.js'))!;
    const out = patchSource(file, fs.readFileSync(file, 'utf8'));
    expect(out.match(/from "\.\/locale\/[a-zA-Z_]+"/g)).toEqual(['from "./locale/en_US"', 'from "./locale/zh_CN"']);
    expect(PRO_LOCALES).toHaveLength(31);
    // The language table keeps all its keys, now naming the English messages.
    for (const [name] of PRO_LOCALES) expect(out).toContain(`var ${name} = enUS;`);
  });

  it('Result loads its three illustrations when one is shown, inside a Suspense boundary of its own', () => {
    const file = files.find((f) => f.endsWith(path.join('result', 'index.js')))!;
    const out = patchSource(file, fs.readFileSync(file, 'utf8'));
    for (const name of ['noFound', 'serverError', 'unauthorized']) {
      expect(out).not.toContain(`import ${name} from`);
      expect(out).toContain(`var ${name} = /*#__PURE__*/React.lazy(function () { return import('./${name}').catch(function () { return { default: function () { return null; } }; }); });`);
    }
    // A picture that cannot load (offline) renders nothing instead of throwing out of the page.
    const load = out.slice(out.indexOf('var noFound'), out.indexOf('\n', out.indexOf('var noFound')));
    const factory = load.slice(load.indexOf('function () { return import'), load.lastIndexOf('});') + 1);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function('__import', `return (${factory.replace("import('./noFound')", '__import()')})();`) as (i: () => Promise<unknown>) => Promise<{ default: () => unknown }>;
    expect(out).toContain('React.createElement(React.Suspense, { fallback: null }, /*#__PURE__*/React.createElement(SVGComponent, null))');
    return run(() => Promise.reject(new Error('ChunkLoadError'))).then((m) => expect(m.default()).toBeNull());
  });
  it('the layout skips the breadcrumb walk when it shows no breadcrumb, and walks as before otherwise', () => {
    const file = files.find((f) => f.endsWith('getBreadcrumbProps.js'))!;
    const out = patchSource(file, fs.readFileSync(file, 'utf8'));
    expect(out).toContain('var routesArray = breadcrumbRender === false ? [] : genBreadcrumbProps(props);');
    // Without the walk the answer was already empty: `breadcrumbRender === false` leaves no items.
    expect(out).toMatch(/breadcrumbRender === false\) \{\n\s*items = undefined;/);
  });

  it('the watermark is first drawn through the app\'s idle rule (src/utils/idle.ts), its effect cancelling a drawing not yet made', () => {
    const file = files.find((f) => f.endsWith(path.join('watermark', 'index.js')))!;
    const out = patchSource(file, fs.readFileSync(file, 'utf8'));
    expect(IDLE_HELPER).toBe(path.join(root, 'src/utils/idle.ts').split(path.sep).join('/'));
    expect(fs.existsSync(IDLE_HELPER)).toBe(true);
    expect(out).toContain(`import { afterIdle as __afterIdle } from ${JSON.stringify(IDLE_HELPER)};`);
    // The effect returns afterIdle's cancel function: an effect cleared before the idle moment never draws
    // (afterIdle's own behaviour is tested in src/utils/idle.test.ts).
    expect(out).toContain('useEffect(function () { return __afterIdle(syncWatermark); }, [rotate, zIndex, width, height, image, content,');
    expect(out).not.toContain('useEffect(syncWatermark,');
  });
});
