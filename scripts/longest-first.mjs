// The order the Vitest suites run their files in (apps/api, apps/web, e2e: `sequence.sequencer`): longest first, from
// the durations committed beside each suite (test-durations.json, written by `node scripts/test-durations.mjs` after a
// whole `npm test`). On two cores every suite's wall time is decided by its last files: a long file started last runs
// alone while the other core idles. Vitest's own order needs its cache of the last run's durations, which a clean
// clone (CI) does not have; it then orders by file size, and the API suite's backup test (a short file, ~60 s) and
// a few others started near the end: 368 s against 321 s with the cache on this machine.
//
// A file that failed in this checkout's last run goes first, as Vitest's own order does; a file with no recorded
// duration (a new one) goes next, then the rest by the recorded duration, or else this checkout's last one.
//
// Not a subclass of Vitest's BaseSequencer: importing vitest/node would load the test runner into every `vite build`
// (apps/web's config is also its build's). The suites are not sharded, so shard() keeps every file.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export function longestFirst(durationsFile) {
  const recorded = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
  return class LongestFirst {
    constructor(ctx) {
      this.ctx = ctx;
    }

    async shard(files) {
      return files;
    }

    async sort(files) {
      const { cache } = this.ctx;
      const root = this.ctx.config.root;
      const expected = new Map(
        files.map((spec) => {
          const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
          const last = cache.getFileTestResults(key);
          if (last?.failed) return [spec, Number.POSITIVE_INFINITY];
          return [spec, recorded[key] ?? last?.duration ?? Number.MAX_SAFE_INTEGER];
        }),
      );
      // A project's files stay together, in Vitest's order of projects: a worker runs one project's files (with
      // isolate: false, in one module graph), and interleaving them had every file start a new worker (the API suite
      // ran ~4x slower).
      const projects = [...new Set(files.map((spec) => spec.project.name))].sort();
      return [...files].sort(
        (a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || expected.get(b) - expected.get(a),
      );
    }
  };
}
