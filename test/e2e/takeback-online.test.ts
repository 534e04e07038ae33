// A takeback between two players on two browsers (duel: red creates the game, blue joins by the invite link), in
// headless Chromium against the real server. After the other side has played, Takeback asks to go back to before
// the asker's own last action (not to take back the other side's last one); the answering page names what would be
// taken back; the asker's page says it waits until the answer (a decline ends the request on both pages). A finished game offers no takeback. The home page's list says whom a
// game waits for; the page with the invites copies them and lists the new game. A waiting player sees whether the
// other has the game open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillNewGame, openPage, startE2E, type E2E } from './harness.ts';
import { choose, seq } from './drivers.ts';

describe('takeback between two browsers (duel, red and blue on their own contexts)', () => {
  let e2e: E2E;
  let red: Page;
  let blue: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    red = e2e.page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('after blue has played, red\'s Takeback asks to go back to before red\'s own last action; blue sees what it takes back', async () => {
    await red.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await fillNewGame(red, e2e.server.url, { ruleset: 'duel', seats: { red: 'me', blue: 'invite' } });
    await red.locator('[data-testid=invites]').waitFor();
    const link = await red.locator('[data-testid=invite-blue]').inputValue();
    // The invite is copied with a click, and "My games" beside it lists the new game at once.
    await red.locator('[data-testid=invite-row-blue] [data-testid=copy]').click();
    await expect.poll(() => red.locator('[data-testid=invite-row-blue] [data-testid=copy]').textContent()).toBe('Copied');
    expect(await red.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect.poll(() => red.locator('[data-testid=my-game]').count()).toBe(1);
    // On a phone the commitment wraps inside the card instead of running out of it.
    await red.setViewportSize({ width: 390, height: 844 });
    const hash = red.locator('[data-testid=invite-commitment]');
    const card = red.locator('[data-testid=invites]');
    expect((await hash.boundingBox())!.x + (await hash.boundingBox())!.width).toBeLessThanOrEqual((await card.boundingBox())!.x + (await card.boundingBox())!.width);
    await red.setViewportSize({ width: 1366, height: 768 });
    await red.locator('[data-testid=invites] button', { hasText: 'Enter the game' }).click();
    await red.locator('[data-testid=dice-wait]', { hasText: 'waiting for Blue' }).waitFor();
    // The banner leads back to blue's invite: Share shows it.
    await red.click('[data-testid=dice-wait-share]');
    expect(await red.locator('[data-testid=share-seat-blue] input').inputValue()).toBe(link);
    // Red's list of games says whom the game waits for: blue has not taken the seat yet.
    await red.goto(`${e2e.server.url}/`);
    const row = red.locator('[data-testid=my-game]');
    await expect.poll(() => row.locator('[data-testid=waiting-for]').textContent()).toBe('waiting for Blue');
    ({ page: blue } = await openPage(e2e.browser));
    await blue.goto(link);
    await blue.locator('[data-testid=game]').waitFor();
    // Red comes back to the tab with the list: it is asked again and says whose turn it is now (the bids: both).
    await red.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await row.locator('.your-turn').waitFor();
    await row.locator('a').click();
    await red.locator('[data-testid=game]').waitFor();
    await choose(red, '"n":1');
    await choose(blue, '"n":3');
    await expect.poll(() => blue.locator('[data-testid=prompt-text]').textContent()).toContain('Attack, advance or pass');
    await choose(blue, '"pass"');
    await expect.poll(async () => (await seq(red)).seq).toBe(3);

    // Declined: the request is over on both pages.
    await red.click('[data-testid=takeback]');
    const ask = blue.locator('[data-testid=takeback-request]');
    await red.locator('[data-testid=takeback-asked]').waitFor();
    await ask.locator('button', { hasText: 'Decline' }).click();
    await red.locator('[data-testid=toast]', { hasText: 'Takeback declined by Blue' }).waitFor();
    await expect.poll(() => red.locator('[data-testid=takeback-asked]').count()).toBe(0);
    expect(await ask.count()).toBe(0);
    expect((await seq(red)).seq).toBe(3);

    await red.click('[data-testid=takeback]');
    await expect.poll(() => ask.textContent()).toContain('Red asks to take back the last 3 actions: Red: a sealed answer; Blue: Bid: 3; Blue: Pass');
    await expect.poll(() => red.locator('[data-testid=takeback-asked]').textContent()).toContain('You asked to take back the last 3 actions');
    await ask.locator('button', { hasText: 'Accept' }).click();
    await expect.poll(async () => (await seq(red)).seq).toBe(0);
    await expect.poll(async () => (await seq(blue)).seq).toBe(0);
    await expect.poll(() => red.locator('[data-testid=takeback-asked]').count()).toBe(0);
    await expect.poll(() => red.locator('[data-testid=prompt-text]').textContent()).toContain('Bid for the first move');
  });

  it('while red waits, red sees whether blue has the game open: blue closes the page and opens it again', async () => {
    await choose(red, '"n":2');
    const presence = red.locator('[data-testid=presence-blue]');
    await expect.poll(() => presence.textContent()).toBe('In the game now.');
    const link = blue.url();
    await blue.close();
    await expect.poll(() => presence.textContent()).toContain('Not in the game now');
    blue = await red.context().browser()!.newPage();
    await blue.goto(link);
    await blue.locator('[data-testid=game]').waitFor();
    await expect.poll(() => presence.textContent()).toBe('In the game now.');
  });

  it('once the game has ended (a resignation), Takeback is not offered', async () => {
    expect(await red.locator('[data-testid=takeback]').isDisabled()).toBe(false);
    red.once('dialog', (d) => void d.accept());
    await red.click('[data-testid=resign]');
    await blue.locator('[data-testid=server-result]').waitFor();
    await red.locator('[data-testid=server-result]').waitFor();
    expect(await blue.locator('[data-testid=takeback]').isDisabled()).toBe(true);
    expect(await red.locator('[data-testid=takeback]').isDisabled()).toBe(true);
  });
});
