// Takeback with consent and the replay's actions, in headless Chromium against the real server: a hot-seat duel with
// one page per seat (red and blue). Red attacks (a die is rolled, so red cannot undo alone), asks for a takeback,
// blue accepts on its own page and both pages go back. After the game ends, the replay shows each step's action
// (seat, label, the rule of the prompt it answered) and its events, forward and back, as red and as blue. Hot-seat,
// one page: the takeback red asks is answered there for blue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { heldToken, newGameOnHome, openPage, shot, stateAfter, startE2E, type E2E } from './harness.ts';
import { choose, seq } from './drivers.ts';

describe('takeback and replay in headless Chromium (duel, one page per seat)', () => {
  let e2e: E2E;
  let red: Page;
  let blue: Page;
  let blueErrors: string[];

  beforeAll(async () => {
    e2e = await startE2E();
    red = e2e.page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('Duel 2 both seats bid on their own pages; blue outbids red and moves first', async () => {
    await newGameOnHome(red, e2e.server.url, { ruleset: 'duel', seats: { red: 'me', blue: 'me' } });
    ({ page: blue, errors: blueErrors } = await openPage(e2e.browser));
    await blue.goto(`${e2e.server.url}/play/${await heldToken(red, 'blue')}`);
    await blue.locator('[data-testid=game]').waitFor();
    expect(await blue.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('blue');
    await choose(red, '"n":1');
    await choose(blue, '"n":3');
    await expect.poll(() => blue.locator('[data-testid=prompt-text]').textContent()).toContain('Attack, advance or pass');
    await choose(blue, '"pass"');
    await expect.poll(() => red.locator('[data-testid=prompt-text]').textContent()).toContain('Attack, advance or pass');
    expect((await seq(red)).seq).toBe(3);
  });

  it('Duel 3.1 after a die roll red cannot undo alone; red asks a takeback, blue consents, both pages go back', async () => {
    await choose(red, '"attack"');
    await expect.poll(async () => (await seq(red)).seq).toBe(4);
    await expect.poll(() => red.locator('[data-testid=log] .event.roll').count()).toBe(1);
    expect(await red.locator('[data-testid=undo]').isDisabled()).toBe(true);

    const before = (await seq(blue)).stateId;
    await red.click('[data-testid=takeback]');
    await red.locator('[data-testid=toast]', { hasText: 'Takeback asked' }).waitFor();
    const ask = blue.locator('[data-testid=takeback-request]');
    await ask.waitFor();
    // The actions it takes back are named once the page has read them (the log's actions arrive after the request).
    await expect.poll(() => ask.textContent()).toContain('Red asks to take back the last action: Red: Attack');
    await shot(blue, 'takeback-request');
    await ask.locator('button', { hasText: 'Accept' }).click();
    await stateAfter(blue, before);
    await expect.poll(async () => (await seq(blue)).seq).toBe(3);
    await expect.poll(async () => (await seq(red)).seq).toBe(3);
    expect(await blue.locator('[data-testid=takeback-request]').count()).toBe(0);
    // Red has the same decision again, and the log file records the takeback with both seats.
    await expect.poll(() => red.locator('[data-testid=prompt-text]').textContent()).toContain('Attack, advance or pass');
    await red.selectOption('[data-testid=log] select[aria-label=Kind]', 'moves');
    await expect.poll(() => red.locator('[data-testid=log] li', { hasText: 'takeback to action 3 (red, agreed by blue)' }).count()).toBe(1);
    await red.selectOption('[data-testid=log] select[aria-label=Kind]', 'all');
    expect(blueErrors).toEqual([]);
  });

  it('the replay shows each step\'s action, its rule and its events, forward and back, as red and as blue', async () => {
    // Seat views of a replay are open once the game has ended.
    red.once('dialog', (d) => void d.accept());
    await red.click('[data-testid=resign]');
    await red.locator('[data-testid=outcome], [data-testid=server-result]').first().waitFor();
    await red.click('[data-testid=open-replay]');
    await red.locator('[data-testid=replay]').waitFor();
    await red.selectOption('[data-testid=replay-seat]', 'red');
    const at = (n: number) => expect.poll(() => red.locator('[data-testid=replay]').getAttribute('data-at')).toBe(String(n));
    const action = red.locator('[data-testid=replay-action]');
    const events = red.locator('[data-testid=replay-events] [data-testid=log-event]');

    await red.click('[data-testid=replay-end]');
    await at(3);
    await expect.poll(() => action.locator('[data-testid=replay-action-label]').textContent()).toBe('{"type":"pass"}');
    expect(await action.locator('[data-testid=replay-action-seat]').textContent()).toBe('blue');
    expect(await action.locator('[data-testid=replay-action-rule]').textContent()).toBe('Duel 3');
    expect(await action.textContent()).toContain('Attack, advance or pass');

    await red.click('[data-testid=replay-back]');
    await at(2);
    await expect.poll(() => action.locator('[data-testid=replay-action-label]').textContent()).toBe('{"type":"bid","n":3}');
    expect(await action.locator('[data-testid=replay-action-seat]').textContent()).toBe('blue');
    expect(await action.locator('[data-testid=replay-action-rule]').textContent()).toBe('Duel 2');
    await expect.poll(() => events.filter({ hasText: 'bids red 1, blue 3: blue moves first' }).count()).toBe(1);
    await shot(red, 'replay-step-action');

    await red.click('[data-testid=replay-start]');
    await at(0);
    expect(await action.textContent()).toContain('no action yet');
    await red.keyboard.press(']');
    await at(1);
    await expect.poll(() => action.locator('[data-testid=replay-action-label]').textContent()).toBe('{"type":"bid","n":1}');
    expect(await action.locator('[data-testid=replay-action-seat]').textContent()).toBe('red');

    // As blue: the same steps, from blue's view.
    await red.selectOption('[data-testid=replay-seat]', 'blue');
    await expect.poll(() => new URL(red.url()).searchParams.get('seat')).toBe('blue');
    await red.keyboard.press(']');
    await at(2);
    await expect.poll(() => action.locator('[data-testid=replay-action-label]').textContent()).toBe('{"type":"bid","n":3}');
    await expect.poll(() => events.filter({ hasText: 'bids red 1, blue 3' }).count()).toBe(1);
    await red.keyboard.press('[');
    await at(1);
    await expect.poll(() => action.locator('[data-testid=replay-action-seat]').textContent()).toBe('red');
    expect(e2e.errors).toEqual([]);
  });

  it('hot-seat: the page that asked a takeback answers it for the other seat this browser holds', async () => {
    await newGameOnHome(red, e2e.server.url, { ruleset: 'duel', seats: { red: 'me', blue: 'me' } });
    const blueToken = await heldToken(red, 'blue');
    await choose(red, '"n":3');
    await red.goto(`${e2e.server.url}/play/${blueToken}`);
    await red.locator('[data-testid=game]').waitFor();
    await choose(red, '"n":1');
    // Red moves first: back on red's page, red attacks (a die: no undo alone) and asks a takeback.
    await red.click('[data-testid=switch-seat]');
    await expect.poll(() => red.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('red');
    await expect.poll(() => red.locator('[data-testid=prompt-text]').textContent()).toContain('Attack, advance or pass');
    await choose(red, '"attack"');
    await expect.poll(async () => (await seq(red)).seq).toBe(3);
    await red.click('[data-testid=takeback]');
    const here = red.locator('[data-testid=takeback-request-here]');
    await here.waitFor();
    expect(await here.textContent()).toContain('Blue plays at this browser too');
    await here.locator('button', { hasText: 'Accept for Blue' }).click();
    await expect.poll(async () => (await seq(red)).seq).toBe(2);
    expect(await red.locator('[data-testid=takeback-request-here]').count()).toBe(0);
    expect(e2e.errors).toEqual([]);
  });
});
