import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const __dirname = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** The build's library patches (config/loaders/proLayoutPatches.cjs), for the library files tests load through Vite. */
const { PATCHED_FILES, patchSource } = require('./config/loaders/proLayoutPatches.cjs') as { PATCHED_FILES: RegExp; patchSource: (file: string, source: string) => string };

export default defineConfig({
  plugins: [
    {
      name: 'library-build-patches',
      enforce: 'pre',
      transform(code: string, id: string) {
        const file = id.split('?')[0];
        return PATCHED_FILES.test(file) ? patchSource(file, code) : undefined;
      },
    },
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.resolve(__dirname, 'src')}/` },
      // Umi's runtime exports exist only inside the Umi build; tests use a small shim over react-router.
      { find: /^umi$/, replacement: path.resolve(__dirname, 'tests/shims/umi.tsx') },
    ],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['tests/setup.ts'],
    // The database template, built once; each test file opens its own database from it (tests/database.ts).
    globalSetup: ['tests/globalDatabase.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'mock/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 60000,
    hookTimeout: 60000,
    css: false,
    // rc-table as the build has it (patched, see above) where a test imports it directly; antd keeps its own copy.
    server: { deps: { inline: [/[\\/]rc-table[\\/]/] } },
  },
});
