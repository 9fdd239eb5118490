import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHints, wantsCompileHint } from '../../config/compileHints';

describe('V8 compile hints on the code that runs when it loads (issue 10)', () => {
  it.each([
    ['framework.072db501.js', true],
    ['umi.8c1e2874.js', true],
    ['shell.b62a36c8.async.js', true],
    ['src__pages__student__list__index.ec382487.async.js', true],
    ['src__pages__user__login__index.86f576e7.async.js', true],
    ['src__pages__campus__online-order__index.86f576e7.async.js', true],
    ['src__pages__f__$code__index.86f576e7.async.js', true],
    ['shared-EQbm3nsNyoQqEEx64bpQETEvvdQ_.e57465cc.async.js', true],
    ['shared-P1TpF-Dnw71aINUd1jSTCCikP08_.c311bc48.async.js', true],
    // on demand, partly run: lazy compilation stays
    ['echarts.7dc9abbe.async.js', false],
    ['exceljs-lib.4f420867.async.js', false],
    ['excel-import.bbb341f0.async.js', false],
    ['export-render.22feb655.async.js', false],
    ['_-lunar_js-lib.ef31265a.async.js', false],
    ['1683.1b6ab738.async.js', false],
    ['locale-en-US.5bbd1a27.async.js', false],
    ['preload_helper.18a25b68.js', false],
    ['src__pages__student__list__index.75619ae0.chunk.css', false],
    ['umi.js', false],
  ])('%s → %s', (file, wanted) => {
    expect(wantsCompileHint(file)).toBe(wanted);
  });

  it('puts the hint first in the chosen files of a build, once, and leaves the others as they are', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'));
    try {
      fs.writeFileSync(path.join(dir, 'umi.8c1e2874.js'), '!function(){}();');
      fs.writeFileSync(path.join(dir, 'echarts.7dc9abbe.async.js'), '"use strict";');
      expect(addCompileHints(dir)).toEqual(['umi.8c1e2874.js']);
      expect(addCompileHints(dir)).toEqual([]);
      expect(fs.readFileSync(path.join(dir, 'umi.8c1e2874.js'), 'utf-8')).toBe(`${COMPILE_HINT}!function(){}();`);
      expect(fs.readFileSync(path.join(dir, 'echarts.7dc9abbe.async.js'), 'utf-8')).toBe('"use strict";');
      expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
