/**
 * Umi plugin (issue 10): what the first screen needs starts with the HTML, in parallel with the app code.
 *
 * After the build it adds two small scripts to Umi's route preload helper (the external script in the HTML head that
 * starts the route's chunks) and moves that helper first in the head, before framework.js, so that nothing waits for
 * the framework to download and run. In the helper, in this order:
 *  - the boot calls first (`bootScript`, below): a few small answers the layout needs, sent before the browser is busy
 *    with the code;
 *  - Umi's part: the route's chunks, at high priority (withHighPriorityChunks) instead of behind the boot calls;
 *  - the language: picks it exactly like `detect()` in src/locales/index.ts (stored choice, else the browser's) and
 *    adds that chunk's script tag, at high priority too (webpack finds the tag by its src and reuses it).
 * The boot calls: when a session token is stored and the page is not the login or a public page, it sends the session
 * calls (src/services/bootstrap.ts: user info, permissions, stores, and the menu of the role stored at the last session
 * load, `roleId` in src/utils/tokenStore.ts, or else after the user info has named the role) and the current
 * route's first list call when the route table declares it (`prefetch` in src/config/routes/types.ts, only when the URL
 * has no query); the answers wait in `window.__BOOT__` for the request layer (src/utils/boot.ts), which takes each
 * once if path, query, token and language are the same.
 * No inline script (the Content-Security-Policy allows scripts from the origin only) and no extra file: the helper
 * is rewritten under a new content hash and the HTML points at it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from 'umi';
import { ROUTES } from '../src/config/routeTable';
import { PUBLIC_PREFIXES } from '../src/utils/publicPaths';
import { ROLE_KEY } from '../src/utils/tokenStore';

/** LOGIN_PATH of src/utils/request.ts, and the GETs of loadSession() (src/services/bootstrap.ts, services/session.ts). */
const LOGIN_PATH = '/user/login';
const SESSION_BOOT_CALLS = {
  info: '/v2/user/info',
  permissions: '/v2/company_role/permissions',
  stores: '/v2/company_role/select',
  menu: '/v2/company_role/get_menu_pc',
};

/** The script that adds the active language's chunk; `files` maps a locale to its chunk file. */
export function localePreloadScript(files: Record<string, string>, publicPath: string): string {
  return `!function(){var s;try{s=localStorage.getItem("locale")}catch(e){}var f=${JSON.stringify(files)},l=s==="en-US"||s==="zh-CN"?s:String(navigator.language||"").toLowerCase().indexOf("zh")===0?"zh-CN":"en-US";if(!f[l])return;var e=document.createElement("script");e.src=${JSON.stringify(publicPath)}+f[l];e.async=!0;e.fetchPriority="high";document.head.appendChild(e)}();`;
}

/** Where Umi's helper adds a route chunk: `(e=c("script")).src=a,e.async=!0` (minified names vary). */
const HELPER_SCRIPT_RE = /\((\w+)=(\w+)\("script"\)\)\.src=(\w+),\1\.async=!0/;

/**
 * Umi's helper with the route's chunks fetched at high priority. Chrome fetches async scripts at low priority, after
 * every call (fetch is high): on HTTP/1.1's six connections the route's code queued behind API answers it does not
 * need yet. At high priority they take the connections in the order they were asked for: the boot calls (sent just
 * before), then the code. The language chunk is high too (localePreloadScript). Throws when the helper no longer has
 * that shape.
 */
export function withHighPriorityChunks(helper: string): string {
  if (!HELPER_SCRIPT_RE.test(helper)) throw new Error('config/preloadLocale.ts: Umi\'s preload helper no longer adds route chunks as it did; update HELPER_SCRIPT_RE');
  return helper.replace(HELPER_SCRIPT_RE, (m, el: string) => `${m},${el}.fetchPriority="high"`);
}

export interface BootConfig {
  /** Router base path ("/" or "/console/"). */
  base: string;
  /** Origin of the API ("" = same origin). */
  api: string;
  login: string;
  publicPrefixes: string[];
  /** Route path → its first list call (path and query). */
  lists: Record<string, string>;
}

/**
 * The boot calls (see the header). Plain ES5 in a string: it runs before any app code. Headers as
 * src/utils/request.ts sends them; the language as src/locales/index.ts picks it.
 */
