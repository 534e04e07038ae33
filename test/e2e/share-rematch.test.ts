// Sharing a game and its rematch, in headless Chromium against the real server, one browser context per person:
// the creator (red) invites blue from the home page; the game screen's Share panel gives back every link the creator
// received and the dice seed commitment; the spectator link shows the board and the log and nothing to act with.
// The duel (2 rounds) is played to its end: the seed is revealed and matches the commitment; red starts a rematch
// with the seats swapped, blue is offered it live and joins, and each browser's home page lists both games.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, fillNewGame, openPage, shot, startE2E, type E2E } from './harness.ts';
import { choose } from './drivers.ts';

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
const held = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('theater.tokens') ?? '[]') as { token: string; gameId: string; seat: string | null }[]);

describe('share panel, spectator link and rematch in headless Chromium (duel, one context per person)', () => {
  let e2e: E2E;
  let red: Page;
  let blue: Page;
  let spectator: Page;
  const others: string[][] = [];
  let links: { blue: string; spectator: string; commitment: string };

  beforeAll(async () => {
    e2e = await startE2E();
    red = e2e.page;
    await red.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const open = async (link: string) => {
    const { page, errors } = await openPage(e2e.browser);
    others.push(errors);
    await page.goto(link);
    await page.locator('[data-testid=game]').waitFor();
    return page;
  };

  it('the creator\'s Share panel shows its own, the spectator\'s and the invited seat\'s links, and the commitment', async () => {
    await fillNewGame(red, e2e.server.url, { ruleset: 'duel', options: { rounds: '2' }, seats: { red: 'me', blue: 'invite' } });
    await red.locator('[data-testid=invites]').waitFor();
    links = {
      blue: await red.locator('[data-testid=invite-blue]').inputValue(),
      spectator: await red.locator('[data-testid=invite-spectator]').inputValue(),
      commitment: (await red.locator('[data-testid=invite-commitment]').textContent())!,
    };
    expect(links.commitment).toMatch(/^[0-9a-f]{64}$/);
    await red.locator('[data-testid=invites] button', { hasText: 'Enter the game' }).click();
    await red.locator('[data-testid=game]').waitFor();
    expect(await red.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('red');

    await red.click('[data-testid=share-open]');
    const share = red.locator('[data-testid=share]');
    expect(await share.locator('[data-testid=share-own] input').inputValue()).toBe(red.url());
    expect(await share.locator('[data-testid=share-spectator] input').inputValue()).toBe(links.spectator);
    expect(await share.locator('[data-testid=share-seat-blue] input').inputValue()).toBe(links.blue);
    expect(await share.locator('[data-testid=seed-commitment]').textContent()).toBe(links.commitment);
    await share.locator('[data-testid=share-spectator] [data-testid=copy]').click();
    await expect.poll(() => share.locator('[data-testid=share-spectator] [data-testid=copy]').textContent()).toBe('Copied');
    expect(await red.evaluate(() => navigator.clipboard.readText())).toBe(links.spectator);
    await shot(red, 'share-panel');
  });

  it('the spectator link shows the board and the log, says spectator, and offers nothing to act with', async () => {
    blue = await open(links.blue);
    expect(await blue.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('blue');
    spectator = await open(links.spectator);
    expect(await spectator.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('spectator');
    await spectator.locator('[data-testid=state-view]').waitFor();
    expect(await spectator.locator('[data-testid=state-view]').textContent()).toContain('Units');
    await choose(red, '"n":1');
    await choose(blue, '"n":3');
    await expect.poll(() => spectator.locator('[data-testid=log-event]', { hasText: 'bids red 1, blue 3: blue moves first' }).count()).toBe(1);
    expect(await spectator.locator('[data-testid=prompt]').textContent()).toContain('Waiting');
    for (const id of ['choice', 'undo', 'takeback', 'resign', 'switch-seat', 'rematch']) {
      expect(await spectator.locator(`[data-testid=${id}]`).count(), id).toBe(0);
    }
    await spectator.click('[data-testid=share-open]');
    expect(await spectator.locator('[data-testid=seed-commitment]').textContent()).toBe(links.commitment);
    expect(await spectator.locator('[data-testid=share-own] input').inputValue()).toBe(links.spectator);
    expect(await spectator.locator('[data-testid=notify-toggle]').count()).toBe(0);
    expect(await spectator.locator('[data-testid=webhook]').count()).toBe(0);
    await shot(spectator, 'share-spectator');
    // The invited player holds no spectator or invite link, but gets the same commitment.
    await blue.click('[data-testid=share-open]');
    expect(await blue.locator('[data-testid=seed-commitment]').textContent()).toBe(links.commitment);
    expect(await blue.locator('[data-testid=share-spectator]').count()).toBe(0);
    expect(await blue.locator('[data-testid=share-seat-red]').count()).toBe(0);
  });

  it('at the end the seed is revealed: it hashes to the commitment, and the log downloads with it', async () => {
    // Duel 4: after two rounds of passes the game ends in a draw.
    await choose(blue, '"pass"');
    await choose(red, '"pass"');
    await choose(blue, '"pass"');
    for (const p of [red, blue, spectator]) await expect.poll(() => p.locator('[data-testid=outcome]').textContent()).toContain('draw by exhaustion');
    const seed = (await red.locator('[data-testid=seed]').textContent())!;
    expect(createHash('sha256').update(seed, 'utf8').digest('hex')).toBe(links.commitment);
    expect(await red.locator('[data-testid=verify-command]').textContent()).toBe(`theater verify <log> --commitment ${links.commitment}`);
    expect(await spectator.locator('[data-testid=seed]').textContent()).toBe(seed);
    const href = (await red.locator('[data-testid=download-log]').getAttribute('href'))!;
    const log = await red.evaluate(async (h) => (await fetch(h)).json() as Promise<{ seed: string; seedCommitment: string }>, href);
    expect(log.seed).toBe(seed);
    expect(log.seedCommitment).toBe(links.commitment);
    expect(await spectator.locator('[data-testid=rematch]').count()).toBe(0);
  });

  it('red starts a rematch with the seats swapped; blue is offered it live and joins; both home pages list both games', async () => {
    const oldRed = tokenOf(red.url());
    const oldBlue = tokenOf(blue.url());
    await red.locator('[data-testid=rematch-same]').waitFor();
    await red.click('[data-testid=rematch-swap]');
    await red.waitForURL((u) => u.pathname.startsWith('/play/') && !u.pathname.endsWith(oldRed));
    await red.locator('[data-testid=game]').waitFor();
    expect(await red.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('blue');

    const offer = blue.locator('[data-testid=rematch]');
    // The seats are swapped: the offer says blue plays red there.
    await expect.poll(() => offer.textContent()).toContain('Your opponent started a rematch: you play Red');
    await shot(blue, 'rematch-offer');
    await offer.locator('[data-testid=rematch-join]').click();
    await blue.waitForURL((u) => !u.pathname.endsWith(oldBlue));
    await blue.locator('[data-testid=game]').waitFor();
    expect(await blue.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('red');

    // The creator of the rematch holds its links, as for a new game.
    await red.click('[data-testid=share-open]');
    expect(await red.locator('[data-testid=share-seat-red] input').inputValue()).toBe(blue.url());
    const newGame = (await held(red))[0]!.gameId;
    expect((await held(blue))[0]).toMatchObject({ gameId: newGame, seat: 'red', token: tokenOf(blue.url()) });

    // Seats by name (the duel has no assets: its seat ids capitalised).
    for (const [page, seats] of [[red, ['Blue', 'Red']], [blue, ['Red', 'Blue']]] as const) {
      await page.goto(e2e.server.url + '/');
      const rows = page.locator('[data-testid=my-game]');
      await expect.poll(() => rows.count()).toBe(2);
      // Newest first: the rematch (in progress) and the finished game (scenario by name), each with this browser's seat in it.
      expect(await page.locator('ul.games').first().textContent()).toContain(`Standard · ${seats[0]}`);
      expect(await page.locator('ul.games').last().textContent()).toContain(`Standard · ${seats[1]}`);
    }
    await shot(blue, 'rematch-home');
  });

  it('the finished game then links to its rematch instead of offering one; a second rematch is refused', async () => {
    await red.goto(`${e2e.server.url}/play/${(await held(red)).find((t) => t.seat === 'red')!.token}`);
    const bar = red.locator('[data-testid=rematch]');
    await expect.poll(() => bar.textContent()).toContain('A rematch of this game has started');
    expect(await bar.locator('[data-testid=rematch-swap]').count()).toBe(0);
    await bar.locator('[data-testid=rematch-join]').click();
    await expect.poll(() => red.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('blue');
    const oldBlue = (await held(blue)).find((t) => t.seat === 'blue')!.token;
    await expect(apiCall(e2e.server, 'POST', `/api/play/${oldBlue}/rematch`, { swap: false })).rejects.toThrow(/409/);
    // A browser that holds only blue's old link (away when the rematch started) is led to blue's new seat, red.
    const away = await open(`${e2e.server.url}/play/${oldBlue}`);
    const awayBar = away.locator('[data-testid=rematch]');
    await expect.poll(() => awayBar.textContent()).toContain('A rematch of this game has started');
    await awayBar.locator('[data-testid=rematch-join]').click();
    await expect.poll(() => away.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('red');
    expect(e2e.errors).toEqual([]);
    for (const errors of others) expect(errors).toEqual([]);
  });
});
