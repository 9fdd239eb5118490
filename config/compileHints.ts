/**
 * Umi plugin (issue 10): V8's explicit compile hint on the code that runs as soon as it loads.
 *
 * V8 compiles a function the first time it is called, on the main thread, so a cold start compiles most of the app
 * and its libraries in the middle of the first render. A file that starts with the magic comment
 * `//# allFunctionsCalledOnLoad` has all its functions compiled while it streams in, on a background thread
 * (Chrome 136+; other browsers ignore the comment). That is right for the framework, the app entry, the layout's
 * `shell` chunk, the route chunks and the shared chunks between them: nearly everything in them runs before the first
 * screen shows. It is wrong for what loads on demand and only partly runs (exceljs, echarts, the export renderer,
 * the lunar calendar, pro-field's rare value types: webpack's numbered chunks), which keep lazy compilation.
 * Measured (npm run perf against the bare app, 7 alternating runs): at 4× CPU slowdown, where the main thread is the
 * limit, /student/list went from 0.90× to 0.82× of the bare page and /dashboard from 0.64× to 0.54×; at normal CPU
 * the difference is about this 2-core machine's noise (same build with and without: ready 89 ms earlier over 15
 * runs, 68 ms later over 13, 68 ms earlier over 21; the main thread 165 ms less busy before the first row, traced,
 * 7 runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from 'umi';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Built files that get the hint: framework, umi, shell, route chunks (`src__pages__…`, by Umi's conventions) and shared chunks (`shared-…`). */
export function wantsCompileHint(file: string): boolean {
  return /^(framework|umi|shell|src__pages__[A-Za-z0-9_$-]+|shared-[A-Za-z0-9_-]+)\.[0-9a-f]{8}(\.async)?\.js$/.test(file);
}

/** Puts the hint first in every such file of `dir` (once). Returns the files changed. */
export function addCompileHints(dir: string): string[] {
  const changed: string[] = [];
  for (const file of fs.readdirSync(dir)) {
    if (!wantsCompileHint(file)) continue;
    const full = path.join(dir, file);
    const source = fs.readFileSync(full, 'utf-8');
    if (source.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(full, COMPILE_HINT + source, 'utf-8');
    changed.push(file);
  }
  return changed;
}

export default (api: IApi) => {
  api.onBuildComplete(({ err }: { err?: unknown }) => {
    if (err || api.env !== 'production') return;
    const changed = addCompileHints(api.paths.absOutputPath);
    // Like the library patches: a change of the output names must not drop the hints silently.
    if (!changed.some((f) => f.startsWith('umi.'))) throw new Error('config/compileHints.ts: no umi.<hash>.js in the build got the compile hint; update wantsCompileHint');
  });
};
