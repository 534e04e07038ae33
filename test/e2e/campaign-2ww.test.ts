// A whole 2WW campaign in headless Chromium, to its end (2WW 13): the Axis is played through the page, the Allies by
// the server's AI (easy). The Axis player here is a plain one: it ends each phase (confirming when attacks are left),
// says "done" to production, and otherwise takes the first choice offered, so the campaign runs the whole sequence of
// play (strategic warfare, production, movement, combat, armored action, supply) turn after turn until victory is
// judged. Every click goes through the page; the page must stay free of errors throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CreateGameResponse } from '../../src/server/protocol.ts';
import { apiCall, shot, startE2E, type E2E } from './harness.ts';
import { seq } from './drivers.ts';

/** Choices the plain player prefers: those that end or pass a step. */
const PASSIVE = /^(\d)?(End the|Done|Pass|No |No\b|Keep|Decline|Cancel|Stop)/;

async function decide(page: Page): Promise<'acted' | 'over'> {
  try {
    await page.waitForFunction(() => !!document.querySelector('[data-testid=your-turn]') || !!document.querySelector('[data-testid=outcome]')
      || !!document.querySelector('[data-testid=server-result]'), undefined, { timeout: 180_000 });
  } catch (e) {
    await shot(page, 'campaign-2ww-stalled');
    throw new Error(`no decision for the Axis within 3 minutes; the page says: ${await page.locator('[data-testid=prompt]').textContent()}`, { cause: e });
  }
  if (await page.locator('[data-testid=outcome]').count()) return 'over';
  const before = (await seq(page)).stateId;
  const buttons = page.locator('[data-testid=prompt] [data-testid=choice]');
  await buttons.first().waitFor();
  const labels = (await buttons.allTextContents()).map((l) => l.trim());
  const i = Math.max(0, labels.findIndex((l) => PASSIVE.test(l)));
  await buttons.nth(i).click();
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    || !!document.querySelector('[data-testid=confirm]'), before, { timeout: 60_000 });
  if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, before, { timeout: 60_000 });
  return 'acted';
}

describe('a whole 2WW campaign in the browser against the AI (quick set-up, easy Allies)', () => {
  let e2e: E2E;
  let page: Page;
  let errors: string[];
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    // A generous AI time guard: on a loaded machine a guard that fires twice leaves the AI seat without an answer.
    e2e = await startE2E({ server: { aiWorkers: 1, aiBudgetMs: 15_000 }, timeout: 60_000 });
    ({ page, errors } = e2e);
  });
  afterAll(async () => {
    await e2e?.close();
    console.log(`2WW campaign in the browser: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });

  it('2WW 4, 13: the campaign runs from Autumn 1939 to its victory judgement with no error in the page', async () => {
    const g = await apiCall<CreateGameResponse>(e2e.server, 'POST', '/api/games', {
      ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'human' }, allies: { kind: 'ai', level: 1 } },
    });
    await page.goto(`${e2e.server.url}/play/${g.seats.axis!.token}`);
    await page.locator('[data-testid=game]').waitFor();
    let n = 0;
    while ((await decide(page)) === 'acted') {
      n++;
      expect(n, 'the campaign ends within 3000 Axis decisions').toBeLessThan(3000);
      if (n % 100 === 0) console.log(`${n} Axis decisions, ${((Date.now() - started) / 1000).toFixed(0)} s: ${await page.locator('[data-testid=status]').textContent()}`);
    }
    const outcome = (await page.locator('[data-testid=outcome]').textContent())!;
    console.log(`2WW campaign: ${outcome} after ${n} Axis decisions, ${(await seq(page)).seq} actions in all`);
    expect(outcome).toMatch(/(Axis|Allied) (total|major|minor) victory|draw/i);
    expect(outcome).toContain('2WW 13');
    await shot(page, 'campaign-2ww-end');
    expect(errors).toEqual([]);
  }, 40 * 60_000);
});
