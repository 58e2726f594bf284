import { configDefaults, defineConfig } from 'vitest/config';
import { longestFirst } from '../../scripts/longest-first.mjs';

const ENGINE_INDEPENDENT = [
  'src/lib/{attempt-limiter,crypto,password,public-cache,sanitize,uploads,worker-pool}.test.ts',
  'src/plugins/{compress-json,errors,request-checks,route-table,tenant-param}.test.ts',
  'test/{boundaries,client,openapi-lint,request-schemas}.test.ts',
  // The identity verifier reads documents and the Persona adapter talks HTTP: no database.
  'src/lib/identity/*.test.ts',
  // Narrowing an image is decoding, averaging and encoding: no database.
  'src/lib/image-variants/*.test.ts',
  // Billing's arithmetic (periods, proration) is pure.
  'src/modules/billing/proration.test.ts',
  // The advisor's prompt and its OpenAI-compatible adapter (against a local stub server) touch no database.
  'src/modules/advisor/{openai-model,prompt}.test.ts',
  // The HTTP server's own limits (slow bodies and headers, idle connections, 431) and whom it trusts as a proxy (rate
  // limits in memory, the in-memory dev mailbox): their only queries look up an account that does not exist or sign
  // one up, the same on both engines. Each held a worker ~7 s on PostgreSQL (timed waits, four apps built).
  'src/security/{http-timeouts,proxy-trust}.test.ts',
  // What these decide is the file's bytes and the worker pool's limits: the PDF parses' time limits, shares and rate
  // limit, and the upload corpus's refusals (a refused upload changes no table, checked by the same fingerprint on
  // either engine). Their queries are the document rows of any upload. On PostgreSQL they added ~90 s of a run's
  // test time (file-work-limits 51 s, uploads 40 s, with the machine shared) and proved nothing PGlite had not.
  'src/security/{file-work-limits,uploads}.test.ts',
  // The role matrix decides before any handler runs: each refused role gets its 403 from the access check, each admitted
  // one its 400 from validation. Its queries are the session and membership look-ups every other file makes on both
  // engines, and the tables' fingerprint around each route. It held a worker 34 s on PostgreSQL (69 s on PGlite).
  'src/security/role-matrix.test.ts',
];

/**
 * The API suite runs on both engines in one Vitest run: two projects, `pglite` and `postgres`, whose files share the
 * workers, so the end of one engine's files overlaps the other's instead of leaving a core idle (test/run-suites.mjs
 * leaves `postgres` out when no server answers). `npx vitest run --project pglite` runs one engine.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The PII scan: every file's captured logs and events are searched for the classified values it wrote.
    setupFiles: ['test/pii-scan-setup.ts', 'test/contract-setup.ts'],
    // One migrated database per run and engine, copied for each file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the app (Fastify, zod schemas, drizzle) cost each file ~2 s.
    // Each file still builds its own app on its own database; module state a test changes (the password-hash profile)
    // is set by every app that depends on it.
    isolate: false,
    // Each file gets its own fresh database. Three at a time on two cores: the files that start real servers (faults,
    // multi-node, backup, the advisor's processes) spend much of their time waiting on them, and a third file uses
    // that time. Measured on a quiet two-core machine, the whole suite: 337 s with two, 309 s with three (CPU idle
    // ~10 % either way).
    maxWorkers: 3,
    // Longest files first, from the durations committed beside this config (scripts/longest-first.mjs).
    sequence: { sequencer: longestFirst(new URL('./test-durations.json', import.meta.url)) },
    projects: [
      { extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
      // Files whose outcome does not depend on the engine (pure functions, the route table, the OpenAPI document and its
      // lint, the generated client, request validation answered before any query, the lint of module boundaries) run
      // on PGlite only: running them twice cost ~40 s of a two-core run and proved nothing new.
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { TEST_DB: 'postgres' },
          exclude: [...configDefaults.exclude, ...ENGINE_INDEPENDENT],
        },
      },
    ],
  },
});
