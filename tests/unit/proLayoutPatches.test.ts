import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { PATCHES, PATCHED_FILES, patchSource } = require('../../config/loaders/proLayoutPatches.cjs') as {
  PATCHES: { file: RegExp; find: string; replace: string }[];
  PATCHED_FILES: RegExp;
  patchSource: (file: string, source: string) => string;
};
const root = path.resolve(__dirname, '../..');
const files = ['node_modules/@ant-design/pro-layout/es/ProLayout.js', 'node_modules/@ant-design/pro-layout/es/utils/useCurrentMenuLayoutProps.js', 'node_modules/@ant-design/pro-layout/es/components/SiderMenu/BaseMenu.js'].map((f) => path.join(root, f));

describe('pro-layout build patches (issue 10)', () => {
  it('every patch applies exactly once to the installed pro-layout, and only to the files the webpack rule selects', () => {
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
});
