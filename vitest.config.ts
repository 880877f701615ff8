import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'scripts/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; two files at a time suits a 2-core machine
          maxWorkers: 2,
        },
      },
    ],
  },
});
