// Browser client speed in Debian's headless Chromium, on the 2WW campaign served by the real server with all 119
// counters on the map (test/e2e/full-map-2ww.ts): time to the first interactive map, the cost of each frame while
// panning (mouse drag) and zooming (wheel) with every panel of the game screen up, and how soon an attack's exact
// odds follow a change to it. Run: npx tsx bench/web.bench.ts (builds the client first, or uses
// THEATER_WEB_ROOT). Method: docs/web.md "Benchmark". Software rendering (--disable-gpu): figures are indicative.
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { CreateGameResponse, PlayResponse } from '../src/server/protocol.ts';
import { apiCall, openPage, startE2E } from '../test/e2e/harness.ts';
import { fullMapPosition } from '../test/e2e/full-map-2ww.ts';
import { takeSeats } from '../src/server/test-helpers.ts';

export interface FrameFigures {
  /** Frames that reached the screen during the gesture. */
  frames: number;
  /** Median and 95th percentile ms per frame from the start of its work to its presentation: input, script, style,
   * layout, paint, commit, raster and draw (framesOfTrace). */
  medianMs: number;
  p95Ms: number;
  /** The same frames from their begin-frame tick, including the wait for input and for the begin-frame clock. */
  pacedMedianMs: number;
  pacedP95Ms: number;
  /** Median and 95th percentile ms of main-thread busy time per main frame (framesOfTrace). */
  mainMedianMs: number;
  mainP95Ms: number;
}

export interface WebBenchFigures {
  /** Median ms from navigation start to a painted map with counters and the prompt's choices (fresh browser
   * context each run: no cache, no storage). */
  firstInteractiveMs: number;
  firstInteractiveMaxMs: number;
  /** The same for the first page the server served after its start (cold server), not in the median. */
  coldServerMs: number;
  pan: FrameFigures;
  zoom: FrameFigures;
  /** Units standing on map hexes (every counter of the game), and the counters drawn (a stack shows its top 3). */
  unitsOnMap: number;
  countersDrawn: number;
  runs: number;
  /** Median and max ms from a click that changes the attack being composed (2WW 9.1.1, adding a unit: the page's
   * pointerdown) to its exact odds on the page (the DOM holding them): the action's round trip, the new state, the odds
   * request and the server's enumeration. */
  oddsMedianMs: number;
  oddsMaxMs: number;
  oddsSamples: number;
  /** Of that, the median ms the odds request took (sent to answered: the server's part), and the rest (the page's). */
  oddsRequestMedianMs: number;
  oddsPageMedianMs: number;
}

/** Chromium switches: frames as fast as the page can make them, not paced by a 60 Hz vsync. */
export const UNPACED = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];
const TRACE = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'benchmark', 'cc'];

function quantile(a: number[], q: number): number {
  const s = [...a].sort((x, y) => x - y);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
const round = (x: number) => +x.toFixed(1);

interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; id2?: unknown; id?: unknown; args?: Record<string, any> }

interface Slice { name: string; key: string; start: number; end: number; args?: Record<string, any> }

/**
 * Per presented frame of the page's renderer, from a Chromium trace: `work`, ms from the start of the frame's work
 * to presentation: the PipelineReporter slice less its first stage, BeginImplFrameToSendBeginMainFrame (the
 * scheduler waiting for input, for the begin-frame clock or, in a compositor-only frame, for its deadline); `paced`, the
 * whole PipelineReporter slice; `main`, main-thread busy time per main frame: the renderer main thread's tasks
 * (ThreadControllerImpl::RunTask) from the end of one main frame (ProxyMain::BeginMainFrame: rAF, style, layout, paint, commit) to the end of
 * the next, which takes in the input handlers, timers and script that frame shows.
 */
