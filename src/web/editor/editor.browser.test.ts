// The position editor in headless Chromium against the real server (harness of test/e2e): the browser loads no rule
// set; the server gives the set-up's position and checks every change with the rule set's own validation. 2WW (a hex
// board): a problem shown next to the unit, fixed, then "Play from here" starts a game at the chosen phase. The area
// test game (an area board): the same editor, another position format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../server/index.ts';
import { clickArea } from '../../../test/e2e/drivers.ts';
import { shot, startE2E, type E2E } from '../../../test/e2e/harness.ts';

describe('position editor in headless Chromium', () => {
  let e2e: E2E;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    e2e = await startE2E({ timeout: 20_000 });
    ({ server, page, errors } = e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('home opens the editor on the scenario and options chosen for a new game (2WW, quick set-up): a valid position', async () => {
    await page.goto(server.url + '/');
    await page.locator('[data-testid=ruleset] option[value="2ww"]').waitFor({ state: 'attached' });
    await page.selectOption('[data-testid=ruleset]', '2ww');
    await page.selectOption('[data-testid=option-quickSetup]', 'true');
    await page.click('[data-testid=open-editor]');
    await page.waitForURL(/\/editor\?ruleset=2ww/);
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
    expect(await page.locator('[data-testid=map] .counter').count()).toBeGreaterThan(40);
  });

  it('2WW 3.4.2 a unit put in Switzerland is marked with the rule; back to the pool clears it', async () => {
    await page.fill('[data-testid=unit-filter]', 'ge-inf-4');
    expect(await page.locator('[data-testid=unit-ge-inf-4]').textContent()).toContain('GE 4th infantry');
    await page.click('[data-testid=unit-ge-inf-4]');
    await page.locator('[data-testid=map] .hits [data-hex="2009"]').click({ force: true });
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('1 problem(s)');
    expect(await page.locator('[data-testid=problems]').textContent()).toContain('2WW 3.4.2: ge-inf-4 is in Switzerland (hex 2009)');
    expect(await page.locator('[data-testid=unit-ge-inf-4]').getAttribute('class')).toContain('bad');
    expect(await page.locator('[data-testid=play]').isDisabled()).toBe(true);
    await shot(page, 'editor-problem');
    await page.click('[data-testid=to-pool]');
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
  });

  it('play from here starts a hot-seat game at the chosen turn and phase', async () => {
    await page.fill('[data-testid=field-turn]', '4');
    await page.fill('[data-testid=field-phase]', 'allied-movement');
    await page.locator('[data-testid=field-phase]').press('Tab');
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
    await page.click('[data-testid=play]');
    await page.waitForURL(/\/play\/[0-9a-f]+$/);
    await page.locator('[data-testid=game]').waitFor();
    expect(await page.locator('body').textContent()).toMatch(/Allied movement/);
    expect(await page.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('allies');
    await page.locator('[data-testid=your-turn]').waitFor();
    await shot(page, 'editor-play');
  });

  it('#18 the same editor on an area board (the area test game): Areas 3.2 infantry put at sea is refused, then fixed', async () => {
    await page.goto(`${server.url}/editor?ruleset=fixture-areas`);
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
    expect(await page.locator('[data-testid=map] .hits [data-area]').count()).toBe(12);
    await page.click('[data-testid=unit-n1]');
    await clickArea(page, 'nsea');
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('1 problem(s)');
    expect(await page.locator('[data-testid=problems]').textContent()).toContain('Areas 3.2: n1 is infantry and must stand on land (North Sea)');
    await shot(page, 'editor-areas');
    await clickArea(page, 'midmarch');
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
    expect(errors).toEqual([]);
  });
});