export function bootScript(c: BootConfig): string {
  return `!function(c){var ls,tk,st,lg;try{ls=window.localStorage;tk=ls.getItem("token");st=ls.getItem("satoken");lg=ls.getItem("locale")}catch(e){return}if(!tk||!window.fetch)return;var p=location.pathname;if(c.base!=="/"){if(p.indexOf(c.base)!==0)return;p="/"+p.slice(c.base.length)}if(p===c.login||p.indexOf(c.login+"/")===0)return;for(var i=0;i<c.publicPrefixes.length;i++)if(p.indexOf(c.publicPrefixes[i])===0)return;lg=lg==="en-US"||lg==="zh-CN"?lg:String(navigator.language||"").toLowerCase().indexOf("zh")===0?"zh-CN":"en-US";var B=window.__BOOT__={at:Date.now(),token:tk,lang:lg,calls:{}};function get(u){var r=fetch(c.api+u,{headers:{"request-token":tk,satoken:st||"",client:"pc","Accept-Language":lg}}).then(function(res){return res.text().then(function(t){var b=t;try{b=JSON.parse(t)}catch(e){}return{status:res.status,body:b}})}).catch(function(){return null});B.calls[u]=r;return r}var M=${JSON.stringify(SESSION_BOOT_CALLS.menu)}+"?roleId=",rl=null;try{rl=ls.getItem(${JSON.stringify(ROLE_KEY)})}catch(e){}if(rl)get(M+encodeURIComponent(rl));get(${JSON.stringify(SESSION_BOOT_CALLS.info)}).then(function(r){var d=r&&r.status===200&&r.body&&r.body.code===0&&r.body.data;if(d&&d.roleId!=null&&String(d.roleId)!==rl)get(M+encodeURIComponent(d.roleId))});get(${JSON.stringify(SESSION_BOOT_CALLS.permissions)});get(${JSON.stringify(SESSION_BOOT_CALLS.stores)});while(p.length>1&&p.charAt(p.length-1)==="/")p=p.slice(0,-1);var l=c.lists[p];if(l&&!location.search)get(l)}(${JSON.stringify(c)});`;
}

const HELPER_RE = /^preload_helper(\.[0-9a-f]+)?\.js$/;

export default (api: IApi) => {
  let helperFile: string | undefined;
  let previous: string | undefined;

  api.onBuildComplete(({ err, stats }: { err?: unknown; stats?: { hasErrors: () => boolean; toJson: (o: object) => { chunks?: { names?: string[]; files?: string[] }[] } } }) => {
    if (err || !stats || stats.hasErrors()) return;
    const files: Record<string, string> = {};
    for (const chunk of stats.toJson({ all: false, chunks: true }).chunks ?? []) {
      const name = chunk.names?.find((n) => n.startsWith('locale-'));
      const js = chunk.files?.find((f) => f.endsWith('.js'));
      if (name && js) files[name.slice('locale-'.length)] = js;
    }
    if (!Object.keys(files).length) return;
    const out = api.paths.absOutputPath;
    const publicPath = api.config.publicPath === 'auto' ? '/' : api.config.publicPath || '/';
    previous = fs.readdirSync(out).find((f) => HELPER_RE.test(f));
    const lists: Record<string, string> = {};
    for (const r of ROUTES) if (r.prefetch) lists[r.path] = r.prefetch.firstPage;
    const boot = bootScript({ base: publicPath, api: process.env.API_BASE || '', login: LOGIN_PATH, publicPrefixes: PUBLIC_PREFIXES, lists });
    const content = `${boot}\n${previous ? withHighPriorityChunks(fs.readFileSync(path.join(out, previous), 'utf-8')) : ''}\n${localePreloadScript(files, publicPath)}\n`;
    helperFile = `preload_helper.${crypto.createHash('md5').update(content).digest('hex').slice(0, 8)}.js`;
    if (previous) fs.rmSync(path.join(out, previous));
    fs.writeFileSync(path.join(out, helperFile), content, 'utf-8');
  });

  api.modifyHTML(($) => {
    if (!helperFile) return $;
    const publicPath = api.config.publicPath === 'auto' ? '/' : api.config.publicPath || '/';
    // First script of the head: the route's chunks, the language and the boot calls start before framework.js.
    if (previous) $(`script[src="${publicPath}${previous}"]`).remove();
    const first = $('head script').first();
    const tag = `<script src="${publicPath}${helperFile}"></script>`;
    if (first.length) first.before(tag);
    else $('head').append(tag);
    return $;
  });
};