export function framesOfTrace(events: TraceEvent[]): { work: number[]; paced: number[]; main: number[] } {
  // The page's renderer: the process that dispatched the input events.
  const byPid = new Map<number, number>();
  for (const e of events) if (e.name === 'EventDispatch') byPid.set(e.pid, (byPid.get(e.pid) ?? 0) + 1);
  const pid = [...byPid].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (pid === undefined) throw new Error('web bench: the trace has no EventDispatch events; did the input reach the page?');
  const open = new Map<string, TraceEvent>();
  const slices: Slice[] = [];
  for (const e of events) {
    if (e.pid !== pid || (e.ph !== 'b' && e.ph !== 'e')) continue;
    const key = JSON.stringify(e.id2 ?? e.id);
    if (e.ph === 'b') { open.set(e.name + key, e); continue; }
    const b = open.get(e.name + key);
    if (!b) continue;
    open.delete(e.name + key);
    slices.push({ name: e.name, key, start: b.ts, end: e.ts, args: b.args });
  }
  // A frame's first stage starts within a few microseconds of the frame itself, under the same id.
  const waits = new Map<string, Slice[]>();
  for (const s of slices) if (s.name === 'BeginImplFrameToSendBeginMainFrame') (waits.get(s.key) ?? waits.set(s.key, []).get(s.key)!).push(s);
  const waitOf = (f: Slice) => waits.get(f.key)?.find((w) => w.start >= f.start && w.start - f.start < 1000 && w.end <= f.end);
  const work: number[] = [], paced: number[] = [], main: number[] = [];
  const frames = events.filter((e) => e.pid === pid && e.ph === 'X' && e.name === 'ProxyMain::BeginMainFrame').sort((a, b) => a.ts - b.ts);
  const tid = frames[0]?.tid;
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  let from = -Infinity, t = 0;
  for (const f of frames) {
    const to = f.ts + (f.dur ?? 0);
    let busy = 0;
    for (; t < tasks.length && tasks[t]!.ts < to; t++) {
      const k = tasks[t]!;
      busy += Math.max(0, Math.min(to, k.ts + k.dur!) - Math.max(from, k.ts));
    }
    // A task that runs over the frame's end counts again, in its remaining part, for the next frame.
    if (t > 0 && tasks[t - 1]!.ts + tasks[t - 1]!.dur! > to) t--;
    main.push(busy / 1000);
    from = to;
  }
  for (const s of slices) {
    if (s.name !== 'PipelineReporter') continue;
    const state = s.args?.frame_reporter?.state as string | undefined;
    if (state !== 'STATE_PRESENTED_ALL' && state !== 'STATE_PRESENTED_PARTIAL') continue;
    paced.push((s.end - s.start) / 1000);
    const w = waitOf(s);
    work.push((s.end - (w ? w.end : s.start)) / 1000);
  }
  return { work, paced, main };
}

type Frames = ReturnType<typeof framesOfTrace>;

