// @vitest-environment node
/**
 * The chunk policy (config/chunks.ts, issue 10): the login and public form stay out of every split group, and the
 * layout's modules go to one `shell` chunk (JS only) shared by every logged-in route.
 */
import { describe, expect, it } from 'vitest';
import { frameworkModule, LAYOUT_CHUNK, SELF_CONTAINED_CHUNKS, SHARED_MIN_SIZE, tuneChunks } from '../../config/chunks';

type Group = { chunks: (c: { name: string; canBeInitial: () => boolean }) => boolean; test: (m: { type?: string }, ctx: unknown) => boolean; name?: string; minSize?: number };

function tuned() {
  let split: { cacheGroups: Record<string, Group> } = { cacheGroups: { lib: {} as Group, shared: {} as Group } };
  const set = (v: typeof split) => {
    split = v;
  };
  tuneChunks({ optimization: { splitChunks: Object.assign(set, { entries: () => split }) } } as never);
  return split.cacheGroups;
}

const chunk = (name: string, initial = false) => ({ name, canBeInitial: () => initial });
const graph = (names: string[]) => ({ chunkGraph: { getModuleChunksIterable: () => names.map((n) => chunk(n)) } });

describe('tuneChunks', () => {
  it('keeps the self-contained routes and the entry out of lib, shared and shell', () => {
    const groups = tuned();
    for (const key of ['lib', 'shared', 'shell']) {
      for (const name of SELF_CONTAINED_CHUNKS) expect(groups[key].chunks(chunk(name)), `${key} ${name}`).toBe(false);
      expect(groups[key].chunks(chunk('umi', true))).toBe(false);
      expect(groups[key].chunks(chunk('src__pages__student__list__index'))).toBe(true);
    }
  });

  it('makes shared chunks only from SHARED_MIN_SIZE up (fewer, larger files for a cold route), lib keeps its size', () => {
    const groups = tuned();
    expect(groups.shared.minSize).toBe(SHARED_MIN_SIZE);
    expect(SHARED_MIN_SIZE).toBeGreaterThan(20_000);
    expect(groups.lib.minSize).toBeUndefined();
  });

  it('puts the JS modules of the layout chunk, and only those, in one shell chunk', () => {
    const { shell } = tuned();
    expect(shell.name).toBe('shell');
    expect(shell.test({ type: 'javascript/auto' }, graph(['src__pages__student__list__index', LAYOUT_CHUNK]))).toBe(true);
    expect(shell.test({ type: 'javascript/auto' }, graph(['src__pages__student__list__index', 'src__pages__dashboard__index']))).toBe(false);
    expect(shell.test({ type: 'css/mini-extract' }, graph([LAYOUT_CHUNK]))).toBe(false);
  });

  it('keeps react-dom in the framework chunk but not its server renderer (only the export imports it, lazily)', () => {
    // Umi's framework test (preset-umi codeSplitting, granularChunks).
    const umiFramework = /[\\/]node_modules[\\/](react-dom|react|history|react-router|react-router-dom|scheduler)[\\/]/;
    const mod = (p: string) => ({ nameForCondition: () => p });
    expect(frameworkModule(umiFramework, mod('/app/node_modules/react-dom/cjs/react-dom.production.min.js'))).toBe(true);
    expect(frameworkModule(umiFramework, mod('/app/node_modules/react-dom/client.js'))).toBe(true);
    expect(frameworkModule(umiFramework, mod('/app/node_modules/scheduler/index.js'))).toBe(true);
    expect(frameworkModule(umiFramework, mod('/app/node_modules/react-dom/server.browser.js'))).toBe(false);
    expect(frameworkModule(umiFramework, mod('/app/node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js'))).toBe(false);
    expect(frameworkModule(umiFramework, mod('/app/node_modules/antd/es/index.js'))).toBe(false);
  });
});
