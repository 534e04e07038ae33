// The browser client built for the browser tests and bench/web.bench.ts: once per test run (the browser tests'
// global set-up, test/e2e/global-setup.ts), else once per process.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let built: Promise<string> | null = null;

/**
 * Builds src/web into a fresh temp folder, once per process (or uses THEATER_WEB_ROOT when set: the test run's build,
 * or a prebuilt dist/web).
 */
export function buildClient(): Promise<string> {
  return (built ??= build());
}

async function build(): Promise<string> {
  const pre = process.env.THEATER_WEB_ROOT;
  if (pre) {
    if (!existsSync(join(pre, 'index.html'))) throw new Error(`THEATER_WEB_ROOT=${pre} holds no index.html; run npx vite build`);
    return pre;
  }
  const out = mkdtempSync(join(tmpdir(), 'theater-web-'));
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: out, emptyOutDir: true, sourcemap: false } });
  return out;
}
