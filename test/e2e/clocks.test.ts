// Game clocks in headless Chromium against the real server (docs/server.md "Clocks"): the home page sets a short
// clock (3 s per player, +1 s per action), the game screen shows both seats' time ticking, and when the opponent's
// time is up the page offers the claim (a win) or to hand the seat to the AI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AI_BY_POSITIONS, newGameOnHome, shot, startE2E, waitShown, type E2E } from './harness.ts';
import { choose, seq } from './drivers.ts';

const ms = async (page: Page, seat: string) => Number(await page.locator(`[data-testid=clock-${seat}]`).getAttribute('data-ms'));

describe('clocks in headless Chromium (duel, hot-seat, 3 s + 1 s)', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E({ server: AI_BY_POSITIONS });
    page = e2e.page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const start = async (name?: string) => {
    await newGameOnHome(page, e2e.server.url, { ruleset: 'duel', seats: { red: 'me', blue: 'me' }, clock: { minutes: 0.05, incrementSeconds: 1 }, shot: name });
    await page.locator('[data-testid=clocks]').waitFor();
  };

  it('the clocks show each seat\'s time, ticking while the seat decides; an action stops it and adds the increment', async () => {
    await start('clocks-home');
    // Duel 2: both seats bid at once, so both clocks run once the seats' dice are keyed (docs/fair-dice.md).
    await expect.poll(() => page.locator('[data-testid=clock-red]').getAttribute('class')).toContain('running');
    await expect.poll(() => page.locator('[data-testid=clock-blue]').getAttribute('class')).toContain('running');
    const t0 = await ms(page, 'blue');
    expect(t0).toBeLessThanOrEqual(3000);
    await expect.poll(() => ms(page, 'blue')).toBeLessThan(t0 - 300);
    await choose(page, '"n":1');
    // The server's figures after red's action: red stopped with the increment added, blue still running.
    await expect.poll(() => page.locator('[data-testid=clock-red]').getAttribute('class')).not.toContain('running');
    const red = await ms(page, 'red');
    expect(red).toBeGreaterThan(1000);
    expect(red).toBeLessThanOrEqual(4000);
    // While blue's clock visibly runs on, red's stands still.
    expect(await page.locator('[data-testid=clock-blue]').getAttribute('class')).toContain('running');
    const blue = await ms(page, 'blue');
    await expect.poll(() => ms(page, 'blue')).toBeLessThan(blue - 300);
    expect(await ms(page, 'red')).toBe(red);
  });

  it('when blue\'s time is up red may claim the win; the game ends on time', async () => {
    const claim = page.locator('[data-testid=claim]');
    await waitShown(claim, { timeout: 10_000 });
    expect(await ms(page, 'blue')).toBeLessThanOrEqual(0);
    expect(await page.locator('[data-testid=clock-blue]').textContent()).toContain('0:00.0');
    expect(await claim.textContent()).toContain('Blue has run out of time');
    expect(await page.locator('[data-testid=claim-ai-blue]').count()).toBe(1);
    await shot(page, 'clocks-claim');
    await page.click('[data-testid=claim-win-blue]');
    await expect.poll(() => page.locator('[data-testid=server-result]').textContent()).toBe('Blue ran out of time: Red wins');
    expect(await page.locator('[data-testid=claim]').count()).toBe(0);
  });

  it('handing the expired seat to the AI: the AI takes blue\'s decision and the game goes on', async () => {
    await start();
    await choose(page, '"n":1');
    const before = await seq(page);
    await page.locator('[data-testid=claim-ai-blue]').click({ timeout: 10_000 });
    // The AI bids for blue (no clock for AI seats), so the game moves on to the first turn (and on, if blue has it).
    await expect.poll(async () => (await seq(page)).seq, { timeout: 30_000 }).toBeGreaterThan(before.seq);
    // The log renders the bid with that state message; under CI load the page may take longer than poll's 1 s default.
    await expect.poll(() => page.locator('[data-testid=log-event]', { hasText: /bids red 1, blue \d: \w+ moves first/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('[data-testid=claim]').count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid=status]').textContent()).toBeTruthy();
    expect(e2e.errors).toEqual([]);
  });
});
