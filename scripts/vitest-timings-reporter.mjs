// A Vitest reporter that appends one JSON line per test file to TEST_TIMINGS_FILE: the suite (TEST_SUITE_LABEL), the
// file, its wall time (its environment when it has one of its own, set-up, import and tests) and each test's outcome.
// `npm test` reads the lines to print the slowest files; `npm run test:flaky` reads them to count the journeys that
// failed. Without TEST_TIMINGS_FILE it does nothing, so a vitest run by hand is unchanged.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class TimingsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const file = process.env.TEST_TIMINGS_FILE;
    if (!file) return;
    const label = process.env.TEST_SUITE_LABEL ?? relative(process.cwd(), this.root ?? process.cwd());
    const lines = testModules.map((module) => {
      // The API suite runs each file once per engine, as two projects (`pglite`, `postgres`).
      const project = module.project.name;
      const suite = project ? `${label}, ${project}` : label;
      const d = module.diagnostic();
      const tests = [...module.children.allTests()].map((test) => ({ name: test.fullName, state: test.result().state }));
      return JSON.stringify({
        suite,
        file: relative(this.root ?? process.cwd(), module.moduleId),
        state: module.state(),
        // With isolate: false a worker sets its environment up once, but Vitest reports that time for each of its files.
        ms: Math.round(
          (module.project.config.isolate ? d.environmentSetupDuration : 0) +
            d.prepareDuration +
            d.collectDuration +
            d.setupDuration +
            d.duration,
        ),
        testsMs: Math.round(d.duration),
        tests,
      });
    });
    if (lines.length) appendFileSync(file, `${lines.join('\n')}\n`);
  }
}
