// Browser client speed in Debian's headless Chromium: time to the first interactive map, and frame times while
// panning and zooming with all 120 counters of the synthetic board on the map. Run: npx tsx bench/web.bench.ts
// (builds the client first, or uses THEATER_WEB_ROOT). Software rendering (--disable-gpu): figures are indicative.
import { pathToFileURL } from 'node:url';
import { buildClient, launch } from '../test/e2e/harness.ts';
import { serveFixture } from '../test/e2e/board-fixture.ts';

export interface WebBenchFigures {
  /** Median ms from navigation start to a drawn map with counters and the prompt's choices. */
  firstInteractiveMs: number;
  /** Median and 95th percentile ms between frames while dragging the map. */
  panFrameMedianMs: number;
  panFrameP95Ms: number;
  /** Median and 95th percentile ms between frames while zooming with the wheel. */
  zoomFrameMedianMs: number;
  zoomFrameP95Ms: number;
  counters: number;
  runs: number;
}

const median = (a: number[]) => quantile(a, 0.5);
function quantile(a: number[], q: number): number {
  const s = [...a].sort((x, y) => x - y);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

export async function benchWeb(runs = 5): Promise<WebBenchFigures> {
  const webRoot = await buildClient();
  const browser = await launch();
  try {
    const firsts: number[] = [];
    const pan: number[] = [];
    const zoom: number[] = [];
    let counters = 0;
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      const f = await serveFixture(page, webRoot, { allOnMap: true });
      await page.goto(f.url);
      await page.locator('[data-testid=map] .counter').first().waitFor();
      await page.locator('[data-testid=choice]').first().waitFor();
      firsts.push(await page.evaluate(() => performance.now()));
      counters = await page.locator('[data-testid=map] .counter').count();
      const box = (await page.locator('[data-testid=map]').boundingBox())!;
      const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
      // Plain strings: tsx would wrap inline functions with helpers the page does not have.
      const record = () => page.evaluate(`(() => {
        window.__frames = []; window.__stop = false;
        let last = performance.now();
        const tick = (t) => { window.__frames.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      })()`);
      const collect = () => page.evaluate(`(() => { window.__stop = true; return window.__frames.slice(1); })()`) as Promise<number[]>;
      await record();
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let k = 0; k < 60; k++) await page.mouse.move(cx + Math.sin(k / 6) * 200, cy + Math.cos(k / 6) * 120);
      await page.mouse.up();
      pan.push(...(await collect()));
      await record();
      for (let k = 0; k < 40; k++) await page.mouse.wheel(0, k < 20 ? -120 : 120);
      zoom.push(...(await collect()));
      await page.close();
    }
    return {
      firstInteractiveMs: Math.round(median(firsts)),
      panFrameMedianMs: +median(pan).toFixed(1), panFrameP95Ms: +quantile(pan, 0.95).toFixed(1),
      zoomFrameMedianMs: +median(zoom).toFixed(1), zoomFrameP95Ms: +quantile(zoom, 0.95).toFixed(1),
      counters, runs,
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const f = await benchWeb(Number(process.env.RUNS ?? 5));
  console.log(`web: first interactive map ${f.firstInteractiveMs} ms (median of ${f.runs}); ${f.counters} counters on the map`);
  console.log(`web: pan frames median ${f.panFrameMedianMs} ms, p95 ${f.panFrameP95Ms} ms`);
  console.log(`web: zoom frames median ${f.zoomFrameMedianMs} ms, p95 ${f.zoomFrameP95Ms} ms`);
}
