// The area test game (src/rulesets/fixture-areas, a hidden package) played to its end in headless Chromium, hot-seat:
// an area board drawn from the contract, set-up on the map, structured movement (a stack, then its moves), an illegal
// click explained, a battle with its exact odds confirmed, the end of a combat phase with attacks open confirmed, the
// arithmetic as a table, a rule's summary from its citation, the charts. Screenshots: test-results/areas-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newGameOnHome, shot, startE2E, stateAfter, waitShown, type E2E } from './harness.ts';
import { clickArea, seq } from './drivers.ts';

const stateId = async (page: Page) => (await seq(page)).stateId;

/** Whether an element lies wholly in the part of the decision panel scrolled into view, inside the window. */
async function inPanel(page: Page, el: Locator): Promise<boolean> {
  const b = (await el.boundingBox())!;
  const p = (await page.locator('[data-testid=prompt]').boundingBox())!;
  const vh = page.viewportSize()!.height;
  return b.y >= Math.max(0, p.y) - 1 && b.y + b.height <= Math.min(vh, p.y + p.height) + 1;
}

/** Clicks and waits for the game to move on; a confirmation (odds, a warning) is accepted. */
async function act(page: Page, click: () => Promise<void>): Promise<void> {
  const before = await stateId(page);
  await click();
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    || !!document.querySelector('[data-testid=confirm]'), before);
  if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
  await stateAfter(page, before);
}

/** The seat on screen has a decision (switching to the other seat of this browser when it is that one's turn). */
async function myTurn(page: Page): Promise<void> {
  await page.waitForFunction(() => !!document.querySelector('[data-testid=your-turn]') || !!document.querySelector('[data-testid=switch-seat]')
    || !!document.querySelector('[data-testid=outcome]'));
  if (await page.locator('[data-testid=switch-seat]').count()) {
    await page.locator('[data-testid=switch-seat]').first().click();
    await waitShown(page.locator('[data-testid=your-turn]'));
  }
}

/** A choice that points at nothing (end a phase, place the rest): pinned apart when others point somewhere. */
const phase = (page: Page, text: string) => page.locator('[data-testid=choice]', { hasText: text });

