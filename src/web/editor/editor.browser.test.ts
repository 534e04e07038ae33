// The position editor in headless Chromium against the real server (harness of test/e2e): live validation next to
// the unit, fixing it, then "Play from here" starts a game at the chosen phase (docs/positions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../server/index.ts';
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

  it('home opens the editor on the 1939 set-up, a valid position', async () => {
    await page.goto(server.url + '/');
    await page.click('[data-testid=open-editor]');
    await page.waitForURL(/\/editor$/);
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
  });

  it('2WW 3.4.2 a unit put in Switzerland is marked with the rule; back to the pool clears it', async () => {
    await page.fill('[data-testid=unit-filter]', 'ge-inf-4');
    await page.click('[data-testid=unit-ge-inf-4]');
    await page.locator('[data-testid=map] .hits [data-hex="2009"]').click({ force: true });
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('1 problem(s)');
    expect(await page.locator('[data-testid=problems]').textContent()).toContain('2WW 3.4.2: ge-inf-4 is in Switzerland (hex 2009)');
    expect(await page.locator('[data-testid=unit-ge-inf-4]').getAttribute('class')).toContain('bad');
    expect(await page.locator('[data-testid=play]').isDisabled()).toBe(true);
    await shot(page, 'editor-problem');
    await page.locator('[data-testid=unit-panel] button', { hasText: 'pool' }).click();
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
  });

  it('play from here starts a hot-seat game at the chosen turn and phase', async () => {
    await page.fill('[data-testid=turn]', '4');
    await page.selectOption('[data-testid=phase]', 'allied-movement');
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent()).toBe('valid position');
    await page.click('[data-testid=play]');
    await page.waitForURL(/\/play\/[0-9a-f]+$/);
    await page.locator('[data-testid=game]').waitFor();
    expect(await page.locator('body').textContent()).toMatch(/Allied movement/);
    expect(await page.locator('[data-testid=seat]').textContent()).toBe('allies');
    await page.locator('[data-testid=your-turn]').waitFor();
    await shot(page, 'editor-play');
    expect(errors).toEqual([]);
  });
});
