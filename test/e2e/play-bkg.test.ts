// Blitzkrieg General in Chromium against the server's AI (issue #21): Germany plays a turn through the page — a unit
// moved into Western Poland on the map, a second one from the list, the movement ended, the battle fought with its
// exact odds before each further round, the losses chosen — against the server's AI for the five Allied powers (their
// reactions, losses and retreats in that battle), until Germany decides again after it; Italy and Japan, Germany's
// partners, end their steps over the API. Screenshots: test-results/bkg-ai-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Choice } from '../../src/engine/types.ts';
import type { CreateGameResponse, PlayResponse } from '../../src/server/protocol.ts';
import { takeSeats } from '../../src/server/test-helpers.ts';
import { AI_BY_POSITIONS, apiCall, shot, startE2E, stateAfter, waitShown, type E2E } from './harness.ts';
import { clickArea, seq, settled, showOnMap } from './drivers.ts';

/** The Allied powers, played by the server's AI; Germany's partners pass over the API (they end each step). */
const OTHERS = ['usa', 'be', 'ussr', 'france', 'china'];
const PARTNERS = ['italy', 'japan'];

/** Waits until the page's seat decides, or the game has ended (false). */
async function myTurn(page: Page): Promise<boolean> {
  await waitShown(page.locator('[data-testid=your-turn], [data-testid=outcome]').first(), { timeout: 480_000 }); // the AI's seven powers on a loaded machine
  return !(await page.locator('[data-testid=outcome]').count());
}

/**
 * Clicks the listed choice whose label matches the first of `res` that any label matches; a choice that asks first
 * (odds, a warning) is confirmed. The labels are read once: no wait for a choice that is not listed.
 */
async function take(page: Page, ...res: RegExp[]): Promise<{ label: string; odds: string | null }> {
  if (await page.locator('[data-testid=show-all-choices]').count()) await page.locator('[data-testid=show-all-choices]').click();
  const labels = await page.locator('[data-testid=choice]').allTextContents();
  const re = res.find((r) => labels.some((l) => r.test(l)));
  if (!re) throw new Error(`no choice matches ${res.join(' or ')}: ${labels.join(' | ')}`);
  const choice = page.locator('[data-testid=choice]', { hasText: re }).first();
  const label = ((await choice.textContent()) ?? '').replace(/^\d+\s*/, '').trim();
  const before = (await seq(page)).stateId;
  await choice.click();
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    || !!document.querySelector('[data-testid=confirm]'), before);
  let odds: string | null = null;
  if (await page.locator('[data-testid=confirm]').count()) {
    if (await page.locator('[data-testid=confirm-box] [data-testid=odds]').count()) odds = await page.locator('[data-testid=confirm-box] [data-testid=odds]').textContent();
    await page.click('[data-testid=confirm]');
  }
  await stateAfter(page, before);
  return { label, odds };
}

