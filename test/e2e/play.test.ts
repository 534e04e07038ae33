// The client in a real headless Chromium against the real server: create a game, play through the UI, undo,
// reload and continue, open the replay. Screenshots go to test-results/. Rule set: THEATER_E2E_RULESET (default duel).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/index.ts';
import { replayEndBackStart, shot, startE2E, type E2E } from './harness.ts';
import { drivers, seq } from './drivers.ts';

const driver = drivers[process.env.THEATER_E2E_RULESET ?? 'duel'];
if (!driver) throw new Error(`no browser-test driver for rule set "${process.env.THEATER_E2E_RULESET}"; known: ${Object.keys(drivers).join(', ')}`);

describe(`web client plays ${driver.ruleset} in headless Chromium`, () => {
  let e2e: E2E;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    e2e = await startE2E();
    ({ server, page, errors } = e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('home lists the rule sets and starts a hot-seat game', async () => {
    // A test game (hidden package) is listed when asked for by id.
    await page.goto(`${server.url}/?ruleset=${driver.ruleset}`);
    await page.locator(`[data-testid=ruleset] option[value="${driver.ruleset}"]`).waitFor({ state: 'attached' });
    await page.selectOption('[data-testid=ruleset]', driver.ruleset);
    for (const s of driver.seats) await page.selectOption(`[data-testid=seat-${s}]`, 'me');
    await shot(page, `${driver.ruleset}-home`);
    await page.click('[data-testid=create]');
    await page.waitForURL(/\/play\/[0-9a-f]+$/);
    await page.locator('[data-testid=game]').waitFor();
    expect(driver.seats).toContain(await page.locator('[data-testid=seat]').getAttribute('data-seat'));
    // Hot-seat: when another seat decides first, the page offers to switch to it.
    if (await page.locator('[data-testid=switch-seat]').count()) await page.locator('[data-testid=switch-seat]').first().click();
    await page.locator('[data-testid=your-turn]').waitFor();
    expect(await page.locator('[data-testid=choice]').count()).toBeGreaterThan(0);
    await shot(page, `${driver.ruleset}-game-start`);
  });

  it('an action through the UI, then undo brings the decision back (kernel undo)', async () => {
    const s0 = await seq(page);
    await driver.reversibleAction(page);
    const s1 = await seq(page);
    expect(s1.seq).toBe(s0.seq + 1);
    const undo = page.locator('[data-testid=undo]');
    await expect.poll(() => undo.isEnabled()).toBe(true);
    await undo.click();
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, s1.stateId);
    expect((await seq(page)).seq).toBe(s0.seq);
    expect(await page.locator('[data-testid=your-turn]').count()).toBe(1);
    await driver.reversibleAction(page);
  });

  it('a reload keeps the game, and play continues to a die roll shown in the log', async () => {
    const before = await seq(page);
    await page.reload();
    await page.locator('[data-testid=game]').waitFor();
    expect((await seq(page)).seq).toBe(before.seq);
    await driver.playOn(page);
    await expect.poll(() => page.locator('[data-testid=log] .event.roll').count()).toBeGreaterThan(0);
    const roll = await page.locator('[data-testid=log] .event.roll').first().textContent();
    expect(roll).toMatch(/rolled/);
    await page.selectOption('[data-testid=log] select[aria-label=Kind]', 'moves');
    const { seq: n } = await seq(page);
    await expect.poll(() => page.locator('[data-testid=log-move]').count()).toBeGreaterThanOrEqual(n);
    expect(await page.locator('[data-testid=log] li', { hasText: 'took back' }).count()).toBe(1);
    await shot(page, `${driver.ruleset}-game-played`);
  });

  it('the help overlay opens with ? and lists the shortcuts', async () => {
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('?');
    await page.locator('[data-testid=help]').waitFor();
    expect(await page.locator('[data-testid=help] kbd').count()).toBeGreaterThan(8);
    await shot(page, `${driver.ruleset}-help`);
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid=help]').count()).toBe(0);
  });

  it('the replay steps back and forward through the game', async () => {
    const { seq: n } = await seq(page);
    await replayEndBackStart(page, n);
    await page.keyboard.press(']');
    await expect.poll(() => page.locator('[data-testid=replay]').getAttribute('data-at')).toBe('1');
    await shot(page, `${driver.ruleset}-replay`);
  });

  it('my games on the home page lists the game for both seats', async () => {
    await page.goto(server.url + '/');
    await expect.poll(() => page.locator('[data-testid=my-game]').count()).toBe(driver.seats.length);
    await shot(page, `${driver.ruleset}-home-my-games`);
    expect(errors).toEqual([]);
  });

  it('a resigned game is over; its log file opens again from the home page (import)', async () => {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('theater.tokens') ?? '[]')[0].token as string);
    await page.goto(`${server.url}/play/${token}`);
    await page.locator('[data-testid=game]').waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-testid=resign]');
    await page.locator('[data-testid=outcome]').waitFor();
    const { seq: n } = await seq(page);
    const log = await page.evaluate(async (t) => (await fetch(`/api/play/${t}/log`)).text(), token);
    const file = join(mkdtempSync(join(tmpdir(), 'theater-log-')), 'game.theater.json');
    writeFileSync(file, log);
    await page.goto(server.url + '/');
    await page.setInputFiles('[data-testid=import]', file);
    await page.waitForURL((u) => u.pathname.startsWith('/play/') && !u.pathname.endsWith(token));
    await page.locator('[data-testid=game]').waitFor();
    expect((await seq(page)).seq).toBe(n);
    await shot(page, `${driver.ruleset}-imported`);
  });
});
