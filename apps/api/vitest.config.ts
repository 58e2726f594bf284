import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The PII scan: every file's captured logs and events are searched for the classified values it wrote.
    setupFiles: ['test/pii-scan.setup.ts'],
    // One migrated database per run, copied for each file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the app (Fastify, zod schemas, drizzle) cost each file ~2 s.
    // Each file still builds its own app on its own database; module state a test changes (the password-hash profile)
    // is set by every app that depends on it.
    isolate: false,
    // Each file gets its own fresh database; two at a time fits two cores.
    maxWorkers: 2,
  },
});