describe('Blitzkrieg General against the AI in Chromium (issue #21)', () => {
  let e2e: E2E;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    e2e = await startE2E({ server: AI_BY_POSITIONS, timeout: 60_000 });
    ({ page, errors } = e2e);
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('basic 1939: Germany attacks Western Poland through the page (a move on the map, one from the list), fights with the odds shown, against the AI for the Allies', async () => {
    const g = await apiCall<CreateGameResponse>(e2e.server, 'POST', '/api/games', {
      ruleset: 'bkg', scenario: 'basic-1939',
      seats: { germany: { kind: 'human' }, ...Object.fromEntries(PARTNERS.map((s) => [s, { kind: 'human' }])), ...Object.fromEntries(OTHERS.map((s) => [s, { kind: 'ai', level: 1 }])) },
    });
    await takeSeats(e2e.server.url, ['germany', ...PARTNERS].map((s) => g.seats[s]!.token));
    /** Until Germany decides (false: the game ended): Italy and Japan end their steps, the AI answers for the Allies. */
    const germanyDecides = async (): Promise<boolean> => {
      for (;;) {
        const p = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${g.spectator.token}`);
        if (p.outcome) return false;
        const waiting = p.view.waitingFor.map((w) => w.seat);
        if (waiting.includes('germany')) return myTurn(page);
        const partner = PARTNERS.find((x) => waiting.includes(x));
        if (partner) {
          const q = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${g.seats[partner]!.token}`);
          const cs = q.view.prompt!.choices;
          const c = cs.find((x) => /^End /.test(x.label)) ?? cs[0]!;
          await apiCall(e2e.server, 'POST', `/api/play/${g.seats[partner]!.token}/action`, { stateId: q.stateId, action: c.action });
          continue;
        }
        // The AI decides: wait for the game to move on.
        await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, p.stateId, { timeout: 480_000 });
      }
    };
    await page.goto(`${e2e.server.url}/play/${g.seats.germany!.token}`);
    expect(await myTurn(page)).toBe(true);
    expect(await page.locator('[data-testid=prompt-text]').textContent()).toMatch(/movement phase/);
    const quarter = async () => ((await page.locator('[data-testid=status]').textContent()) ?? '').replace(/[,;·].*$/, '').trim();
    const start = await quarter();

    // BKG 6.1 on the map: a German unit that can attack Western Poland (as a player knows it), selected on the map,
    // then Western Poland lit and clicked.
    await settled(page);
    const p = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${g.seats.germany!.token}`);
    // (Identical units in an area are one piece on the board: the unit is one drawn on the map.)
    const drawnUnits = new Set(await page.locator('[data-testid=map] .counter').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit'))));
    let unit: string | undefined;
    for (const grp of p.view.prompt!.groups ?? []) {
      const cs = (await apiCall<{ choices: Choice[] }>(e2e.server, 'GET', `/api/play/${g.seats.germany!.token}/choices/${encodeURIComponent(grp.key)}?stateId=${p.stateId}`)).choices;
      unit = cs.find((c) => c.refs?.place === 'western-poland' && c.refs.units?.length === 1 && drawnUnits.has(c.refs.units[0]!))?.refs!.units![0];
      if (unit) break;
    }
    expect(unit, 'a German unit drawn on the map that can attack Western Poland').toBeDefined();
    const counter = page.locator(`[data-testid=map] .counter[data-unit="${unit}"]`);
    await showOnMap(page, counter);
    await counter.click();
    const target = page.locator('[data-testid=map] .highlights [data-testid=hl-western-poland]');
    await target.first().waitFor();
    await showOnMap(page, target.first());
    const before = (await seq(page)).stateId;
    await clickArea(page, 'western-poland');
    // Two choices reach Western Poland (one unit, or all that can): the list narrows to them; the one unit goes.
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
      || !!document.querySelector('[data-testid=narrowed][data-place]'), before);
    if (await page.locator('[data-testid=narrowed][data-place]').count()) {
      const narrowed = await page.locator('[data-testid=choice]').allTextContents();
      expect(narrowed.filter((l) => !/^End movement$/.test(l)).every((l) => /Western Poland/.test(l)), narrowed.join(' | ')).toBe(true);
      await page.locator('[data-testid=choice]', { hasText: /^\d*\s*(Inf|Arm|Air|HQ) [^(]*to Western Poland \(attack\)/ }).first().click();
    }
    await stateAfter(page, before);
    const log = page.locator('[data-testid=log]');
    await expect.poll(() => log.textContent()).toMatch(/Western Poland/);
    // A second unit from the list: a stack first (the structured prompt's groups), then its move.
    const group = page.locator('[data-testid=group]').first();
    if (await group.count()) {
      await group.click();
      await page.locator('[data-testid=narrowed]').waitFor();
    }
    const second = await take(page, /to Western Poland \(attack\)/);
    expect(second.label).toMatch(/^(Inf|Arm|Air|HQ|All that can) .*to Western Poland \(attack\)$/);
    await shot(page, 'bkg-ai-moved');
    await take(page, /^End movement$/);

    // The battle (6.2) and the rest of the quarter: losses chosen, every further round fought with its odds shown
    // first; other steps ended. The AI moves and fights for the other powers meanwhile.
    const odds: string[] = [];
    let continued = 0;
    const aiPlayed = async () => {
      const l = await apiCall<{ entries: { seat?: string }[] }>(e2e.server, 'GET', `/api/play/${g.spectator.token}/log`);
      return new Set(l.entries.map((x) => x.seat ?? '').filter((s) => OTHERS.includes(s)));
    };
    // Until Germany decides again after the battle, with the AI's decisions made for two Allied powers or more, or the
    // quarter has passed.
    for (let n = 0; n < 60 && (await quarter()) === start; n++) {
      if (!(await germanyDecides())) break;
      const asked = (await page.locator('[data-testid=prompt-text]').textContent()) ?? '';
      if (n > 0 && !/Western Poland/.test(asked) && (await page.locator('[data-testid=log] .event.roll').count()) && (await aiPlayed()).size >= 2) break;
      const labels = (await page.locator('[data-testid=choice]').allTextContents()).join(' | ');
      if (/Continue the combat/.test(labels)) continued++;
      const r = /Continue the combat/.test(labels) ? await take(page, /Continue the combat/)
        : await take(page, /\b(End|Pass|Done|No|Skip|Finish)\b/i, /./); // else the first choice (losses: which unit)
      if (r.odds) odds.push(r.odds);
    }
    // The battle's dice and its rule in the log; its rounds' odds shown before each was fought (6.2.3).
    await page.locator('[data-testid=log] .event.roll').first().waitFor({ state: 'attached' });
    expect(await log.textContent()).toMatch(/BKG 6\.2/);
    // Each further round Germany chose to fight was confirmed after its exact odds (the dice decide how many there are).
    expect(odds.length).toBe(continued);
    for (const o of odds) expect(o).toMatch(/\d+(\.\d+)?%/);
    const aiSeats = await aiPlayed();
    expect(aiSeats.size, 'Allied powers the AI played (reactions, losses, moves)').toBeGreaterThanOrEqual(2);
    expect(await germanyDecides(), 'Germany decides again').toBe(true);
    console.log(`bkg against the AI: AI seats ${[...aiSeats].join(', ')}; quarter ${start} -> ${await quarter()}; odds shown ${odds.length} time(s) for ${continued} further round(s)`);
    await shot(page, 'bkg-ai-quarter');
    expect(errors).toEqual([]);
  }, 900_000);
});
