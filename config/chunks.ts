/**
 * Chunk policy for fast first screens (issue 10), applied after Umi's `granularChunks` strategy (.umirc.ts).
 *
 * The entry routes that people land on cold should load in as few files as the bare stack does:
 *  - The login route (and the public form page) keep every module they need in their own route chunk: Umi's
 *    `lib` / `shared` groups skip them, so `/user/login` is framework + preload helper + umi + its route chunk
 *    + the language chunk (preloaded in parallel, see config/preloadLocale.ts), instead of ~12 files.
 *  - The layout's modules (every logged-in route loads them) are one `shell` chunk instead of a dozen granular ones
 *    queued on the browser's six connections: /student/list opened cold went from 36 files to 25 (10 with
 *    SHARED_MIN_SIZE below), /dashboard from 25 to 14 (7), for the same bytes.
 *  - Everything else keeps granular shared chunks (the routes behind the layout share most of their code), from
 *    SHARED_MIN_SIZE up.
 * What a route always shows must be in its route chunk (or its chunk group) so that Umi's preload helper fetches
 * it with the HTML: a list route imports its table statically (docs/PATCHES.md#what-keeps-the-first-screens-fast-our-code), tabs and dashboard widgets
 * use `import(/* webpackMode: "eager" *\/ ...)`.
 */

/** Route chunks that are cold entry points outside the layout. */
export const SELF_CONTAINED_CHUNKS = ['src__pages__user__login__index', 'src__pages__f__$code__index'];

interface ChunkLike {
  name?: string | null;
  canBeInitial: () => boolean;
}

interface ModuleLike {
  type?: string;
  /** The module's resource path (what a RegExp `test` of a cache group is matched against). */
  nameForCondition?: () => string | null;
}

/** What webpack passes to a cache group's `test` besides the module. */
interface TestContext {
  chunkGraph: { getModuleChunksIterable: (module: ModuleLike) => Iterable<ChunkLike> };
}

interface CacheGroup {
  chunks?: string | ((chunk: ChunkLike) => boolean);
  test?: RegExp | ((module: ModuleLike, context: TestContext) => boolean);
  [key: string]: unknown;
}

/**
 * The smallest shared chunk (bytes before minifying; webpack's default is 20 000). Smaller groups of modules stay in
 * the route chunks that use them: /student/list opened cold loads 10 files instead of 25 for the same bytes, a
 * shorter queue on the browser's six connections (where every file waits for the server, which shares this machine's
 * two cores with the browser while it compiles). The price: modules shared by a few routes are copied into each of
 * their route chunks (all route chunks together about 300 KB of gzip more than at 60 000; a route opened later
 * downloads about 5 KB more on average). Measured (npm run perf, alternating with the bare app, 7 runs, normal CPU):
 * at 60 000 (16 files) the list was 0.94× and 1.17× of the bare page in two runs, at 200 000 (10 files) 0.91× and
 * 1.01× (this machine's run-to-run noise is about ±10 %); same-build A/B, 11–13 alternating runs: ready 85 and 133 ms
 * earlier, the JS complete at 383 instead of 671 ms in the second.
 */
export const SHARED_MIN_SIZE = 200_000;

/** The layout's route chunk (src/layouts/index.tsx): every logged-in route loads it (config/routes.ts). */
export const LAYOUT_CHUNK = 'layouts__index';

const isCss = (m: ModuleLike) => typeof m.type === 'string' && m.type.startsWith('css/');
const inLayout = (m: ModuleLike, { chunkGraph }: TestContext) => {
  for (const c of chunkGraph.getModuleChunksIterable(m)) if (c.name === LAYOUT_CHUNK) return true;
  return false;
};

interface SplitChunks {
  cacheGroups?: Record<string, CacheGroup | false>;
}

/** webpack-5-chain: `optimization.splitChunks` is set by calling it and read with `entries()`. */
interface ChainLike {
  optimization: {
    splitChunks: ((value: SplitChunks) => unknown) & { entries: () => SplitChunks | undefined };
  };
}

/** react-dom's server renderer (react-dom/server*, its cjs builds). */
export const REACT_DOM_SERVER = /[\\/]node_modules[\\/]react-dom[\\/](server|cjs[\\/]react-dom-server)/;

/** In the framework chunk: what Umi's framework test matches, except react-dom's server renderer. */
export function frameworkModule(re: RegExp, m: ModuleLike): boolean {
  const name = m.nameForCondition?.() ?? '';
  return re.test(name) && !REACT_DOM_SERVER.test(name);
}

/** Keeps the self-contained route chunks out of the async split groups (`lib`, `shared`; still async chunks only). */
export function tuneChunks(memo: ChainLike) {
  const split = memo.optimization.splitChunks.entries();
  if (!split || !split.cacheGroups) return;
  const groups = { ...split.cacheGroups };
  const asyncShared = (chunk: ChunkLike) => !chunk.canBeInitial() && !SELF_CONTAINED_CHUNKS.includes(chunk.name ?? '');
  for (const key of ['lib', 'shared']) {
    const group = groups[key];
    if (!group) continue;
    groups[key] = { ...group, chunks: asyncShared, ...(key === 'shared' ? { minSize: SHARED_MIN_SIZE } : {}) };
  }
  // Umi's `framework` group takes every react-dom module into the framework chunk that every page loads, also the
  // server renderer that only the export's lazy chunk imports (src/components/ExportButton): 22 KB gzip less for all.
  const framework = groups.framework;
  if (framework && framework.test instanceof RegExp) {
    const re = framework.test;
    groups.framework = { ...framework, test: (m: ModuleLike) => frameworkModule(re, m) };
  }
  // Everything the layout runs, in one file: it loads with every logged-in route, so one request instead of a dozen
  // granular ones queued behind each other on the browser's six connections (issue 10).
  groups.shell = { name: 'shell', chunks: asyncShared, test: (m: ModuleLike, ctx: TestContext) => !isCss(m) && inLayout(m, ctx), priority: 35, enforce: true, reuseExistingChunk: true };
  memo.optimization.splitChunks({ ...split, cacheGroups: groups });
}
