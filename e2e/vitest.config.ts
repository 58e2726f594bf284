import { defineConfig } from 'vitest/config';
import { longestFirst } from '../scripts/longest-first.mjs';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // No retries: a journey that fails once is a flake to find (`npm run test:flaky`), not one to hide.
    retry: 0,
    // expect.poll waits for what a person would wait for: Vitest's default of 1 s failed a journey when the machine was
    // busy (a hero image's first narrower copy, decoded and encoded in the API's worker pool, took longer than that).
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // One browser per file; two files at a time on two cores.
    maxWorkers: 2,
    // Longest files first, from the durations committed beside this config (scripts/longest-first.mjs).
    sequence: { sequencer: longestFirst(new URL('./test-durations.json', import.meta.url)) },
    pool: 'forks',
    // One module graph per worker: playwright-core and the support files are imported once, not per spec (~25 s of
    // a run's CPU). Specs keep no state in support modules beyond unique-name counters.
    isolate: false,
  },
});