async function traced(browser: Browser, page: Page, gesture: () => Promise<void>): Promise<Frames> {
  await browser.startTracing(page, { categories: TRACE });
  await gesture();
  // The gesture's end commits the map's transform 150 ms later (a full repaint): that frame counts too.
  await page.waitForTimeout(400);
  const buf = await browser.stopTracing();
  const json = JSON.parse(buf.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return framesOfTrace(Array.isArray(json) ? json : json.traceEvents ?? []);
}

function figures(f: Frames): FrameFigures {
  return {
    frames: f.work.length,
    medianMs: round(quantile(f.work, 0.5)), p95Ms: round(quantile(f.work, 0.95)),
    pacedMedianMs: round(quantile(f.paced, 0.5)), pacedP95Ms: round(quantile(f.paced, 0.95)),
    mainMedianMs: round(quantile(f.main, 0.5)), mainP95Ms: round(quantile(f.main, 0.95)),
  };
}

// Plain strings: tsx would wrap inline functions with helpers the page does not have.
const MARK_INTERACTIVE = `(() => {
  const ready = () => document.querySelector('[data-testid=map] .counter') && document.querySelector('[data-testid=choice]');
  const mark = () => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { window.__interactive = performance.now(); };
    ch.port2.postMessage(0);
  });
  new MutationObserver((_, o) => { if (ready()) { o.disconnect(); mark(); } }).observe(document, { subtree: true, childList: true });
})()`;

export async function benchWeb(runs = 5): Promise<WebBenchFigures> {
  const { position, units } = fullMapPosition();
  const e2e = await startE2E({ chromiumArgs: UNPACED });
  try {
    const firsts: number[] = [];
    const pan: Frames = { work: [], paced: [], main: [] };
    const zoom: Frames = { work: [], paced: [], main: [] };
    let coldServerMs = NaN;
    let unitsOnMap = 0, countersDrawn = 0;
    await e2e.page.close();
    // Run 0 warms the server up (its first page and game): reported apart, not in the figures.
    for (let i = 0; i <= runs; i++) {
      const g = await apiCall<CreateGameResponse>(e2e.server, 'POST', '/api/games', {
        ruleset: '2ww', position, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } },
      });
      // Both seats key their dice first (docs/fair-dice.md): until then no choice is offered.
      await takeSeats(e2e.server.url, [g.seats.axis!.token, g.seats.allies!.token]);
      const { page } = await openPage(e2e.browser, 30_000);
      await page.addInitScript(MARK_INTERACTIVE);
      await page.goto(`${e2e.server.url}/play/${g.seats.axis!.token}`);
      await page.waitForFunction('window.__interactive !== undefined', undefined, { timeout: 30_000 });
      const first = await page.evaluate('window.__interactive') as number;
      if (i === 0) { coldServerMs = Math.round(first); await page.close(); continue; }
      firsts.push(first);
      // Units per drawn stack: its count badge, else 1.
      unitsOnMap = await page.evaluate(`[...document.querySelectorAll('[data-testid=map] .stack')]
        .reduce((n, s) => n + Number(s.querySelector('.stack-count text')?.textContent ?? 1), 0)`) as number;
      countersDrawn = await page.locator('[data-testid=map] .counter').count();
      if (unitsOnMap !== units) throw new Error(`web bench: ${unitsOnMap} units drawn on the map, the position has ${units}`);
      const box = (await page.locator('[data-testid=map]').boundingBox())!;
      const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
      const p = await traced(e2e.browser, page, async () => {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        for (let k = 0; k < 60; k++) await page.mouse.move(cx + Math.sin(k / 6) * 200, cy + Math.cos(k / 6) * 120);
        await page.mouse.up();
      });
      for (const k of ['work', 'paced', 'main'] as const) pan[k].push(...p[k]);
      await page.mouse.move(cx, cy);
      const z = await traced(e2e.browser, page, async () => {
        for (let k = 0; k < 40; k++) await page.mouse.wheel(0, k < 20 ? -120 : 120);
      });
      for (const k of ['work', 'paced', 'main'] as const) zoom[k].push(...z[k]);
      await page.close();
    }
    const odds = await oddsLatency(e2e, runs);
    return {
      firstInteractiveMs: Math.round(quantile(firsts, 0.5)), firstInteractiveMaxMs: Math.round(Math.max(...firsts)), coldServerMs,
      pan: figures(pan), zoom: figures(zoom), unitsOnMap, countersDrawn, runs,
      oddsMedianMs: Math.round(quantile(odds.map((o) => o.total), 0.5)), oddsMaxMs: Math.round(Math.max(...odds.map((o) => o.total))),
      oddsSamples: odds.length, oddsRequestMedianMs: Math.round(quantile(odds.map((o) => o.request), 0.5)),
      oddsPageMedianMs: Math.round(quantile(odds.map((o) => o.total - o.request), 0.5)),
    };
  } finally {
    await e2e.close();
  }
}

/**
 * The time from adding a unit to an attack being composed to the exact odds of attacking with it shown on the page
 * (#21 item 3: within about 100 ms). 2WW quick set-up: the Axis moves GE 4th infantry next to 2405 and declares a
 * land attack there over HTTP; the page then adds GE 4th infantry and GE 1st air, each timed from the click to the
 * running odds naming the unit.
 */
