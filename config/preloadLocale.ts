/**
 * Umi plugin (issue 10): the active language's messages download in parallel with the app code.
 *
 * The messages are one chunk per language (src/locales/index.ts), which the app requests only once umi.js has
 * run. After the build this plugin appends a few lines to Umi's route preload helper (the external script in the
 * HTML head that already starts the route's chunks): they pick the language exactly like `detect()` in
 * src/locales/index.ts (stored choice, else the browser's) and add that chunk's script tag. Webpack finds the tag
 * by its src and reuses it. No inline script (a strict Content-Security-Policy stays possible) and no extra file:
 * the helper is rewritten under a new content hash and the HTML points at it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from 'umi';

/** The script that adds the active language's chunk; `files` maps a locale to its chunk file. */
export function localePreloadScript(files: Record<string, string>, publicPath: string): string {
  return `!function(){var s;try{s=localStorage.getItem("locale")}catch(e){}var f=${JSON.stringify(files)},l=s==="en-US"||s==="zh-CN"?s:String(navigator.language||"").toLowerCase().indexOf("zh")===0?"zh-CN":"en-US";if(!f[l])return;var e=document.createElement("script");e.src=${JSON.stringify(publicPath)}+f[l];e.async=!0;document.head.appendChild(e)}();`;
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
    const content = `${previous ? fs.readFileSync(path.join(out, previous), 'utf-8') : ''}\n${localePreloadScript(files, publicPath)}\n`;
    helperFile = `preload_helper.${crypto.createHash('md5').update(content).digest('hex').slice(0, 8)}.js`;
    if (previous) fs.rmSync(path.join(out, previous));
    fs.writeFileSync(path.join(out, helperFile), content, 'utf-8');
  });

  api.modifyHTML(($) => {
    if (!helperFile) return $;
    const publicPath = api.config.publicPath === 'auto' ? '/' : api.config.publicPath || '/';
    const existing = previous ? $(`script[src="${publicPath}${previous}"]`) : undefined;
    if (existing && existing.length) existing.attr('src', `${publicPath}${helperFile}`);
    else $('head').append(`<script src="${publicPath}${helperFile}"></script>`);
    return $;
  });
};
