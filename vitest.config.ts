import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The browser tests (Chromium against the real server): the client is built once for the run (global set-up). */
const BROWSER = ['test/e2e/**/*.test.ts', 'src/web/**/*.browser.test.ts'];
/**
 * Other test files that keep a fresh process each: they drive the AI for its own decisions (its plans, turn budgets
 * and 2WW's declared attack groups are module state) or mock modules (the browser client's dice). The
 * server's and the CLI's files share their worker like the rules files: a server keeps many games in one process by
 * design, and the CLI's tests set and clear `process.exitCode` themselves.
 */
const ISOLATED = [
  'src/ai/**', 'src/rulesets/*/ai/**', 'src/web/dice.test.ts', 'test/**',
  'src/rulesets/eto/scenarios.test.ts', 'src/rulesets/aae/tests/ai.test.ts',
];
/**
 * The browser files that mock a module (the server's seed) keep a fresh process; the others share their worker's
 * modules (the server, the rule sets and playwright-core imported once): each starts its own server and Chromium, and
 * the servers run their AI in worker threads of their own, so no file sees another's state.
 */
const BROWSER_ISOLATED = ['test/e2e/campaign-2ww.test.ts'];
/**
 * The client is built once for the run (global set-up). expect.poll waits for the page to show a server's answer;
 * vitest's default 1 s is shorter than a first check of a whole position takes with both cores busy (CI failed on
 * it). The assertions themselves are unchanged.
 */
const BROWSER_TEST = { globalSetup: ['test/e2e/global-setup.ts'], expect: { poll: { timeout: 20_000 } } };
const ALL = ['src/**/*.test.ts', 'tools/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The files that take longest (seconds each in a quiet `npm test`, docs/performance.md "`npm test` time"), longest
 * first. They start first, whatever their project, so that the two workers end together: without durations cached
 * (a fresh clone) vitest starts each project's largest files first, and these whole games are small files.
 */
const LONGEST = [
  'test/e2e/campaign-2ww.test.ts', 'src/rulesets/eto/scenarios.test.ts', 'test/e2e/tour.test.ts',
  'src/rulesets/2ww/campaign-fuzz-3.test.ts', 'src/rulesets/bkg/fuzz.test.ts', 'test/e2e/play-rulesets.test.ts',
  'src/rulesets/2ww/campaign-fuzz-1.test.ts', 'test/e2e/screens.test.ts', 'src/rulesets/2ww/campaign-fuzz-4.test.ts',
  'test/e2e/play-eto.test.ts', 'src/rulesets/2ww/campaign-fuzz-2.test.ts', 'src/server/fuzz.test.ts', 'src/server/crash.test.ts',
  'src/ai/positions.test.ts', 'src/rulesets/bkg/alliances.test.ts', 'src/rulesets/bkg/optional-fuzz.test.ts',
  'test/e2e/play-aae.test.ts', 'test/e2e/play-areas.test.ts', 'test/e2e/play-2ww.test.ts',
];

/** The longest files first (LONGEST), then vitest's own order (project by project; largest or slowest first). */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.indexOf(relative(f.project.config.root, f.moduleId).replaceAll('\\', '/'));
      return i < 0 ? LONGEST.length : i;
    };
    return (await super.sort(files)).map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.f);
  }
}

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default leaves one core idle (cores - 1): on a 2-core machine that runs the files one at a time.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    projects: [
      // Rules code keeps no module-level mutable state (a rule of the project), so these files share their worker's
      // modules instead of importing the rule sets again for each file (most of the suite's import time): the rules'
      // own tests, the server's, the CLI's, the tools' and the client's pure functions.
      { extends: true, test: { name: 'shared', include: ALL, exclude: [...ISOLATED, ...BROWSER], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED.map((p) => (p.endsWith('**') ? `${p}/*.test.ts` : p)), exclude: BROWSER } },
      { extends: true, test: { name: 'browser', include: BROWSER, exclude: BROWSER_ISOLATED, isolate: false, ...BROWSER_TEST } },
      { extends: true, test: { name: 'browser-isolated', include: BROWSER_ISOLATED, ...BROWSER_TEST } },
    ],
  },
});
