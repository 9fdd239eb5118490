/**
 * Dev-server proxies per environment (ant-design-pro style).
 * `UMI_ENV` selects the block; `PROXY_TARGET` overrides the target of the chosen block.
 *  - dev (default): the embedded mock backend started by `npm start` (scripts/start.mjs).
 *  - test / pre: real backends; set PROXY_TARGET to their address.
 */
const mockPort = process.env.MOCK_PORT || '4100';

const targets: Record<string, string> = {
  dev: `http://127.0.0.1:${mockPort}`,
  test: process.env.PROXY_TARGET || `http://127.0.0.1:${mockPort}`,
  pre: process.env.PROXY_TARGET || `http://127.0.0.1:${mockPort}`,
};

export function proxyFor(env: string | undefined) {
  const target = process.env.PROXY_TARGET || targets[env || 'dev'] || targets.dev;
  return {
    '/v2/': { target, changeOrigin: true },
    '/api/': { target, changeOrigin: true },
  };
}
