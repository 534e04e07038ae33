// The game screen's first view and layout in Chromium (the web client's QA pass, items 1, 3, 5-10): a new game opens on
// the deciding seat's units (BKG on a desktop and a phone, ETO's set-up on a phone), not on empty sea; opening a stack
// never scrolls the page; seats and phases in words; the home form's preset switches and phone layout; counters'
// count badges clear of their factors; no dice contribution refused. Screenshots: test-results/layout-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newGameOnHome, openPage, shot, startE2E, waitShown, type E2E } from './harness.ts';

const BKG_SEATS = Object.fromEntries(['germany', 'italy', 'japan', 'usa', 'be', 'ussr', 'france', 'china'].map((s) => [s, 'me' as const]));
const AAE_SEATS = Object.fromEntries(['germany', 'ussr', 'uk', 'usa'].map((s) => [s, 'me' as const]));

/** The part of the map a player sees: the map's box above a panel lying over it (the phone's bottom sheet). */
async function seenBox(page: Page): Promise<{ left: number; top: number; right: number; bottom: number }> {
  return page.evaluate(() => {
    const m = document.querySelector('[data-testid=map]')!.getBoundingClientRect();
    const s = document.querySelector('[data-testid=side]')!.getBoundingClientRect();
    const over = s.left < m.right && s.right > m.left && s.top > m.top && s.top < m.bottom;
    return { left: m.left, top: m.top, right: m.right, bottom: over ? s.top : m.bottom };
  });
}

/** How many of the counters matching `sel` have their middle in the seen part of the map, and how many there are. */
async function countersSeen(page: Page, sel: string): Promise<{ seen: number; all: number }> {
  const box = await seenBox(page);
  return page.evaluate(([s, b]) => {
    const all = [...document.querySelectorAll(`[data-testid=map] ${s}`)].map((e) => e.getBoundingClientRect());
    const seen = all.filter((r) => {
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      return x > b.left && x < b.right && y > b.top && y < b.bottom;
    });
    return { seen: seen.length, all: all.length };
  }, [sel, box] as const);
}

