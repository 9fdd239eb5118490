import { afterEach, describe, expect, it } from 'vitest';
import { bootKey, bootTaken, takeBoot, BOOT_MAX_AGE_MS } from './boot';
import { bootScript, localePreloadScript, withHighPriorityChunks } from '../../config/preloadLocale';

afterEach(() => {
  delete window.__BOOT__;
});

const answer = (body: unknown) => Promise.resolve({ status: 200, body });

describe('boot answers (issue 10)', () => {
  it('one key for one call, whatever the order of the query', () => {
    expect(bootKey('/v2/student?pageSize=10&page=1')).toBe(bootKey('/v2/student', { page: 1, pageSize: 10 }));
    expect(bootKey('/v2/student', { page: 1, pageSize: 10, keyword: undefined })).toBe('/v2/student?page=1&pageSize=10');
    expect(bootKey('/v2/student', { page: 2, pageSize: 10 })).not.toBe(bootKey('/v2/student?page=1&pageSize=10'));
    expect(bootKey('/v2/x', { ids: [1, 2] })).toBeUndefined();
  });

  it('is taken once, only with the same token and language, while fresh', async () => {
    window.__BOOT__ = { at: Date.now(), token: 't1', lang: 'en-US', calls: { '/v2/student?page=1&pageSize=10': answer({ code: 0 }), '/v2/user/info': answer({ code: 0 }) } };
    expect(takeBoot('/v2/student', { page: 1, pageSize: 10 }, 't2', 'en-US')).toBeUndefined();
    expect(takeBoot('/v2/student', { page: 1, pageSize: 10 }, 't1', 'zh-CN')).toBeUndefined();
    const before = bootTaken();
    await expect(takeBoot('/v2/student', { pageSize: 10, page: 1 }, 't1', 'en-US')).resolves.toEqual({ status: 200, body: { code: 0 } });
    expect(bootTaken()).toBe(before + 1);
    expect(takeBoot('/v2/student', { page: 1, pageSize: 10 }, 't1', 'en-US')).toBeUndefined();
    window.__BOOT__.at = Date.now() - BOOT_MAX_AGE_MS - 1;
    expect(takeBoot('/v2/user/info', undefined, 't1', 'en-US')).toBeUndefined();
  });

  it('the boot script sends the session calls and the declared list call, not on the login page', async () => {
    const script = bootScript({ base: '/', api: '', login: '/user/login', publicPrefixes: ['/f/'], lists: { '/student/list': '/v2/student?page=1&pageSize=10' } });
    const sent: string[] = [];
    const fakeFetch = (u: string) => {
      sent.push(u);
      const body = u === '/v2/user/info' ? { code: 0, data: { roleId: 7 } } : { code: 0, data: {} };
      return Promise.resolve({ status: 200, text: () => Promise.resolve(JSON.stringify(body)) });
    };
    const run = (path: string, token: string | null) => {
      sent.length = 0;
      delete window.__BOOT__;
      window.history.replaceState(null, '', path);
      if (token) window.localStorage.setItem('token', token);
      else window.localStorage.removeItem('token');
      new Function('fetch', script.replace('!window.fetch', 'false'))(fakeFetch);
    };
    run('/student/list', 'tk');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.sort()).toEqual(['/v2/company_role/get_menu_pc?roleId=7', '/v2/company_role/permissions', '/v2/company_role/select', '/v2/student?page=1&pageSize=10', '/v2/user/info'].sort());
    expect(window.__BOOT__?.token).toBe('tk');
    run('/user/login', 'tk');
    expect(sent).toEqual([]);
    run('/f/abc', 'tk');
    expect(sent).toEqual([]);
    run('/student/list', null);
    expect(sent).toEqual([]);
    window.localStorage.removeItem('token');
  });

  it('with the role of the last session stored, the menu call goes out with the others, before the user info answers', async () => {
    const script = bootScript({ base: '/', api: '', login: '/user/login', publicPrefixes: [], lists: {} });
    const sent: string[] = [];
    let answerInfo: (roleId: number) => void = () => undefined;
    const fakeFetch = (u: string) => {
      sent.push(u);
      if (u !== '/v2/user/info') return Promise.resolve({ status: 200, text: () => Promise.resolve('{"code":0,"data":{}}') });
      return new Promise((resolve) => {
        answerInfo = (roleId) => resolve({ status: 200, text: () => Promise.resolve(JSON.stringify({ code: 0, data: { roleId } })) });
      });
    };
    const run = async (storedRole: string | null, infoRole: number) => {
      sent.length = 0;
      delete window.__BOOT__;
      window.history.replaceState(null, '', '/dashboard');
      window.localStorage.setItem('token', 'tk');
      if (storedRole) window.localStorage.setItem('roleId', storedRole);
      else window.localStorage.removeItem('roleId');
      new Function('fetch', script.replace('!window.fetch', 'false'))(fakeFetch);
      const before = [...sent];
      answerInfo(infoRole);
      await new Promise((r) => setTimeout(r, 0));
      return { before, after: [...sent] };
    };
    const same = await run('7', 7);
    expect(same.before).toContain('/v2/company_role/get_menu_pc?roleId=7');
    expect(same.after.filter((u) => u.includes('get_menu_pc'))).toEqual(['/v2/company_role/get_menu_pc?roleId=7']);
    // The user's role changed since (another account, a store switch elsewhere): the right menu is asked for too.
    const changed = await run('7', 9);
    expect(changed.after.filter((u) => u.includes('get_menu_pc'))).toEqual(['/v2/company_role/get_menu_pc?roleId=7', '/v2/company_role/get_menu_pc?roleId=9']);
    // Nothing stored: the menu waits for the user info, as before.
    const none = await run(null, 7);
    expect(none.before.some((u) => u.includes('get_menu_pc'))).toBe(false);
    expect(none.after.filter((u) => u.includes('get_menu_pc'))).toEqual(['/v2/company_role/get_menu_pc?roleId=7']);
    window.localStorage.removeItem('token');
    window.localStorage.removeItem('roleId');
  });
});

