import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser per file; two files at a time on two cores.
    maxWorkers: 2,
    pool: 'forks',
  },
});
