// The three ETO scenarios played to their end in a real headless Chromium against the real server: each game is
// created hot-seat on the home page, then every decision is a click on one of the prompt's listed choices (a fixed
// preference order, mostly "end the step"), switching seats when the other side must decide. Screenshots go to
// test-results/eto-<scenario>-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/index.ts';
import { shot, startE2E, type E2E } from './harness.ts';

const END = /\b(end|pass|done|no|decline|skip|finish)\b/i;

interface Plan {
  scenario: string;
  options?: Record<string, string>;
  /** Label patterns tried in order at every decision; the first choice is taken when none matches. */
  prefer: RegExp[];
  /** The outcome text the game must show. */
  result: RegExp;
  /** Most clicks the game may take. */
  limit: number;
}

const PLANS: Plan[] = [
  {
    scenario: 'sink-the-bismarck', prefer: [END], limit: 60,
    result: /victory|draw/i,
  },
  {
    // Scripted Polish side: the allies seat is never asked; the German side makes its combined offensive, one
    // breakthrough attack per armor stack and one combat-step attack, then ends each step.
    scenario: 'case-white', options: { polishSide: '"scripted"' }, limit: 120,
    prefer: [/example of play/i, /^Combined offensive/, /^Armor in/, /^Stay in/, /^Attack /, /^Resolve the attack/, END],
    result: /(German|Polish) (major|minor) victory/,
  },
  {
    scenario: 'bulge', prefer: [/suggested set-up/i, END], limit: 120,
    result: /victory|draw/i,
  },
];

const stateId = async (page: Page): Promise<number> => Number(await page.locator('[data-testid=game]').getAttribute('data-state-id'));

/** Clicks the preferred listed choice (confirming when the client asks) and waits until the server's answer is shown. */
async function clickPreferred(page: Page, prefer: RegExp[]): Promise<string> {
  const before = await stateId(page);
  if (await page.locator('[data-testid=show-all-choices]').count()) await page.locator('[data-testid=show-all-choices]').click();
  const buttons = page.locator('[data-testid=choice]');
  const labels = (await buttons.allTextContents()).map((l) => l.trim());
  let i = -1;
  for (const re of prefer) {
    i = labels.findIndex((l) => re.test(l.replace(/^\d+\s*/, '')));
    if (i >= 0) break;
  }
  if (i < 0) i = 0;
  await buttons.nth(i).click();
  if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    && !document.querySelector('[data-testid=choice][disabled]'), before);
  return labels[i]!;
}

/** Plays until the page shows an outcome; returns the clicked labels. */
async function playToEnd(page: Page, plan: Plan): Promise<string[]> {
  const clicked: string[] = [];
  for (let n = 0; n < plan.limit; n++) {
    await page.locator('[data-testid=your-turn], [data-testid=switch-seat], [data-testid=outcome]').first().waitFor();
    if (await page.locator('[data-testid=outcome]').count()) return clicked;
    if (await page.locator('[data-testid=switch-seat]').count()) {
      await page.locator('[data-testid=switch-seat]').first().click();
      await page.locator('[data-testid=your-turn], [data-testid=outcome]').first().waitFor();
      continue;
    }
    clicked.push(await clickPreferred(page, plan.prefer));
  }
  throw new Error(`eto ${plan.scenario}: no outcome after ${plan.limit} decisions; last clicks: ${clicked.slice(-8).join(' | ')}`);
}

describe('web client plays the ETO scenarios to the end in headless Chromium', () => {
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

  for (const plan of PLANS) {
    it(`ETO ${plan.scenario}: a hot-seat game created on the home page is played to its end by listed choices`, async () => {
      await page.goto(server.url + '/');
      await page.locator('[data-testid=ruleset] option[value="eto"]').waitFor({ state: 'attached' });
      await page.selectOption('[data-testid=ruleset]', 'eto');
      await page.locator(`[data-testid=scenario] option[value="${plan.scenario}"]`).waitFor({ state: 'attached' });
      await page.selectOption('[data-testid=scenario]', plan.scenario);
      for (const [id, v] of Object.entries(plan.options ?? {})) await page.selectOption(`[data-testid=option-${id}]`, v);
      for (const s of ['axis', 'allies']) await page.selectOption(`[data-testid=seat-${s}]`, 'me');
      await page.click('[data-testid=create]');
      await page.waitForURL(/\/play\/[0-9a-f]+$/);
      await page.locator('[data-testid=game]').waitFor();
      await shot(page, `eto-${plan.scenario}-start`);
      const clicked = await playToEnd(page, plan);
      expect(clicked.length).toBeGreaterThan(0);
      const outcome = (await page.locator('[data-testid=outcome]').textContent()) ?? '';
      expect(outcome).toMatch(plan.result);
      expect(await page.locator('[data-testid=choice]').count()).toBe(0);
      await shot(page, `eto-${plan.scenario}-end`);
      expect(errors).toEqual([]);
    }, 180_000);
  }
});
