// Every screen at 1440x900 and 390x844 (test-results/screen-*.png), and what issue #21 asks of them: the home page's
// flow, set-up on the map, no stale outline, settings and zoom kept over a reload, a replay that asks for nothing it
// may not see and leads back, the notice folded, the share panel without page scroll, the phone's bottom sheet,
// counters legible at the first zoom, hex ids clear of city names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CreateGameResponse, PlayResponse } from '../../src/server/protocol.ts';
import { apiCall, openPage, shot, startE2E, stateAfter, waitShown, type E2E } from './harness.ts';
import { takeSeats } from '../../src/server/test-helpers.ts';
import { drawn, seq, settled } from './drivers.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Both sizes of one screen: the desktop one, then the phone one (the page is left at the phone size). */
async function both(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  for (const [size, v] of [['1440', DESKTOP], ['390', PHONE]] as const) {
    await page.setViewportSize(v);
    if (ready) await ready();
    await drawn(page); // the map re-fits on resize (ResizeObserver)
    await shot(page, `screen-${name}-${size}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1), `${name} at ${size}: no sideways scroll`).toBe(true);
  }
}

/** A game made over the API whose human seats have all taken their seats (their dice contributions, docs/fair-dice.md). */
async function newGame(e2e: E2E, body: { seats: Record<string, { kind: string; level?: number }> } & Record<string, unknown>): Promise<CreateGameResponse> {
  const g = await apiCall<CreateGameResponse>(e2e.server, 'POST', '/api/games', body);
  await takeSeats(e2e.server.url, Object.entries(body.seats).filter(([, s]) => s.kind === 'human').map(([seat]) => g.seats[seat]!.token));
  return g;
}

/** The link of the seat the game waits for. */
async function deciding(e2e: E2E, g: CreateGameResponse): Promise<string> {
  const p = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${g.spectator.token}`);
  return g.seats[p.view.waitingFor[0]!.seat]!.token;
}

describe('every screen at desktop and phone sizes (issue #21)', () => {
  let e2e: E2E;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    e2e = await startE2E({ timeout: 20_000 });
    ({ browser, page, errors } = e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('item 11: home starts a real game by default; test games are not listed; options are described; AI only where a seat has one', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(e2e.server.url + '/');
    await page.locator('[data-testid=ruleset] option[value="2ww"]').waitFor({ state: 'attached' });
    expect(await page.locator('[data-testid=ruleset]').inputValue()).toBe('2ww');
    const listed = await page.locator('[data-testid=ruleset] option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(listed).not.toContain('duel');
    expect(listed).not.toContain('fixture-areas');
    expect(await page.locator('[data-testid=option-help-quickSetup]').textContent()).toMatch(/\w+ \w+/);
    expect(await page.locator('[data-testid=seat-allies] option[value=ai]').count()).toBe(1);
    await both(page, 'home');
    await page.setViewportSize(DESKTOP);
    // Blitzkrieg General's seats each offer the AI (its adapter is in the bkg package), and no "no AI" notice shows.
    await page.selectOption('[data-testid=ruleset]', 'bkg');
    await page.locator('[data-testid=seat-germany] option[value=ai]').waitFor({ state: 'attached' });
    expect(await page.locator('[data-testid=seat-germany] option[value=ai]').count()).toBe(1);
    expect(await page.locator('[data-testid=no-ai]').count()).toBe(0);
  });

  it('bug 1 / item 2: a manual set-up lights the legal hexes with nothing selected, and a click on one places the unit', async () => {
    const g = await newGame(e2e, { ruleset: '2ww', options: { quickSetup: false }, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } } });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.server.url}/play/${await deciding(e2e, g)}`);
    await waitShown(page.locator('[data-testid=your-turn]'));
    expect(await page.locator('[data-testid=prompt-text]').textContent()).toContain('Setup: place');
    const lit = page.locator('[data-testid=map] .hl');
    await expect.poll(() => lit.count()).toBeGreaterThan(0);
    await both(page, 'setup');
    await page.setViewportSize(DESKTOP);
    const hex = (await lit.first().getAttribute('data-hex'))!;
    const before = (await seq(page)).stateId;
    await page.locator(`[data-testid=hl-${hex}]`).click({ force: true });
    await stateAfter(page, before);
    expect((await seq(page)).seq).toBe(1);
  });

  it('the game screen at both sizes: the phone has the map above a bottom sheet of choices, with counters legible at the first zoom', async () => {
    const g = await newGame(e2e, { ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'human' }, allies: { kind: 'ai', level: 1 } } });
    const { page: phone } = await openPage(browser);
    await phone.setViewportSize(PHONE);
    await phone.goto(`${e2e.server.url}/play/${g.seats.axis!.token}`);
    await phone.locator('[data-testid=map] .counter').first().waitFor();
    await waitShown(phone.locator('[data-testid=your-turn]'));
    const sheet = (await phone.locator('[data-testid=side]').boundingBox())!;
    const map = (await phone.locator('[data-testid=map]').boundingBox())!;
    expect(sheet.y + sheet.height).toBeGreaterThan(PHONE.height - 4);
    expect(sheet.y).toBeGreaterThan(PHONE.height * 0.4);
    expect(map.width).toBeGreaterThan(PHONE.width - 4);
    expect(await phone.locator('[data-testid=choice]').first().isVisible()).toBe(true);
    const counter = (await phone.locator('[data-testid=map] .counter-bg').first().boundingBox())!;
    expect(counter.width).toBeGreaterThanOrEqual(36);
    // The first view frames the units that have choices (the most of them a legible zoom shows: the bounds' middle of
    // those in view in the middle), in the part of the map the sheet leaves in view.
    const [mx, my, n] = await phone.evaluate((top) => {
      const a = [...document.querySelectorAll('[data-testid=map] .counter.active')].map((e) => e.getBoundingClientRect())
        .map((b) => [b.left + b.width / 2, b.top + b.height / 2] as const).filter(([x, y]) => x > 0 && x < innerWidth && y > 0 && y < top);
      const xs = a.map((b) => b[0]), ys = a.map((b) => b[1]);
      return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2, a.length];
    }, sheet.y);
    expect(n).toBeGreaterThanOrEqual(5);
    expect(Math.abs(mx! - (map.x + map.width / 2))).toBeLessThan(map.width * 0.2);
    expect(Math.abs(my! - (map.y + (sheet.y - map.y) / 2))).toBeLessThan((sheet.y - map.y) * 0.2);
    await shot(phone, 'screen-game-first-390');
    // The sheet's tabs: the stack inspector, the log.
    // A stack in view (the first view is centred on the seat's units; others lie beyond the screen's edge).
    const shown = await phone.evaluate(() => {
      const map = document.querySelector('[data-testid=map]')!.getBoundingClientRect();
      for (const el of document.querySelectorAll('[data-testid=map] .stack [data-unit]')) {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x > map.left && x < map.right && y > map.top && y < Math.min(map.bottom, innerHeight * 0.45)
          && document.elementFromPoint(x, y)?.closest('[data-unit]') === el) return el.getAttribute('data-unit');
      }
      return null;
    });
    expect(shown).not.toBeNull();
    await phone.locator(`[data-testid=map] .stack [data-unit="${shown}"]`).click();
    await phone.click('[data-testid=tab-stack]');
    await phone.locator('[data-testid=inspector]').waitFor();
    await shot(phone, 'screen-stack-390');
    await phone.click('[data-testid=tab-log]');
    await phone.locator('[data-testid=log]').waitFor({ state: 'visible' });
    await shot(phone, 'screen-log-390');
    await phone.click('[data-testid=sheet-toggle]');
    await shot(phone, 'screen-sheet-down-390');
    await phone.click('[data-testid=sheet-toggle]');
    await phone.close();
    await page.goto(`${e2e.server.url}/play/${g.seats.axis!.token}`);
    await waitShown(page.locator('[data-testid=your-turn]'));
    await both(page, 'game', () => page.locator('[data-testid=map] .counter').first().waitFor());
    await page.setViewportSize(DESKTOP);
  });

  it('item 10: hex ids never collide with city names', async () => {
    await page.keyboard.press('i');
    await page.locator('.hex-ids text').first().waitFor();
    const clash = await page.evaluate(() => {
      const box = (e: Element) => e.getBoundingClientRect();
      const ids = [...document.querySelectorAll('.hex-ids text')].map(box).filter((r) => r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight);
      const names = [...document.querySelectorAll('.city-name')].map(box).filter((r) => r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight);
      let n = 0;
      for (const a of names) for (const b of ids) if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) n++;
      return { n, names: names.length, ids: ids.length };
    });
    expect(clash.names).toBeGreaterThan(10);
    expect(clash.ids).toBeGreaterThan(100);
    expect(clash.n).toBe(0);
    await shot(page, 'screen-hex-ids-1440');
  });

  it('item 10: on a phone, area names never overlap each other or a counter, stacks never overlap each other, and the turn and phase show whole (bkg, aae)', async () => {
    const games = [
      ['bkg', await newGame(e2e, { ruleset: 'bkg', scenario: 'basic-1939', seats: Object.fromEntries(['germany', 'italy', 'japan', 'usa', 'be', 'ussr', 'france', 'china'].map((s) => [s, { kind: 'human' }])) })],
      ['aae', await newGame(e2e, { ruleset: 'aae', options: { houseRules: true, bid: false }, seats: Object.fromEntries(['germany', 'ussr', 'uk', 'usa', 'minor'].map((s) => [s, { kind: 'human' }])) })], // the house rules' Axis Minor plays
    ] as const;
    const { page: phone } = await openPage(browser);
    await phone.setViewportSize(PHONE);
    /** Area names in the part of the map in view: how many, and how many pairs (name-name, name-counter) meet. */
    const clashes = () => phone.evaluate(() => {
      const m = document.querySelector('[data-testid=map]')!.getBoundingClientRect();
      const seen = (r: DOMRect) => r.width > 0 && r.right > m.left && r.left < m.right && r.bottom > m.top && r.top < m.bottom;
      const meet = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const names = [...document.querySelectorAll('[data-testid=map] .area-name text')].map((e) => [e.textContent, e.getBoundingClientRect()] as const).filter(([, r]) => seen(r));
      const counters = [...document.querySelectorAll('[data-testid=map] .counter-bg')].map((e) => e.getBoundingClientRect()).filter(seen);
      const pairs: string[] = [];
      names.forEach(([t, a], i) => {
        for (const [u, b] of names.slice(i + 1)) if (meet(a, b)) pairs.push(`${t} / ${u}`);
        if (counters.some((c) => meet(a, c))) pairs.push(`${t} / a counter`);
      });
      return { names: names.length, pairs };
    });
    /** The areas' stacks on the whole map: how many, how many drawn as one counter and a count, and which pairs meet. */
    const stackClashes = () => phone.evaluate(() => {
      const meet = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const boxes = [...document.querySelectorAll('[data-testid=map] .area-stack')].map((e) => [e.getAttribute('data-area'), e.getBoundingClientRect()] as const);
      const pairs: string[] = [];
      boxes.forEach(([a, r], i) => { for (const [b, q] of boxes.slice(i + 1)) if (meet(r, q)) pairs.push(`${a} / ${b}`); });
      return { stacks: boxes.length, collapsed: document.querySelectorAll('[data-testid=map] .area-stack.collapsed').length, pairs };
    });
    for (const [id, g] of games) {
      await phone.goto(`${e2e.server.url}/play/${g.seats.germany!.token}`);
      await phone.locator('[data-testid=map] .counter').first().waitFor();
      await phone.locator('[data-testid=map] .area-name text').first().waitFor();
      await settled(phone);
      await shot(phone, `screen-names-${id}-390`);
      const first = await clashes();
      expect(first.pairs, `${id}: names that meet at 390x844`).toEqual([]);
      expect(first.names, `${id}: names in view`).toBeGreaterThan(3);
      const stacks = await stackClashes();
      expect(stacks.pairs, `${id}: stacks that meet at 390x844`).toEqual([]);
      expect(stacks.stacks, `${id}: stacks on the map`).toBeGreaterThan(10);
      const status = phone.locator('[data-testid=status]');
      expect(await status.textContent()).toMatch(/\w/);
      expect(await status.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1), `${id}: the turn label is whole`).toBe(true);
      // A closer zoom keeps the names' size on screen: the names left out come back, still apart.
      await phone.locator('[data-testid=map]').focus();
      await phone.keyboard.press('+');
      await phone.keyboard.press('+');
      await settled(phone);
      const closer = await clashes();
      expect(closer.pairs, `${id}: names that meet, zoomed in`).toEqual([]);
      const closerStacks = await stackClashes();
      expect(closerStacks.pairs, `${id}: stacks that meet, zoomed in`).toEqual([]);
      expect(closerStacks.collapsed, `${id}: zoomed in, fewer stacks drawn as one counter`).toBeLessThanOrEqual(stacks.collapsed);
      console.log(`${id} at 390x844: ${stacks.stacks} stacks, ${stacks.collapsed} drawn as one counter (${closerStacks.collapsed} zoomed in); names in view ${first.names} (${closer.names} zoomed in)`);
      await shot(phone, `screen-names-${id}-zoomed-390`);
      // The desktop's first view: the same rule.
      await phone.setViewportSize(DESKTOP);
      await phone.goto(`${e2e.server.url}/play/${g.seats.germany!.token}`);
      await phone.locator('[data-testid=map] .area-name text').first().waitFor();
      await settled(phone);
      await shot(phone, `screen-names-${id}-1440`);
      expect((await clashes()).pairs, `${id}: names that meet at 1440x900`).toEqual([]);
      // A name left out under counters is in the hover line of each of them.
      await phone.locator('[data-testid=map] .area-stack .counter').first().hover();
      await expect.poll(() => phone.locator('[data-testid=map-hover]').textContent()).toMatch(/ — in \S/);
      await phone.setViewportSize(PHONE);
    }
    await phone.close();
  });

  it('bug 7: a reload keeps the zoom, the pan and the settings (hex ids, log hidden)', async () => {
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('l');
    await settled(page);
    const t = await page.locator('[data-testid=map] > g').getAttribute('transform');
    expect(await page.locator('[data-testid=log]').count()).toBe(0);
    await page.reload();
    await page.locator('[data-testid=map] .counter').first().waitFor();
    await expect.poll(() => page.locator('[data-testid=map] > g').getAttribute('transform')).toBe(t);
    expect(await page.locator('.hex-ids text').count()).toBeGreaterThan(100);
    expect(await page.locator('[data-testid=log]').count()).toBe(0);
    await page.keyboard.press('l');
    await page.keyboard.press('i');
  });

  it('bug 4: a place picked earlier is not outlined once the game has moved on', async () => {
    await page.locator('[data-testid=map] .hits [data-hex="2106"]').click({ force: true });
    await page.locator('[data-testid=sel-place]').waitFor();
    const before = (await seq(page)).stateId;
    await page.locator('[data-testid=choice]', { hasText: 'End the movement phase' }).click();
    await stateAfter(page, before);
    expect(await page.locator('[data-testid=sel-place]').count()).toBe(0);
    expect(await page.locator('[data-testid=inspector]').count()).toBe(0);
  });

  it('item 11: the notice folds to a tab and stays folded; the share panel opens without scrolling the page', async () => {
    await page.click('[data-testid=fold-notes]');
    await page.locator('[data-testid=reconstructed-folded]').waitFor();
    await page.reload();
    await page.locator('[data-testid=reconstructed-folded]').waitFor();
    expect(await page.locator('[data-testid=reconstructed]').count()).toBe(0);
    await page.click('[data-testid=share-open]');
    await page.locator('[data-testid=share-own]').waitFor();
    await both(page, 'share', async () => {
      if (await page.locator('[data-testid=tools-menu]').count()) return;
      if (!(await page.locator('[data-testid=share-own]').isVisible())) {
        await page.click('[data-testid=menu]');
        await page.click('[data-testid=tools-menu] [data-testid=share-open]');
      }
    });
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1)).toBe(true);
    await page.setViewportSize(DESKTOP);
    await page.click('[data-testid=share-open]');
  });

  it('the overlays at both sizes: help, charts, a rule summary', async () => {
    await page.locator('[data-testid=prompt-text]').click();
    await page.keyboard.press('?');
    await page.locator('[data-testid=help]').waitFor();
    await both(page, 'help');
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);
    await page.click('[data-testid=open-charts]');
    await page.locator('[data-testid=charts]').waitFor();
    await both(page, 'charts');
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);
    const rule = page.locator('[data-testid=prompt] [data-testid=rule-link]').first();
    if (await rule.count()) {
      await rule.click();
      await page.locator('[data-testid=rule-card]').waitFor();
      await both(page, 'rule-card');
      await page.keyboard.press('Escape');
      await page.setViewportSize(DESKTOP);
    }
  });

  it('bug 7 / item 11: the replay of a running game asks for nothing it may not see (no 403), and leads back to the game', async () => {
    const refused: string[] = [];
    page.on('response', (r) => { if (r.status() === 403) refused.push(r.url()); });
    const game = page.url();
    await page.click('[data-testid=open-replay]');
    await page.locator('[data-testid=replay]').waitFor();
    await page.click('[data-testid=replay-end]');
    // The last action (the game's one action may be "End the movement phase": back from it is the set-up).
    await page.locator('[data-testid=replay-action-label]').waitFor();
    await both(page, 'replay');
    await page.setViewportSize(DESKTOP);
    expect(refused).toEqual([]);
    await page.click('[data-testid=replay-back-to-game]');
    await page.waitForURL(game);
    await page.locator('[data-testid=game]').waitFor();
  });

  it('the editor and the area game at both sizes', async () => {
    await page.goto(`${e2e.server.url}/editor?ruleset=2ww&options=${encodeURIComponent('{"quickSetup":true}')}`);
    // The server checks the loaded position (a 2WW validation, slow on a loaded machine): wait for its answer.
    await expect.poll(() => page.locator('[data-testid=problem-count]').textContent(), { timeout: 20_000 }).toBe('valid position');
    await both(page, 'editor');
    const g = await newGame(e2e, { ruleset: 'fixture-areas', options: { quickSetup: true }, seats: { north: { kind: 'human' }, south: { kind: 'human' } } });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.server.url}/play/${g.seats.north!.token}`);
    await waitShown(page.locator('[data-testid=your-turn]'));
    await both(page, 'areas');
    const eto = await newGame(e2e, { ruleset: 'eto', scenario: 'case-white', seats: { axis: { kind: 'human' }, allies: { kind: 'human' } } });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.server.url}/play/${await deciding(e2e, eto)}`);
    // Poland sets up first ([4.1]): its legal hexes are lit, its units wait in the set-up box.
    await page.locator('[data-testid=map] .hl').first().waitFor();
    await page.locator('[data-testid=box-setup]').waitFor();
    await both(page, 'eto');
    expect(errors).toEqual([]);
  });
});
