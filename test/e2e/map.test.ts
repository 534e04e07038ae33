// The map in a real headless Chromium, against a synthetic board in the board contract and a mocked API
// (test/e2e/board-fixture.ts): highlights come only from what the prompt's choices point at (refs), only those can be
// sent, a stack opens in the inspector beside the map, an illegal click says which rule forbids it, an attack shows its
// exact odds before it is committed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildClient, launch, openPage, shot } from './harness.ts';
import { FIXTURE_TOKEN, serveFixture } from './board-fixture.ts';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('map view driven by the prompt (synthetic 35x17 board, 122 counters)', () => {
  let browser: Browser;
  let page: Page;
  let posted: unknown[];
  let errors: string[];
  let waitUrl: string;
  let longWaitUrl: string;

  beforeAll(async () => {
    const webRoot = await buildClient();
    browser = await launch();
    ({ page, errors } = await openPage(browser));
    const f = await serveFixture(page, webRoot);
    posted = f.posted;
    waitUrl = f.waitUrl;
    longWaitUrl = f.longWaitUrl;
    await page.goto(f.url);
    await page.locator('[data-testid=map] .counter').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws every counter: on the map, in boxes and in the force pool', async () => {
    await shot(page, 'map-game');
    expect(await page.locator('[data-testid=map] .stack').count()).toBeGreaterThan(50);
    expect(await page.locator('[data-testid=box-atlantic-ocean] .counter').count()).toBe(4);
    expect(await page.locator('[data-testid=box-pool] .counter').count()).toBe(8);
    expect(await page.locator('[data-testid=reconstructed]').count()).toBe(1);
    expect(await page.locator('.city-name', { hasText: 'Berlin' }).count()).toBe(1);
  });

  it('#21 bug 3 / item 4: a stack opens in the inspector beside the map, listing every unit; nothing spreads over the map', async () => {
    await page.locator('[data-testid=map] [data-hex="1406"] [data-unit]').last().click();
    const insp = page.locator('[data-testid=inspector]');
    await insp.waitFor();
    const here = await page.evaluate(() => document.querySelectorAll('[data-testid=map] [data-hex="1406"] .counter').length);
    expect(await insp.locator('[data-testid=inspector-unit]').count()).toBeGreaterThanOrEqual(Math.min(here, 2));
    expect(await insp.textContent()).toContain('1406 Berlin');
    expect(await insp.textContent()).toMatch(/GE 1 armor Germany 6-5 \(full; reduced 3-5\)/);
    expect(await page.locator('[data-testid=map] .expanded').count()).toBe(0);
    expect(overlaps((await insp.boundingBox())!, (await page.locator('[data-testid=map]').boundingBox())!)).toBe(false);
    await shot(page, 'map-inspector');
  });

  it('a selected unit lights exactly the hexes its choices lead to; two ways there are both offered', async () => {
    await page.locator('[data-testid=inspector] [data-unit-id="ge-arm-x"]').click();
    await expect.poll(() => page.locator('[data-testid=map] .hl').count()).toBe(1);
    expect(await page.locator('[data-testid=hl-1306]').count()).toBe(1);
    await shot(page, 'map-selected');
    await page.locator('[data-testid=hl-1306]').click();
    await expect.poll(() => page.locator('[data-testid=choice]:not([data-phase])').count()).toBe(2);
    expect(posted).toEqual([]);
    await page.locator('[data-testid=choice]', { hasText: 'Rail' }).click();
    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]).toEqual({ stateId: 3, action: { type: 'move', unit: 'ge-arm-x', to: '1306', mode: 'rail' } });
  });

  it('#21 item 9: a hex the selection cannot reach sends nothing and says which rule forbids it', async () => {
    await page.locator('[data-testid=inspector] [data-unit-id="ge-inf-0"]').click();
    expect([...await page.locator('[data-testid=map] .hl').evaluateAll((l) => l.map((e) => e.getAttribute('data-hex')))].sort()).toEqual(['1405', '1506']);
    await page.locator('[data-testid=map] .hits [data-hex="2010"]').click({ force: true });
    const refusal = page.locator('[data-testid=refusal]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('2WW 5.1.1');
    expect(await refusal.textContent()).toContain('2010');
    expect(posted.length).toBe(1);
    await shot(page, 'map-refusal');
  });

  it('#21 item 3: a combat declaration shows its exact distribution before it is committed', async () => {
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=hl-1606]').click();
    await page.locator('[data-testid=confirm-box] [data-testid=odds]').waitFor();
    expect(await page.locator('[data-testid=odds-row]').count()).toBe(3);
    expect(await page.locator('[data-testid=odds-summary]').textContent()).toMatch(/Win 33\.3% · lose 33\.3% · neither 33\.3%/);
    expect(posted.length).toBe(1);
    await shot(page, 'map-odds');
    await page.keyboard.press('Enter');
    await expect.poll(() => posted.length).toBe(2);
    expect(posted[1]).toEqual({ stateId: 3, action: { type: 'attack', hex: '1606' } });
  });

  it('#21 item 7: the supply overlay rings the units out of supply and says why; hovering a unit describes it', async () => {
    await page.check('[data-testid=supply-overlay]');
    await expect.poll(() => page.locator('[data-testid=map] .counter.marked').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=oos-list]').textContent()).toContain('cut off from its supply source');
    const c = page.locator('[data-testid=map] .counter.marked').first();
    await c.hover();
    await page.locator('[data-testid=map-hover]').waitFor();
    expect(await page.locator('[data-testid=map-hover]').textContent()).toMatch(/out of supply/);
    await shot(page, 'map-supply');
    await page.uncheck('[data-testid=supply-overlay]');
  });

  it('keyboard zoom and hex ids on demand', async () => {
    await page.locator('[data-testid=prompt-text]').click();
    const g = page.locator('[data-testid=map] > g');
    const before = await g.getAttribute('transform');
    await page.keyboard.press('+');
    expect(await g.getAttribute('transform')).not.toBe(before);
    await page.keyboard.press('i');
    await expect.poll(() => page.locator('.hex-ids text').count()).toBeGreaterThan(500);
    await shot(page, 'map-zoomed-ids');
    await page.keyboard.press('i');
    expect(errors).toEqual([]);
  });

  it('QA 2: a unit picked from a list while its hex is off-screen is brought into view; `c` centres on the selected unit', async () => {
    /** Whether a hex's middle lies in the map's box. */
    const inView = (hex: string) => page.evaluate((h) => {
      const m = document.querySelector('[data-testid=map]')!.getBoundingClientRect();
      const r = document.querySelector(`[data-testid=map] .hits [data-hex="${h}"]`)!.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      return x > m.left && x < m.right && y > m.top && y < m.bottom;
    }, hex);
    const panAway = async () => {
      await page.locator('[data-testid=prompt-text]').click();
      for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowLeft');
      expect(await inView('1406')).toBe(false);
    };
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=map] [data-hex="1406"] [data-unit]').last().click();
    await page.locator('[data-testid=inspector]').waitFor();
    await page.keyboard.press('Escape');
    await panAway();
    await page.locator('[data-testid=inspector] [data-unit-id="ge-arm-x"]').click();
    await expect.poll(() => page.locator('[data-testid=map] .hl').count()).toBe(1);
    expect(await inView('1406')).toBe(true);
    // With no hex picked (the inspector closed), `c` centres on the selected unit's.
    await page.locator('[data-testid=inspector] button[aria-label="Close the inspector"]').click();
    await page.locator('[data-testid=inspector]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid=map] .hl').count()).toBe(1);
    await panAway();
    await page.keyboard.press('c');
    await expect.poll(() => inView('1406')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the decision\'s context names places and says "none" for an empty list, never a blank', async () => {
    const ctx = page.locator('[data-testid=prompt-context]');
    await ctx.waitFor();
    const rows = await ctx.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows).toEqual([['Moved', 'none'], ['Hex', '1406 Berlin']]);
  });

  it('a long rule citation (A&A Europe\'s) wraps inside the log rather than widening it', async () => {
    const ev = page.locator('[data-testid=log-event]', { hasText: 'United Kingdom bombs Germany' });
    await ev.waitFor();
    const w = await page.locator('.log-panel ol').evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(w.scroll).toBeLessThanOrEqual(w.client + 1);
    expect(errors).toEqual([]);
  });

  it('waiting for an AI seat shows that it is thinking, at its level, with the seconds going by', async () => {
    await page.goto(waitUrl);
    const thinking = page.locator('[data-testid=thinking-axis]');
    await thinking.waitFor();
    expect(await thinking.textContent()).toMatch(/AI \(hard\) is thinking, 0 s/);
    await expect.poll(() => thinking.textContent(), { timeout: 5000 }).toMatch(/thinking, [1-9]\d* s/);
    expect(await page.locator('[data-testid=choice]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('ending a phase that loses units (aircraft with nowhere to land) names them and asks first; Esc keeps the phase', async () => {
    await page.goto(page.url().replace(/\/play\/.*$/, '') + '/play/' + FIXTURE_TOKEN);
    await page.locator('[data-testid=map] .counter').first().waitFor();
    const before = posted.length;
    await page.locator('[data-testid=choice]', { hasText: 'End the movement phase' }).click();
    const confirm = page.locator('[data-testid=confirm]');
    await confirm.waitFor();
    expect(await page.locator('[data-testid=prompt]').textContent()).toContain('End the movement phase loses GE 1 infantry.');
    expect(posted.length).toBe(before);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(posted.length).toBe(before);
    expect(errors).toEqual([]);
  });

  it('the top bar says who is to play when the status names nobody, and stays one row on a wide screen', async () => {
    await page.goto(longWaitUrl);
    await page.locator('[data-testid=to-play]').waitFor();
    expect(await page.locator('[data-testid=to-play]').textContent()).toMatch(/^Germany, .* to play$/);
    for (const width of [1366, 1201]) {
      await page.setViewportSize({ width, height: 768 });
      const middles = await page.locator('header.topbar > *, header.topbar .tools > *').evaluateAll((els) => els.map((e) => e.getBoundingClientRect())
        .filter((r) => r.height > 0).map((r) => (r.top + r.bottom) / 2));
      expect(Math.max(...middles) - Math.min(...middles), `one row at ${width} px`).toBeLessThan(12);
    }
    await shot(page, 'map-topbar-to-play');
    // A phone gives it a row of its own, whole (the first row has no room left).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('[data-testid=to-play]').evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().width > 150)).toBe(true);
    await shot(page, 'map-topbar-to-play-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(errors).toEqual([]);
  });
});
