import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const __dirname = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
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
  },
});
