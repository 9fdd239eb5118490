/**
 * The precompiled first-screen styles (config/styles/first-screens.css, src/utils/styleCache.ts, issue 10) still fit:
 * components rendered with the app's default theme find their cache paths in the file's map. The paths hold antd's
 * version and the theme's tokens, so an upgrade or a changed default theme fails here: run `npm run styles`.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, ConfigProvider, Input, Table } from 'antd';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { appTheme, PRIMARY_COLOR } from '@/utils/theme';
import { recordStyles } from '@/utils/styleCache';
import { FIRST_STYLES_SOURCE, firstStylesName } from '../../config/firstStyles';

const css = fs.readFileSync(FIRST_STYLES_SOURCE, 'utf-8');

function mapOf(text: string): Set<string> {
  const m = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(text);
  return new Set((m?.[1] ?? '').split(';').filter(Boolean).map((entry) => entry.slice(0, entry.lastIndexOf(':'))));
}

/** The style paths a render generates (keys of the cache: `style%<path parts joined by %>`). */
function pathsOf(ui: React.ReactElement): string[] {
  const cache = createCache();
  render(<StyleProvider cache={cache}>{ui}</StyleProvider>);
  return [...cache.cache.keys()].filter((k) => k.startsWith('style%')).map((k) => k.slice('style%'.length).replace(/%/g, '|'));
}

describe('first-screen styles', () => {
  it('has styles and the cache-path map cssinjs reads', () => {
    expect(css.length).toBeGreaterThan(50_000);
    expect(mapOf(css).size).toBeGreaterThan(50);
  });

  // antd's own components: pro-components' paths also hold ProLayout's tokens, so they are checked by the browser test.
  it('covers what the default theme renders (else: npm run styles)', () => {
    const inFile = mapOf(css);
    const paths = pathsOf(
      <ConfigProvider theme={appTheme(PRIMARY_COLOR, true)}>
        <Button type="primary">Save</Button>
        <Input />
        <Table rowKey="id" columns={[{ title: 'Name', dataIndex: 'name' }]} dataSource={[{ id: 1, name: 'A' }]} />
      </ConfigProvider>,
    );
    expect(paths.length).toBeGreaterThan(3);
    const missing = paths.filter((p) => !inFile.has(p));
    expect(missing, `not in ${path.relative(process.cwd(), FIRST_STYLES_SOURCE)}; run npm run styles`).toEqual([]);
  });

  it('misses for another theme: those styles are built at run time', () => {
    const inFile = mapOf(css);
    const paths = pathsOf(
      <ConfigProvider theme={appTheme('#722ed1', true)}>
        <Button type="primary">Save</Button>
      </ConfigProvider>,
    );
    expect(paths.filter((p) => p.includes('Button')).every((p) => !inFile.has(p))).toBe(true);
  });

  it('records styles that were dropped after their component unmounted (capture mode)', () => {
    const cache = createCache();
    const extract = recordStyles(cache);
    const { unmount } = render(
      <StyleProvider cache={cache}>
        <Button>Once</Button>
      </StyleProvider>,
    );
    unmount();
    expect(extract()).toContain('ant-btn');
    expect(mapOf(extract()).size).toBeGreaterThan(0);
  });

  it('is named by its content', () => {
    expect(firstStylesName('a')).toMatch(/^first-screens\.[0-9a-f]{8}\.css$/);
    expect(firstStylesName('a')).not.toBe(firstStylesName('b'));
  });
});
