// A&A Europe in a real headless Chromium against the real server: a hot-seat game of four powers created on the
// home page plays one full round — each power buys an infantry, ends its moves and places the infantry at an
// industrial complex — by clicks on the prompt's listed choices, switching seats as each power's turn comes.
// Screenshots: test-results/aae-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/index.ts';
import { shot, startE2E, waitShown, type E2E } from './harness.ts';

const SEATS = ['germany', 'ussr', 'uk', 'usa'];

const stateId = async (page: Page): Promise<number> => Number(await page.locator('[data-testid=game]').getAttribute('data-state-id'));

/** Round and power of the game, as the server gives it to this page's seat. */
async function where(page: Page): Promise<{ round: number; power: string; pending: Record<string, string[]> }> {
  return page.evaluate(async () => {
    const token = location.pathname.split('/').pop()!;
    const p = await (await fetch(`/api/play/${token}`)).json() as { view: { state: { round: number; power: string; pending: Record<string, string[]> } } };
    return { round: p.view.state.round, power: p.view.state.power, pending: p.view.state.pending };
  });
}

/** One decision: buy one infantry, place it, else end the step; returns the label clicked. */
async function decide(page: Page, bought: Set<string>, power: string): Promise<string> {
  const before = await stateId(page);
  if (await page.locator('[data-testid=show-all-choices]').count()) await page.locator('[data-testid=show-all-choices]').click();
  const buttons = page.locator('[data-testid=choice]');
  const labels = (await buttons.allTextContents()).map((l) => l.replace(/^\d+\s*/, '').trim());
  const key = `${power}`;
  let i = bought.has(key) ? -1 : labels.findIndex((l) => /^buy infantry/.test(l));
  if (i >= 0) bought.add(key);
  if (i < 0) i = labels.findIndex((l) => /^place infantry/.test(l));
  if (i < 0) i = labels.findIndex((l) => /^(done|end the)/.test(l));
  if (i < 0) i = 0;
  await buttons.nth(i).click();
  if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    && !document.querySelector('[data-testid=choice][disabled]'), before);
  return labels[i]!;
}

