// The map in a real headless Chromium, against a synthetic board and a mocked API (test/e2e/board-fixture.ts):
// highlights come only from the prompt's choices, and only those can be sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildClient, launch, openPage, shot } from './harness.ts';
import { serveFixture } from './board-fixture.ts';

describe('map view driven by the prompt (synthetic 35x17 board, 120 counters)', () => {
  let browser: Browser;
  let page: Page;
  let posted: unknown[];
  let errors: string[];
  let waitUrl: string;

  beforeAll(async () => {
    const webRoot = await buildClient();
    browser = await launch();
    ({ page, errors } = await openPage(browser));
    const f = await serveFixture(page, webRoot);
    posted = f.posted;
    waitUrl = f.waitUrl;
    await page.goto(f.url);
    await page.locator('[data-testid=map] .counter').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws every counter: on the map, in boxes and in the force pool', async () => {
    await shot(page, 'map-game');
    const onMap = await page.locator('[data-testid=map] .stack').count();
    expect(onMap).toBeGreaterThan(50);
    expect(await page.locator('[data-testid=box-atlantic-ocean] .counter').count()).toBe(4);
    expect(await page.locator('[data-testid=box-pool] .counter').count()).toBe(8);
    expect(await page.locator('[data-testid=reconstructed]').count()).toBe(1);
    expect(await page.locator('.city-name', { hasText: 'Berlin' }).count()).toBe(1);
  });

  it('a selected unit lights exactly the hexes its choices lead to; two ways there are both offered', async () => {
    await page.locator('[data-testid=map] [data-hex="1406"] [data-unit="ge-arm-x"]').click();
    await page.locator('[data-testid=map] .expanded [data-unit="ge-arm-x"]').click();
    await expect.poll(() => page.locator('[data-testid=map] .hl').count()).toBe(1);
    expect(await page.locator('[data-testid=hl-1306]').count()).toBe(1);
    await shot(page, 'map-selected');
    await page.locator('[data-testid=hl-1306]').click();
    await expect.poll(() => page.locator('[data-testid=choice]').count()).toBe(2);
    expect(posted).toEqual([]);
    await page.locator('[data-testid=choice]', { hasText: 'Rail' }).click();
    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]).toEqual({ stateId: 3, action: { type: 'move', unit: 'ge-arm-x', to: '1306', mode: 'rail' } });
  });

  it('a hex the prompt does not offer sends nothing', async () => {
    await page.locator('[data-testid=map] [data-hex="1406"] [data-unit]').last().click();
    await page.locator('[data-testid=map] .expanded [data-unit="ge-inf-0"]').click();
    expect([...await page.locator('[data-testid=map] .hl').evaluateAll((l) => l.map((e) => e.getAttribute('data-hex')))].sort()).toEqual(['1405', '1506']);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=map] .hits [data-hex="2010"]').click({ force: true });
    await page.waitForTimeout(200);
    expect(posted.length).toBe(1);
  });

  it('a combat declaration shows its outcome distribution (context.odds) before it is committed', async () => {
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=hl-1606]').click();
    await page.locator('[data-testid=odds]').waitFor();
    expect(await page.locator('[data-testid=odds] .odds-row').count()).toBe(3);
    expect(posted.length).toBe(1);
    await shot(page, 'map-odds');
    await page.keyboard.press('Enter');
    await expect.poll(() => posted.length).toBe(2);
    expect(posted[1]).toEqual({ stateId: 3, action: { type: 'attack', hex: '1606' } });
  });

  it('keyboard zoom and hex ids on demand', async () => {
    const g = page.locator('[data-testid=map] > g');
    const before = await g.getAttribute('transform');
    await page.keyboard.press('+');
    expect(await g.getAttribute('transform')).not.toBe(before);
    await page.keyboard.press('i');
    await expect.poll(() => page.locator('.hex-ids text').count()).toBeGreaterThan(500);
    await shot(page, 'map-zoomed-ids');
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
});