describe('first view and layout of the game screen', () => {
  let e2e: E2E;
  let page: Page;
  let errors: string[];
  /** Requests the server refused (QA 10: a seat's dice reveal sent again after the dice were keyed). */
  const refused: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E({ timeout: 30_000 });
    ({ page, errors } = e2e);
    page.on('response', (r) => { if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${r.url()}`); });
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('QA 7: a house rule that follows the preset reads so on the home form, never "null"', async () => {
    await page.goto(`${e2e.server.url}/?ruleset=aae`);
    await page.selectOption('[data-testid=ruleset]', 'aae');
    const sel = page.locator('[data-testid=option-hr-vichy]');
    await sel.waitFor();
    expect(await sel.locator('option').allTextContents()).toEqual(['As the preset (House rules (all))', 'No', 'Yes']);
    expect(await sel.evaluate((e: HTMLSelectElement) => e.selectedOptions[0]!.textContent)).toBe('As the preset (House rules (all))');
    expect(await page.locator('[data-testid=new-game] option', { hasText: /^null$/ }).count()).toBe(0);
  });

  it('QA 9: on a phone, a seat played by the AI keeps its level select and the seats\' box inside the new-game card', async () => {
    const phone = await openPage(e2e.browser);
    try {
      await phone.page.setViewportSize({ width: 390, height: 844 });
      await phone.page.goto(`${e2e.server.url}/?ruleset=2ww`);
      await phone.page.selectOption('[data-testid=ruleset]', '2ww');
      await phone.page.selectOption('[data-testid=seat-allies]', 'ai');
      await phone.page.locator('[data-testid=level-allies]').waitFor();
      const [card, fieldset, level] = await phone.page.evaluate(() => ['[data-testid=new-game]', '[data-testid=new-game] fieldset', '[data-testid=level-allies]']
        .map((s) => document.querySelector(s)!.getBoundingClientRect().right));
      expect(fieldset!).toBeLessThanOrEqual(card!);
      expect(level!).toBeLessThanOrEqual(card!);
      await shot(phone.page, 'layout-home-phone-ai');
    } finally {
      await phone.page.close();
    }
  });

  it('QA 1: a new Blitzkrieg General game (every seat here) opens on Germany\'s units with choices, not on empty sea', async () => {
    await newGameOnHome(page, e2e.server.url, { ruleset: 'bkg', seats: BKG_SEATS });
    await waitShown(page.locator('[data-testid=your-turn]'));
    await page.locator('[data-testid=map] .counter.active').first().waitFor();
    // The view is made again once the dice round is over: wait for it to settle.
    await expect.poll(async () => (await countersSeen(page, '.counter.active')).seen).toBeGreaterThan(0);
    const { seen, all } = await countersSeen(page, '.counter.active');
    expect(seen).toBeGreaterThanOrEqual(Math.ceil(all / 2));
    await shot(page, 'layout-bkg-first-view');
    // QA 10: each of the eight seats committed and revealed once; nothing was sent after the dice were keyed.
    await page.waitForTimeout(500);
    expect(refused).toEqual([]);
  });

  it('QA 1: a new Blitzkrieg General game started on a phone opens on Germany\'s units too', async () => {
    const phone = await openPage(e2e.browser, 30_000);
    try {
      await phone.page.setViewportSize({ width: 390, height: 844 });
      await newGameOnHome(phone.page, e2e.server.url, { ruleset: 'bkg', seats: BKG_SEATS });
      await waitShown(phone.page.locator('[data-testid=your-turn]'));
      await expect.poll(async () => (await countersSeen(phone.page, '.counter.active')).seen).toBeGreaterThan(0);
      await shot(phone.page, 'layout-bkg-phone-first-view');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.page.close();
    }
  });

  it('QA 1: ETO Their Finest Hour on a phone opens on the set-up\'s lit hexes, not on the North Sea between them', async () => {
    const phone = await openPage(e2e.browser, 30_000);
    try {
      await phone.page.setViewportSize({ width: 390, height: 844 });
      await newGameOnHome(phone.page, e2e.server.url, { ruleset: 'eto', scenario: 'their-finest-hour', seats: { axis: 'me', allies: 'me' } });
      await waitShown(phone.page.locator('[data-testid=your-turn]'));
      // The densest group of lit hexes is framed (the old average showed sea and one lit hex at its edge).
      await expect.poll(async () => (await countersSeen(phone.page, '.hl')).seen).toBeGreaterThanOrEqual(4);
      await shot(phone.page, 'layout-eto-tfh-phone-first-view');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.page.close();
    }
  });

  it('QA 3: opening a stack (A&A Europe, Germany) never scrolls the page; the stack list lies within the window', async () => {
    await newGameOnHome(page, e2e.server.url, { ruleset: 'aae', seats: AAE_SEATS });
    await waitShown(page.locator('[data-testid=your-turn]'));
    await page.locator('[data-testid=map] [data-area="germany"] [data-unit]').last().click();
    const insp = page.locator('[data-testid=inspector]');
    await insp.waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(768);
    const r = (await insp.boundingBox())!;
    expect(r.y).toBeGreaterThanOrEqual(0);
    expect(r.y + r.height).toBeLessThanOrEqual(768);
    expect(await insp.locator('[data-testid=inspector-unit]').first().isVisible()).toBe(true);
    const unit = (await insp.locator('[data-testid=inspector-unit]').first().boundingBox())!;
    expect(unit.y + unit.height).toBeLessThanOrEqual(768);
    await shot(page, 'layout-aae-stack');
    expect(errors).toEqual([]);
  });

  it('QA 8: a counter\'s "×4" badge leaves its factors readable', async () => {
    const boxes = await page.locator('[data-testid=map] .counter:has(.count-badge)').evaluateAll((cs) => cs.map((c) => {
      const a = c.querySelector('.count-badge rect')!.getBoundingClientRect(), b = c.querySelector('.factors')!.getBoundingClientRect();
      return { factors: b.width > 0, clear: a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top };
    }));
    expect(boxes.filter((b) => b.factors).length).toBeGreaterThan(5);
    expect(boxes.filter((b) => b.factors && !b.clear)).toEqual([]);
  });

  it('QA 5, 6: the summary names the seat deciding (not the phasing side) and the phase in words; seats by their names', async () => {
    const glance = page.locator('[data-testid=glance] h2');
    expect(await glance.textContent()).toMatch(/Round 1 · Bid · Germany to play$/);
    expect(await page.locator('[data-testid=seat]').textContent()).toBe('Germany');
    // Germany ends its cash advance: the Soviet Union spends its own while the Axis is still the phasing side.
    for (let n = 0; n < 20 && !(await page.locator('[data-testid=switch-seat]').count()); n++) {
      const before = Number(await page.locator('[data-testid=game]').getAttribute('data-state-id'));
      const labels = (await page.locator('[data-testid=choice]').allTextContents()).map((l) => l.replace(/^\d+\s*/, '').trim());
      const i = Math.max(0, labels.findIndex((l) => /^(done|end the)/.test(l)));
      await page.locator('[data-testid=choice]').nth(i).click();
      if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
      await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
        && !document.querySelector('[data-testid=choice][disabled]'), before);
    }
    const prompt = page.locator('[data-testid=prompt]');
    await waitShown(prompt.locator('[data-testid=switch-seat]'));
    expect(await prompt.textContent()).toMatch(/Soviet Union: spend the special cash advance/);
    expect(await prompt.textContent()).not.toMatch(/ussr|Soviet Union: Soviet Union/);
    expect(await prompt.locator('[data-testid=switch-seat]').textContent()).toBe('Play Soviet Union (its turn)');
    expect(await glance.textContent()).toMatch(/Bid · Soviet Union to play$/);
    await prompt.locator('[data-testid=switch-seat]').click();
    await expect.poll(() => page.locator('[data-testid=seat]').textContent()).toBe('Soviet Union');
    expect(await page.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('ussr');
    await waitShown(page.locator('[data-testid=your-turn]'));
    expect(await glance.textContent()).toMatch(/Bid · Soviet Union to play$/);
    await shot(page, 'layout-aae-ussr-bid');
    expect(errors).toEqual([]);
  });
});
