// Shared by the browser tests and bench/web.bench.ts: build the client, start the real server, launch Debian's
// headless Chromium through playwright-core (never a downloaded browser), open pages.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, errors as playwrightErrors, type Browser, type Locator, type Page } from 'playwright-core';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.ts';
import { buildClient } from './web-build.ts';

export { buildClient };

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS = join(ROOT, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const VIEWPORT = { width: 1366, height: 768 };

/** Launches Chromium headless; `extraArgs` add switches (the benchmark lifts the frame-rate limit). */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/**
 * The Chromium of this process, launched once (default switches): the browser test files that share a worker each
 * open their pages in contexts of their own (no shared storage or cache) and close them, not the browser, when done.
 * Playwright ends it with the process.
 */
let processChromium: Promise<Browser> | null = null;

function sharedChromium(): Promise<Browser> {
  if (!processChromium) {
    const b = launch();
    processChromium = b;
    b.then((br) => br.on('disconnected', () => { if (processChromium === b) processChromium = null; }), () => { if (processChromium === b) processChromium = null; });
  }
  return processChromium;
}

/** Each page's default timeout (Playwright keeps it but does not tell it). */
const pageTimeout = new WeakMap<Page, number>();

/** A new page (its own browser context: no shared storage or cache) at 1366x768, with its errors collected. */
export async function openPage(browser: Browser, timeout = 15_000): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(timeout);
  pageTimeout.set(page, timeout);
  return { page, errors: watchErrors(page) };
}

/**
 * `locator.waitFor(options)`, looking every 0.1 s: Playwright's own wait looks again after 0, 20, 50, 100 and 100 ms,
 * then every 0.5 s, so a wait for the server's or the AI's answer returned up to half a second after the page showed
 * it. Its waits of at most 2.5 s keep to 0.1 s (the back-off leaves out steps over a fifth of the timeout), so this
 * waits in such slices until `options.timeout` (else the page's default) has run out. For the waits on a turn.
 */
export async function waitShown(locator: Locator, options: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {}): Promise<void> {
  const timeout = options.timeout ?? pageTimeout.get(locator.page()) ?? 30_000;
  const deadline = Date.now() + timeout;
  for (;;) {
    const left = deadline - Date.now();
    try {
      await locator.waitFor({ state: options.state, timeout: Math.max(1, Math.min(2_000, left)) });
      return;
    } catch (e) {
      if (!(e instanceof playwrightErrors.TimeoutError)) throw e;
      if (left <= 2_000) {
        e.message = `${timeout} ms in all ran out (looked in slices of 2 s): ${e.message}`;
        throw e;
      }
    }
  }
}

/**
 * The server's AI as the browser tests start it: one worker, its searches bounded by the level's positions only. A
 * wall-clock budget is a guard for a real server; here it would make the AI's choices depend on the machine's load,
 * and jobs queued behind each other on the one worker ran out of the pool's hard limit while waiting (bkg's five
 * Allied powers at once: every job failed, the worker was restarted cold, failed again, and the game stalled).
 */
export const AI_BY_POSITIONS = { aiWorkers: 1, aiBudgetMs: 30 * 60_000 } satisfies Partial<ServerOptions>;

export interface E2E {
  server: RunningServer;
  browser: Browser;
  page: Page;
  errors: string[];
  webRoot: string;
  close(): Promise<void>;
}

/**
 * Builds the client, starts the real server on a free port with an in-memory database, opens a page in the process's
 * Chromium (a Chromium of its own with `chromiumArgs`). `close` closes every page and context of the browser (a test
 * file's own, as the files of a worker run one after the other) and the server.
 */
export async function startE2E(opts: { server?: Partial<ServerOptions>; timeout?: number; chromiumArgs?: string[] } = {}): Promise<E2E> {
  const webRoot = await buildClient();
  const server = await startServer({ port: 0, db: ':memory:', aiWorkers: 0, webRoot, log: () => {}, ...opts.server });
  const own = !!opts.chromiumArgs?.length;
  let browser: Browser;
  try {
    browser = await (own ? launch(opts.chromiumArgs) : sharedChromium());
  } catch (e) {
    await server.close();
    throw e;
  }
  const { page, errors } = await openPage(browser, opts.timeout);
  return {
    server, browser, page, errors, webRoot,
    async close() {
      if (own) await browser.close().catch(() => {});
      else await Promise.all(browser.contexts().map((c) => c.close().catch(() => {})));
      await server.close();
    },
  };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
}

