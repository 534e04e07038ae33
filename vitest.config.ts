import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The browser tests (Chromium against the real server): the client is built once for the run (global set-up). */
const BROWSER = ['test/e2e/**/*.test.ts', 'src/web/**/*.browser.test.ts'];
/**
 * Other test files that keep a fresh process each: they drive the AI (its plans, turn budgets and 2WW's declared
 * attack groups are module state), the CLI (process.exitCode, stdout), the server or the browser client (module mocks).
 */
const ISOLATED = [
  'src/ai/**', 'src/rulesets/*/ai/**', 'src/cli/**', 'src/server/**', 'src/web/**', 'test/**',
  'src/rulesets/eto/scenarios.test.ts', 'src/rulesets/eto/cli.test.ts',
  'src/rulesets/aae/tests/ai.test.ts', 'src/rulesets/aae/tests/cli-odds.test.ts',
];
const ALL = ['src/**/*.test.ts', 'tools/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default leaves one core idle (cores - 1): on a 2-core machine that runs the files one at a time.
    maxWorkers: availableParallelism(),
    projects: [
      // Rules code keeps no module-level mutable state (a rule of the project), so these files share their worker's
      // modules instead of importing the rule sets again for each file (most of the suite's import time).
      { extends: true, test: { name: 'rules', include: ALL, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED.map((p) => (p.endsWith('**') ? `${p}/*.test.ts` : p)), exclude: BROWSER } },
      { extends: true, test: { name: 'browser', include: BROWSER, globalSetup: ['test/e2e/global-setup.ts'] } },
    ],
  },
});