export async function oddsLatency(e2e: Awaited<ReturnType<typeof startE2E>>, runs: number): Promise<{ total: number; request: number }[]> {
  const out: { total: number; request: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const g = await apiCall<CreateGameResponse>(e2e.server, 'POST', '/api/games', {
      ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } },
    });
    const token = g.seats.axis!.token;
    await takeSeats(e2e.server.url, [token, g.seats.allies!.token]);
    const choose = async (label: RegExp) => {
      const p = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${token}`);
      // A structured prompt (2WW movement) holds its moves in groups: ask for each group's choices.
      const all = [...p.view.prompt!.choices];
      for (const grp of p.view.prompt!.groups ?? []) {
        all.push(...(await apiCall<{ choices: typeof all }>(e2e.server, 'GET', `/api/play/${token}/choices/${encodeURIComponent(grp.key)}?stateId=${p.stateId}`)).choices);
      }
      const c = all.find((x) => label.test(x.label));
      if (!c) throw new Error(`web bench: no choice ${label} in "${p.view.prompt!.text}"`);
      await apiCall(e2e.server, 'POST', `/api/play/${token}/action`, { stateId: p.stateId, action: c.action });
    };
    await choose(/^Move GE 4th infantry to 2305\b/);
    await choose(/^End the movement phase$/);
    await choose(/^Land attack on 2405\b/);
    const { page } = await openPage(e2e.browser, 30_000);
    // Times taken in the page: the click (pointerdown), the odds request sent and answered, the odds text changed.
    await page.addInitScript(`(() => {
      const t = window.__odds = { click: 0, asked: 0, answered: 0, shown: [] };
      addEventListener('pointerdown', () => { t.click = performance.now(); }, true);
      const f = window.fetch;
      window.fetch = async (u, init) => {
        const odds = String(init && init.body).includes('"kind":"odds"');
        if (odds) t.asked = performance.now();
        const r = await f(u, init);
        if (odds) t.answered = performance.now();
        return r;
      };
      new MutationObserver(() => {
        const o = document.querySelector('[data-testid=running-odds] .odds-desc');
        if (o) t.shown.push([performance.now(), o.textContent]);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    })()`);
    await page.goto(`${e2e.server.url}/play/${token}`);
    await page.locator('[data-testid=your-turn]').waitFor();
    for (const unit of ['GE 4th infantry', 'GE 1st air']) {
      const button = page.locator('[data-testid=choice]', { hasText: `Add ${unit}` }).first();
      await button.waitFor();
      await button.click();
      await page.waitForFunction((u) => document.querySelector('[data-testid=running-odds] .odds-desc')?.textContent?.includes(u), unit, { timeout: 30_000 });
      const t = await page.evaluate('window.__odds') as { click: number; asked: number; answered: number; shown: [number, string][] };
      const shown = t.shown.find(([at, text]) => at > t.click && text.includes(unit))![0];
      out.push({ total: shown - t.click, request: t.answered - t.asked });
    }
    await page.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const f = await benchWeb(Number(process.env.RUNS ?? 5));
  const line = (what: string, x: FrameFigures) =>
    `web: ${what}: ${x.frames} frames; frame time median ${x.medianMs} ms, p95 ${x.p95Ms} ms; main thread median ${x.mainMedianMs} ms, `
    + `p95 ${x.mainP95Ms} ms; from the begin-frame tick median ${x.pacedMedianMs} ms, p95 ${x.pacedP95Ms} ms`;
  console.log(`web: 2WW campaign, ${f.unitsOnMap} units on the map (${f.countersDrawn} counters drawn), ${f.runs} runs`);
  console.log(`web: first interactive map median ${f.firstInteractiveMs} ms (max ${f.firstInteractiveMaxMs} ms; first page after the server started ${f.coldServerMs} ms)`);
  console.log(line('pan (drag)', f.pan));
  console.log(line('zoom (wheel)', f.zoom));
  console.log(`web: exact odds of the attack being composed, from the click to the page: median ${f.oddsMedianMs} ms, max ${f.oddsMaxMs} ms (${f.oddsSamples} clicks); `
    + `of which the odds request (sent to answered) median ${f.oddsRequestMedianMs} ms, the rest (action round trip, page) median ${f.oddsPageMedianMs} ms`);
}
