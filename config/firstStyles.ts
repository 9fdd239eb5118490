/**
 * Umi plugin (issue 10): the production HTML links the precompiled styles of the first screens
 * (`config/styles/first-screens.css`, made by `npm run styles`; see src/utils/styleCache.ts for why and how they are
 * used). The file is copied into the build under a content hash and linked at the end of the head, after the head's
 * scripts, so it downloads with the app code and is in place before the first antd component renders.
 * `npm start` (development) does not link it: every style is built at run time there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from 'umi';

export const FIRST_STYLES_SOURCE = path.join(__dirname, 'styles', 'first-screens.css');

/** `first-screens.<hash>.css`: a new name whenever the content changes (the server marks built files immutable). */
export function firstStylesName(css: string): string {
  return `first-screens.${crypto.createHash('md5').update(css).digest('hex').slice(0, 8)}.css`;
}

export default (api: IApi) => {
  let file: string | undefined;

  api.onBuildComplete(({ err }: { err?: unknown }) => {
    if (err || api.env !== 'production' || !fs.existsSync(FIRST_STYLES_SOURCE)) return;
    const css = fs.readFileSync(FIRST_STYLES_SOURCE, 'utf-8');
    file = firstStylesName(css);
    fs.writeFileSync(path.join(api.paths.absOutputPath, file), css, 'utf-8');
  });

  api.modifyHTML(($) => {
    if (!file) return $;
    const publicPath = api.config.publicPath === 'auto' ? '/' : api.config.publicPath || '/';
    $('head').append(`<link rel="stylesheet" href="${publicPath}${file}">`);
    return $;
  });
};
