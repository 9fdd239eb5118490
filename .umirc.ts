import { defineConfig } from 'umi';
import { proxyFor } from './config/proxy';
import { CONVENTION_EXCLUDE } from './config/routes';
import { PRIMARY_COLOR } from './config/defaultSettings';
import { CHUNK_LOAD_TIMEOUT_MS } from './src/utils/constants';
import { tuneChunks } from './config/chunks';

/**
 * Main Umi config. Routes, proxies and layout settings live in `config/`.
 *  - BASE_PATH: router base path and public path (docs/screens.md#routes-and-shell: defaults to "/").
 *  - API_BASE: origin of a real backend the browser calls directly (default: same origin, i.e. the
 *    dev proxy in `npm start`, or the mock server that serves the built files in `npm run preview`).
 */
const base = process.env.BASE_PATH || '/';
const apiBase = process.env.API_BASE || '';

export default defineConfig({
  base,
  publicPath: base.endsWith('/') ? base : `${base}/`,
  // Routes by convention from src/pages (config/routes.ts); no `routes` here.
  conventionRoutes: { exclude: CONVENTION_EXCLUDE },
  outputPath: process.env.OUTPUT_PATH || 'dist',
  npmClient: 'npm',
  hash: true,
  title: 'Campus Console',
  // Zoom stays allowed (accessibility): Umi's default viewport would disable it.
  metas: [{ name: 'viewport', content: 'width=device-width, initial-scale=1' }],
  mock: false,
  mfsu: false,
  // ./config/preloadLocale: the active language's messages load in parallel with the app code (issue 10).
  plugins: ['@umijs/plugins/dist/initial-state', '@umijs/plugins/dist/model', '@umijs/plugins/dist/access', './config/routes', './config/preloadLocale', './config/firstStyles', './config/babelTargets', './config/compileHints'],
  initialState: {},
  model: {},
  access: {},
  define: {
    'process.env.API_BASE': apiBase,
    'process.env.ROUTER_BASE': base,
  },
  theme: { '@primary-color': PRIMARY_COLOR },
  proxy: proxyFor(process.env.UMI_ENV),
  favicons: [`${base.endsWith('/') ? base : `${base}/`}favicon.svg`],
  codeSplitting: { jsStrategy: 'granularChunks' },
  // Only with esbuild as the JS minifier (kept for switching back): its minified helpers stay inside each file (Umi's
  // helper check refuses the build otherwise).
  esbuildMinifyIIFE: true,
  // terser rather than esbuild for the JS (issue 10): the 10 files of /student/list are 5 % smaller (2,151 instead of
  // 2,270 KB) and 9 % smaller gzipped (657 instead of 721 KB), the login's 8 % gzipped, for about 80 s more build
  // time (134–142 s instead of 57 s in npm test); CSS stays with esbuild.
  jsMinifier: 'terser',
  jsMinifierOptions: { format: { comments: false } },
  // A route chunk that has not loaded after 120 s fails with ChunkLoadError (docs/api.md#error-catalogue, docs/rules.md#constants-and-limits).
  chainWebpack(memo: { output: { chunkLoadTimeout: (ms: number) => unknown } }) {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    tuneChunks(memo as unknown as Parameters<typeof tuneChunks>[0]); // fewer files for cold entry routes (config/chunks.ts)
    return memo;
  },
  // ANALYZE=1 npm run build writes a bundle report (report.json in the output folder).
  // Desktop browsers of today: no blanket core-js polyfill, modern syntax kept.
  targets: { chrome: 100, edge: 100, firefox: 100, safari: 15 },
  polyfill: { imports: [] },
  analyze: { analyzerMode: 'json', reportFilename: 'report.json' },
  // PERF_SOURCEMAP=1: source maps for profiling a production build (docs/DEVELOPING.md); never shipped by default.
  ...(process.env.PERF_SOURCEMAP ? { devtool: 'source-map' as const } : {}),
});
