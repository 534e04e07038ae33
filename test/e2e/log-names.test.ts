// The log as a player reads it, in a real headless Chromium against the real server: hexes a rule set's line cites
// by id are named ("W3522 Essen"), and the actions of the log file name their seats ("Axis", not "axis").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/index.ts';
import { seq } from './drivers.ts';
import { newGameOnHome, shot, startE2E, stateAfter, waitShown, type E2E } from './harness.ts';

/** Takes the listed choice matching `label`, on the seat whose turn it is (hot-seat: switching to it first). */
async function pick(page: Page, label: RegExp): Promise<void> {
  await waitShown(page.locator('[data-testid=your-turn], [data-testid=switch-seat]').first());
  if (!(await page.locator('[data-testid=your-turn]').count())) {
    await page.locator('[data-testid=switch-seat]').first().click();
    await waitShown(page.locator('[data-testid=your-turn]'));
  }
  const before = (await seq(page)).stateId;
  if (await page.locator('[data-testid=show-all-choices]').count()) await page.locator('[data-testid=show-all-choices]').click();
  const labels = (await page.locator('[data-testid=choice]').allTextContents()).map((l) => l.replace(/^\d+\s*/, '').trim());
  const i = labels.findIndex((l) => label.test(l));
  expect(i, `${label} in ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
  await page.locator('[data-testid=choice]').nth(i).click();
  await stateAfter(page, before);
}

describe('the log names places and seats', () => {
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

  it('ETO Bulge: an HQ moved to Essen is logged "to W3522 Essen"; the actions list says "Axis"', async () => {
    await newGameOnHome(page, server.url, { ruleset: 'eto', scenario: 'bulge', seats: { axis: 'me', allies: 'me' } });
    await pick(page, /suggested set-up/);
    await pick(page, /suggested set-up/);
    await pick(page, /^HQ offensive: Army Group B/);
    await pick(page, /Army Group B HQ to Essen \(W3522\)/);
    const lines = await page.locator('[data-testid=log-event] .event-text').allTextContents();
    expect(lines).toContain('Army Group B HQ moves W3423 to W3522 Essen');
    await page.selectOption('[data-testid=log] select[aria-label=Kind]', 'moves');
    await page.locator('[data-testid=log-move]').first().waitFor();
    const moves = await page.locator('[data-testid=log-move] b').allTextContents();
    expect(moves[0]).toMatch(/^1\. (Axis|Allies)$/);
    await shot(page, 'log-names');
    expect(errors).toEqual([]);
  }, 120_000);
});