describe('route chunks and language at high priority (issue 10)', () => {
  // The part of Umi's preload helper (4.7.22, minified) that adds a route's chunks.
  const umiHelper = 'null==d||d.forEach((function(_){var e,s=_.type,a=_.url;if("js"===s)(e=c("script")).src=a,e.async=!0;else{if("css"!==s)return;(e=c("link")).href=a,e.rel="preload",e.as="style"}_.attrs.forEach((function(_){e.setAttribute(_[0],_[1]||"")})),n.appendChild(e)}))';

  it('the helper fetches each route chunk at high priority (Chrome fetches async scripts at low priority)', () => {
    const out = withHighPriorityChunks(umiHelper);
    expect(out).toContain('(e=c("script")).src=a,e.async=!0,e.fetchPriority="high";');
    const added: HTMLScriptElement[] = [];
    const d = [{ type: 'js', url: '/a.js', attrs: [] }, { type: 'css', url: '/a.css', attrs: [] }];
    const n = { appendChild: (el: HTMLScriptElement) => added.push(el) };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('d', 'c', 'n', out)(d, (tag: string) => document.createElement(tag), n);
    expect(added.map((el) => [el.tagName, el.fetchPriority || el.getAttribute('fetchpriority')])).toEqual([['SCRIPT', 'high'], ['LINK', null]]);
  });

  it('refuses a helper it does not recognise instead of silently leaving the chunks at low priority', () => {
    expect(() => withHighPriorityChunks('!function(){}()')).toThrow(/HELPER_SCRIPT_RE/);
  });

  it('the language chunk is fetched at high priority too', () => {
    expect(localePreloadScript({ 'en-US': 'locale-en-US.1.js' }, '/')).toContain('e.async=!0;e.fetchPriority="high";');
  });
});