describe('web client plays a round of A&A Europe in headless Chromium', () => {
  let e2e: E2E;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    e2e = await startE2E();
    ({ server, page, errors } = e2e);
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('four powers, hot-seat: each buys, moves and places in turn, and round 2 begins', async () => {
    await page.goto(server.url + '/');
    await page.locator('[data-testid=ruleset] option[value="aae"]').waitFor({ state: 'attached' });
    await page.selectOption('[data-testid=ruleset]', 'aae');
    await page.locator('[data-testid=option-bid]').waitFor();
    await page.selectOption('[data-testid=option-bid]', 'false');
    // The Axis Minor's seat is offered only while its house rule is on, by its switch or by the preset.
    expect(await page.locator('[data-testid=seat-minor]').count()).toBe(0);
    await page.selectOption('[data-testid=option-hr-axis-minor]', 'true');
    await page.locator('[data-testid=seat-minor]').waitFor();
    await page.selectOption('[data-testid=option-hr-axis-minor]', 'null');
    await page.locator('[data-testid=seat-minor]').waitFor({ state: 'detached' });
    await page.selectOption('[data-testid=option-houseRules]', 'true');
    await page.locator('[data-testid=seat-minor]').waitFor();
    await page.selectOption('[data-testid=option-houseRules]', 'false');
    await page.locator('[data-testid=seat-minor]').waitFor({ state: 'detached' });
    for (const s of SEATS) await page.selectOption(`[data-testid=seat-${s}]`, 'me');
    await page.click('[data-testid=create]');
    await page.waitForURL(/\/play\/[0-9a-f]+$/);
    await page.locator('[data-testid=game]').waitFor();
    await shot(page, 'aae-start');
    const bought = new Set<string>();
    const clicked: string[] = [];
    const turns: string[] = [];
    for (let n = 0; n < 80; n++) {
      await waitShown(page.locator('[data-testid=your-turn], [data-testid=switch-seat], [data-testid=outcome]').first());
      expect(await page.locator('[data-testid=outcome]').count()).toBe(0);
      if (await page.locator('[data-testid=switch-seat]').count()) {
        await page.locator('[data-testid=switch-seat]').first().click();
        await waitShown(page.locator('[data-testid=your-turn], [data-testid=outcome]').first());
        continue;
      }
      const w = await where(page);
      if (w.round === 2) break;
      if (turns[turns.length - 1] !== w.power) turns.push(w.power);
      clicked.push(`${w.power}: ${await decide(page, bought, w.power)}`);
    }
    expect(turns).toEqual(SEATS);
    expect((await where(page)).round).toBe(2);
    for (const p of SEATS) {
      expect(clicked).toContain(`${p}: buy infantry (3 IPCs)`);
      expect(clicked.some((c) => c.startsWith(`${p}: place infantry in `))).toBe(true);
    }
    await shot(page, 'aae-round-2');
    expect(errors).toEqual([]);
  }, 240_000);

  it('the home page names the seats; the top bar says who spends the special cash advance after Germany', async () => {
    await page.goto(server.url + '/');
    await page.locator('[data-testid=ruleset] option[value="aae"]').waitFor({ state: 'attached' });
    await page.selectOption('[data-testid=ruleset]', 'aae');
    await page.locator('[data-testid=option-bid]').waitFor();
    expect(await page.locator('[data-testid=seat-name-ussr]').textContent()).toBe('Soviet Union');
    expect(await page.locator('[data-testid=seat-name-uk]').textContent()).toBe('United Kingdom');
    await page.selectOption('[data-testid=option-bid]', 'true');
    for (const s of SEATS) await page.selectOption(`[data-testid=seat-${s}]`, 'me');
    await page.click('[data-testid=create]');
    await page.waitForURL(/\/play\/[0-9a-f]+$/);
    await waitShown(page.locator('[data-testid=your-turn]'));
    expect(await page.locator('[data-testid=status]').textContent()).toBe('Round 1: special cash advance');
    // Germany's own decision has its mark; the top bar does not say it twice.
    expect(await page.locator('[data-testid=to-play]').count()).toBe(0);
    // Germany spends nothing: the Soviet Union decides next, and the top bar says so on Germany's page.
    const before = await stateId(page);
    if (await page.locator('[data-testid=show-all-choices]').count()) await page.locator('[data-testid=show-all-choices]').click();
    const labels = (await page.locator('[data-testid=choice]').allTextContents()).map((l) => l.replace(/^\d+\s*/, '').trim());
    await page.locator('[data-testid=choice]').nth(labels.findIndex((l) => /^(done|end the)/.test(l))).click();
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, before);
    await waitShown(page.locator('[data-testid=switch-seat]'));
    expect(await page.locator('[data-testid=to-play]').textContent()).toBe('Soviet Union to play');
    expect(await page.locator('[data-testid=to-play]').isVisible()).toBe(true);
    // The mark keeps the top bar on one row down to 1210 px (its buttons all level with the seat's badge).
    await page.setViewportSize({ width: 1210, height: 768 });
    const middles = await page.locator('header.topbar > *, header.topbar .tools > *').evaluateAll((els) => els.map((e) => e.getBoundingClientRect())
      .filter((r) => r.height > 0).map((r) => (r.top + r.bottom) / 2));
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(12);
    await page.setViewportSize({ width: 1366, height: 768 });
    // My games names the seat too.
    await page.goto(server.url + '/');
    await page.locator('[data-testid=my-game]').first().waitFor();
    expect(await page.locator('[data-testid=my-game] .seat-name').allTextContents()).toContain('Germany');
    expect(errors).toEqual([]);
  }, 120_000);
});