describe('Insula (area test game) in headless Chromium, hot-seat, to the end', () => {
  let e2e: E2E;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    e2e = await startE2E({ timeout: 20_000 });
    ({ page, errors } = e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('#18: a hidden package is reached by its id and its areas are drawn: shaded polygons, names, stacked counters', async () => {
    await newGameOnHome(page, e2e.server.url, { ruleset: 'fixture-areas', seats: { north: 'me', south: 'me' } });
    await myTurn(page);
    expect(await page.locator('[data-testid=map] .hits [data-area]').count()).toBe(12);
    expect(await page.locator('[data-testid=map] .area-name', { hasText: 'Midmarch (2)' }).count()).toBe(1);
    expect(await page.locator('[data-testid=map] [data-area="nhold"] .count-badge').textContent()).toBe('×2');
    await shot(page, 'areas-setup');
  });

  it('#21 item 2: set-up on the map: the legal areas are lit, a click places; "place the rest as usual" finishes', async () => {
    expect(await page.locator('[data-testid=prompt-text]').textContent()).toContain('place your reinforcements');
    const lit = await page.locator('[data-testid=map] .hl').evaluateAll((l) => l.map((e) => e.getAttribute('data-area')).sort());
    expect(lit).toEqual(['highlands', 'ncoast', 'nhold']);
    await act(page, () => page.locator('[data-testid=hl-highlands]').click({ position: { x: 6, y: 6 } }));
    await expect.poll(() => page.locator('[data-testid=map] [data-area="highlands"] .count-badge').textContent()).toBe('×2');
    expect(await page.locator('[data-testid=choice][data-phase]', { hasText: 'Place the rest as usual' }).count()).toBe(1);
    await act(page, () => phase(page, 'Place the rest as usual').click());
    await myTurn(page);
    expect(await page.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('south');
    await act(page, () => page.locator('[data-testid=choice]', { hasText: 'in South Hold' }).click());
  });

  it('#21 bug 6: a choice whose next decision is a forced loss (a fourth infantry in an area, Areas 3.4) warns before', async () => {
    await page.locator('[data-testid=choice]', { hasText: 'in South Hold' }).click();
    const warning = page.locator('[data-testid=confirm-warning]');
    await warning.waitFor();
    expect(await warning.textContent()).toBe('Next you would have to: Overstacked in South Hold: remove one infantry (at most 3) (Areas 3.4).');
    await shot(page, 'areas-overstack-warning');
    await page.locator('[data-testid=confirm-box] button', { hasText: 'Cancel' }).click();
    await act(page, () => phase(page, 'Place the rest as usual').click());
    await myTurn(page);
    expect(await page.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('north');
  });

  it('#18 structured movement: stacks are listed; a stack on the map lights its moves; a move is made on the map', async () => {
    expect(await page.locator('[data-testid=prompt-text]').textContent()).toContain('pick a stack');
    expect(await page.locator('[data-testid=group]').count()).toBe(4);
    await page.locator('[data-testid=map] [data-area="nhold"] [data-unit]').first().click();
    await page.locator('[data-testid=hl-midmarch]').waitFor();
    expect((await page.locator('[data-testid=map] .hl').evaluateAll((l) => l.map((e) => e.getAttribute('data-area')))).sort()).toEqual(['highlands', 'midmarch', 'ncoast']);
    expect(await page.locator('[data-testid=inspector]').textContent()).toContain('3 × N infantry');
    await shot(page, 'areas-stack');
    await act(page, () => page.locator('[data-testid=hl-midmarch]').click());
    expect(await page.locator('[data-testid=map] [data-area="midmarch"] .counter').count()).toBe(1);
  });

  it('#21 item 9: a click on an area the stack cannot reach is refused with the rule that forbids it', async () => {
    await page.locator('[data-testid=group][data-group=nhold]').click();
    await page.locator('[data-testid=hl-midmarch]').waitFor();
    await clickArea(page, 'scoast');
    const refusal = page.locator('[data-testid=refusal]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/Areas 3\.1.*South Coast: South Coast does not touch North Hold/);
    await shot(page, 'areas-refusal');
    await act(page, () => page.locator('[data-testid=choice]', { hasText: 'to Midmarch' }).click());
    await act(page, () => phase(page, 'End the movement phase').click());
    await act(page, () => phase(page, 'End the combat phase').click());
  });

  it('#21 bug 5 / items 3, 5, 8: ending combat with an attack open asks first; the attack shows its exact odds; the log explains', async () => {
    await myTurn(page);
    await page.locator('[data-testid=group][data-group=shold]').click();
    await act(page, () => page.locator('[data-testid=choice]', { hasText: 'to Midmarch' }).click());
    await act(page, () => phase(page, 'End the movement phase').click());
    expect(await page.locator('[data-testid=prompt-text]').textContent()).toContain('South combat');
    await phase(page, 'End the combat phase').click();
    await page.locator('[data-testid=confirm-warning]').waitFor();
    expect(await page.locator('[data-testid=confirm-warning]').textContent()).toContain('1 attack choice is still open (Attack in Midmarch)');
    await shot(page, 'areas-end-warning');
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid=confirm-box]').count()).toBe(0);

    await act(page, () => page.locator('[data-testid=choice]', { hasText: 'Attack in Midmarch' }).click());
    await page.locator('[data-testid=running-odds] [data-testid=odds-summary]').waitFor();
    // 1 + d6 against 2 + d6 (two North infantry in Midmarch): South wins on a die two higher, 10 of 36.
    expect(await page.locator('[data-testid=running-odds] [data-testid=odds-summary]').textContent()).toMatch(/Win 27\.8% · lose 58\.3% · neither 13\.9%/);
    // QA 4: the summary alone while composed (the table comes once, with the confirmation); the choice, then Confirm, in view.
    expect(await page.locator('[data-testid=running-odds] [data-testid=odds-row]').count()).toBe(0);
    expect(await inPanel(page, page.locator('[data-testid=choice]', { hasText: 'Attack Midmarch' }))).toBe(true);
    await page.locator('[data-testid=choice]', { hasText: 'Attack Midmarch' }).click();
    await page.locator('[data-testid=confirm-box] [data-testid=odds]').waitFor();
    expect(await page.locator('[data-testid=odds]').count()).toBe(1);
    expect(await page.locator('[data-testid=odds-row]').count()).toBeGreaterThan(0);
    expect(await inPanel(page, page.locator('[data-testid=confirm]'))).toBe(true);
    await shot(page, 'areas-odds');
    const before = await stateId(page);
    await page.click('[data-testid=confirm]');
    await stateAfter(page, before);
    const battle = page.locator('[data-testid=log-event]', { hasText: 'Battle in Midmarch' });
    await battle.locator('button', { hasText: 'details' }).click();
    const details = battle.locator('[data-testid=event-details]');
    expect(await details.locator('table.sides th', { hasText: 'Attacker' }).count()).toBe(1);
    expect(await details.locator('table.list td', { hasText: '1 infantry' }).count()).toBeGreaterThan(0);
    await details.locator('[data-testid=rule-link]', { hasText: 'Areas 4.3' }).first().click();
    await page.locator('[data-testid=rule-card]').waitFor();
    expect(await page.locator('[data-testid=rule-summary]').textContent()).toContain('rolls one die');
    await shot(page, 'areas-rule-card');
    await page.keyboard.press('Escape');
  });

  it('#21 item 6: the charts are tables with reconstructed cells marked', async () => {
    await page.click('[data-testid=open-charts]');
    const chart = page.locator('[data-testid=chart-battle]');
    await chart.waitFor();
    expect(await chart.locator('td.rec').count()).toBe(1);
    expect(await chart.locator('td.rec').textContent()).toContain('◆');
    await shot(page, 'areas-charts');
    await page.keyboard.press('Escape');
  });

  it('#18: the game is played to its end (victory on points or by taking a hold, Areas 7)', async () => {
    for (let n = 0; n < 60 && !(await page.locator('[data-testid=outcome]').count()); n++) {
      await myTurn(page);
      if (await page.locator('[data-testid=outcome]').count()) break;
      const end = page.locator('[data-testid=choice]', { hasText: /End the/ });
      await act(page, () => end.first().click());
    }
    const outcome = page.locator('[data-testid=outcome]');
    await outcome.waitFor();
    expect(await outcome.textContent()).toMatch(/(wins|draw).*Areas 7\.[12]/);
    await shot(page, 'areas-over');
    expect(errors).toEqual([]);
  });
});
