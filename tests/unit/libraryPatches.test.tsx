/**
 * The library patches (patches/*.patch, applied to node_modules by patch-package at install; docs/PATCHES.md): what
 * each changes still behaves as the library did where it must. The code is read from the installed, patched files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import React from 'react';
import { render, screen } from '@testing-library/react';

const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '../..');
const installed = (file: string) => fs.readFileSync(path.join(root, 'node_modules', file), 'utf8');
/** The text of `file` from `from` up to (not including) `to`. */
const between = (file: string, from: string, to: string) => {
  const source = installed(file);
  const at = source.indexOf(from);
  expect(at, `${file} has no ${from}: is the patch applied (npx patch-package)?`).toBeGreaterThanOrEqual(0);
  return source.slice(at, source.indexOf(to, at));
};

describe('library patches (patches/, docs/PATCHES.md)', () => {
  it('every patch in patches/ is for the installed version of its package', () => {
    const patches = fs.readdirSync(path.join(root, 'patches')).filter((f) => f.endsWith('.patch'));
    expect(patches.length).toBeGreaterThan(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.postinstall).toMatch(/patch-package/);
    for (const file of patches) {
      const [, name, version] = /^(.+)\+(\d[^+]*)\.patch$/.exec(file)!;
      const installedVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name.replace('+', '/'), 'package.json'), 'utf8')) as { version: string }).version;
      expect(`${name}@${installedVersion}`).toBe(`${name}@${version}`);
      // Every line the patch adds is in the installed files (patch-package ran).
      const added = fs
        .readFileSync(path.join(root, 'patches', file), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('+') && !l.startsWith('+++') && l.trim().length > 8)
        .map((l) => l.slice(1));
      const files = [...fs.readFileSync(path.join(root, 'patches', file), 'utf8').matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => fs.readFileSync(path.join(root, m[1]), 'utf8')).join('\n');
      for (const line of added) expect(files).toContain(line);
    }
  });

  it('pro-field: the antd 4 colour picker and the value types no screen uses load on demand, the common ones stay static', () => {
    expect(installed('@ant-design/pro-field/es/components/ColorPicker/index.js')).not.toMatch(/import[^;]*from "\.\/old"/);
    const index = installed('@ant-design/pro-field/es/index.js');
    for (const dir of ['Cascader', 'TreeSelect', 'ColorPicker', 'Segmented', 'Slider', 'Rate', 'Image', 'Progress']) {
      expect(index).not.toMatch(new RegExp(`^import \\w+ from "\\./components/${dir}";`, 'm'));
      expect(index).toContain(`__lazyField(function () { return import("./components/${dir}"); })`);
    }
    for (const dir of ['Select', 'Text', 'DatePicker', 'RangePicker', 'Digit', 'Money', 'Options']) expect(index).toMatch(new RegExp(`^import \\w+.* from "\\./components/${dir}";`, 'm'));
  });

  it('pro-field: a value type loaded on demand renders the real field once loaded, its ref forwarded, nothing before', async () => {
    const helper = between('@ant-design/pro-field/es/index.js', 'function __lazyField', '\n}\n') + '\n}';
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const lazyField = new Function('React', `${helper}; return __lazyField;`)(React) as (load: () => Promise<{ default: React.ComponentType<{ label: string }> }>) => React.ComponentType<{ label: string; ref?: React.Ref<HTMLSpanElement> }>;
    const Real = React.forwardRef<HTMLSpanElement, { label: string }>(function Real(props, ref) {
      return <span ref={ref}>{props.label}</span>;
    });
    const Field = lazyField(async () => ({ default: Real as unknown as React.ComponentType<{ label: string }> }));
    const ref = React.createRef<HTMLSpanElement>();
    render(
      <div>
        <Field label="slider" ref={ref} />
        <em>neighbour</em>
      </div>,
    );
    expect(screen.getByText('neighbour')).toBeInTheDocument();
    expect(screen.queryByText('slider')).toBeNull();
    expect(await screen.findByText('slider', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(ref.current?.textContent).toBe('slider');
  });

  it("antd: the button and tooltip colours no longer need the colour picker, and come out exactly as antd's own", () => {
    // antd's originals: its CommonJS build, which the patch leaves alone.
    const { FastColor } = require('@ant-design/fast-color') as { FastColor: new (c: unknown) => unknown };
    const { isBright } = require('antd/lib/color-picker/components/ColorPresets') as { isBright: (c: unknown, bg: string) => boolean };
    const { AggregationColor } = require('antd/lib/color-picker/color') as { AggregationColor: new (c: unknown) => unknown };
    const { generateColor } = require('antd/lib/color-picker/util') as { generateColor: (c: unknown) => { toRgb: () => unknown } };
    const solid = between('antd/es/button/style/token.js', 'function __isBrightOn', '\n}\n') + '\n}\n';
    const tooltip = between('antd/es/tooltip/util.js', 'function generateColor', '\nexport');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const isBrightOn = new Function('__FastColor', `${solid}return __isBrightOn;`)(FastColor) as (c: unknown, bg: string) => boolean;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const channels = new Function('__FastColor', `${tooltip}return generateColor;`)(FastColor) as (c: unknown) => { toRgb: () => unknown };
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
    expect(installed('antd/es/button/style/token.js')).not.toContain('color-picker');
    expect(installed('antd/es/tooltip/util.js')).not.toContain('color-picker');
  });

  it('pro-provider keeps its English and Chinese messages and points every other language at the English ones', () => {
    const source = installed('@ant-design/pro-provider/es/intl.js');
    expect(source.match(/from "\.\/locale\/[a-zA-Z_]+"/g)).toEqual(['from "./locale/en_US"', 'from "./locale/zh_CN"']);
    expect(source.match(/var [a-zA-Z]+ = enUS;/g)).toHaveLength(31);
  });

  it('antd Result: a 403/404/500 picture that cannot load (offline) renders nothing instead of throwing out of the page', async () => {
    const line = between('antd/es/result/index.js', 'var noFound', '\n');
    const factory = line.slice(line.indexOf('function () { return import'), line.lastIndexOf('});') + 1);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function('__import', `return (${factory.replace("import('./noFound')", '__import()')})();`) as (i: () => Promise<unknown>) => Promise<{ default: () => unknown }>;
    expect(installed('antd/es/result/index.js')).toContain('React.createElement(React.Suspense, { fallback: null }');
    const m = await run(() => Promise.reject(new Error('ChunkLoadError')));
    expect(m.default()).toBeNull();
  });
});