/** Collects page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`); });
  return errors;
}

/**
 * Routes the page's game sockets through the test, so that it can hold back the server's answers to the page's
 * requests (acks) while letting the state pushes through: the order a slow network or server gives at times.
 * Call before the page opens a game. `hold()` starts holding; `release()` sends what was held, in order, and stops.
 */
export async function answersHeldBack(page: Page): Promise<{ hold(): void; release(): void; held(): number }> {
  let holding = false;
  const held: (() => void)[] = [];
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      const answer = typeof m === 'string' && /^\{"type":"ack"/.test(m);
      if (holding && answer) held.push(() => ws.send(m)); else ws.send(m);
    });
  });
  return {
    hold() { holding = true; },
    release() { holding = false; for (const send of held.splice(0)) send(); },
    held: () => held.length,
  };
}

/** POST/GET against the server under test from Node. */
export async function apiCall<T>(server: RunningServer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + path, {
    method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

export interface NewGame {
  ruleset: string;
  /** Scenario id (default: the form's first). */
  scenario?: string;
  /** Each seat: played here ("me"), by the AI or by an invited player. */
  seats: Record<string, 'me' | 'ai' | 'invite'>;
  /** AI level per AI seat (1 easy ... 3 hard). */
  levels?: Record<string, number>;
  /** Rule-set options as the form's select values (JSON text, e.g. "true"). */
  options?: Record<string, string>;
  clock?: { minutes: number; incrementSeconds: number };
  /** Screenshot name of the filled form. */
  shot?: string;
}

/** Fills the home page's new-game form and starts the game; resolves on the game screen of the first "me" seat. */
export async function newGameOnHome(page: Page, url: string, g: NewGame): Promise<void> {
  await fillNewGame(page, url, g);
  await page.waitForURL(/\/play\/[0-9a-f]+$/);
  await page.locator('[data-testid=game]').waitFor();
}

/** Fills the home page's new-game form and clicks "Start game" (with invited seats the page then shows their links). */
export async function fillNewGame(page: Page, url: string, g: NewGame): Promise<void> {
  // Asked for by id, so that hidden test games (duel) are listed too.
  await page.goto(`${url}/?ruleset=${g.ruleset}`);
  await page.locator(`[data-testid=ruleset] option[value="${g.ruleset}"]`).waitFor({ state: 'attached' });
  await page.selectOption('[data-testid=ruleset]', g.ruleset);
  if (g.scenario) await page.selectOption('[data-testid=scenario]', g.scenario);
  for (const [id, v] of Object.entries(g.options ?? {})) {
    await page.locator(`[data-testid=option-${id}]`).waitFor();
    await page.selectOption(`[data-testid=option-${id}]`, v);
  }
  for (const [seat, kind] of Object.entries(g.seats)) {
    await page.selectOption(`[data-testid=seat-${seat}]`, kind);
    const level = g.levels?.[seat];
    if (kind === 'ai' && level !== undefined) await page.selectOption(`[data-testid=level-${seat}]`, String(level));
  }
  if (g.clock) {
    await page.check('[data-testid=clock-on]');
    await page.fill('[data-testid=clock-minutes]', String(g.clock.minutes));
    await page.fill('[data-testid=clock-increment]', String(g.clock.incrementSeconds));
  }
  if (g.shot) await shot(page, g.shot);
  await page.click('[data-testid=create]');
}

/** The tokens this browser holds for `seat` (localStorage, src/web/storage.ts), newest game first. */
export async function heldToken(page: Page, seat: string): Promise<string> {
  const t = await page.evaluate((s) => (JSON.parse(localStorage.getItem('theater.tokens') ?? '[]') as { seat?: string; token: string }[])
    .find((x) => x.seat === s)?.token ?? null, seat);
  if (!t) throw new Error(`this browser holds no token for seat ${seat}`);
  return t;
}

/** Waits until the game screen's state id moves past `before` (the server applied something and the page shows it). */
export async function stateAfter(page: Page, before: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    && !document.querySelector('[data-testid=choice][disabled]'), before, { timeout });
}

/** Waits until the replay shows action `at`. */
async function replayAt(page: Page, at: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-testid=replay]')?.getAttribute('data-at') === String(n), at);
}

/** Opens the replay of a game of `n` actions and steps to its end, one back, and to its start. */
export async function replayEndBackStart(page: Page, n: number): Promise<void> {
  await page.click('[data-testid=open-replay]');
  await page.locator('[data-testid=replay]').waitFor();
  await page.click('[data-testid=replay-end]');
  await replayAt(page, n);
  await page.click('[data-testid=replay-back]');
  await replayAt(page, n - 1);
  await page.click('[data-testid=replay-start]');
  await replayAt(page, 0);
}
