/**
 * Umi plugin (issue 10): our own code is compiled for the browsers in `targets` (.umirc.ts), as the config says.
 * Umi hands `targets` to babel-loader as Babel's top-level option, which its bundled preset-env does not read: every
 * source file was compiled down to ES5 (async functions through regenerator, object spread and optional chaining
 * through helpers), slower to run and bigger to download than the modern code those browsers run natively. The preset's
 * own `targets` option fixes that.
 */
import type { IApi } from 'umi';

export default (api: IApi) => {
  api.modifyBabelPresetOpts((memo: { presetEnv?: Record<string, unknown> }) => ({
    ...memo,
    presetEnv: { ...memo.presetEnv, targets: api.config.targets },
  }));
};
