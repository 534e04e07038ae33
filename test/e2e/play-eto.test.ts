// The three ETO scenarios played to their end in a real headless Chromium against the real server: each game is
// created hot-seat on the home page, then every decision is a click on one of the prompt's listed choices (a fixed
// preference order, mostly "end the step"), switching seats when the other side must decide. Screenshots go to
// test-results/eto-<scenario>-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/index.ts';
import { AI_BY_POSITIONS, shot, startE2E, waitShown, type E2E } from './harness.ts';
import { clickArea, showOnMap } from './drivers.ts';

const END = /\b(end|pass|done|no|decline|skip|finish)\b/i;

interface Plan {
  scenario: string;
  /** A seat the server's AI plays (in Case White the Polish seat: the scenario's solitaire player). */
  ai?: 'allies';
  /** Label patterns tried in order at every decision; the first choice is taken when none matches. */
  prefer: RegExp[];
  /** The outcome text the game must show. */
  result: RegExp;
  /** Most clicks the game may take. */
  limit: number;
  /** The scenario's window of the map is drawn. */
  map: boolean;
  /** Played on sea areas and coastal hexes (the map's sea areas). */
  seaBoard?: boolean;
}

const PLANS: Plan[] = [
  {
    scenario: 'sink-the-bismarck', prefer: [END], limit: 60, map: false, seaBoard: true,
    result: /victory|draw/i,
  },
  {
    // The Polish seat is an AI seat, which plays the scenario's solitaire Poles; the German side makes its combined
    // offensive, one breakthrough attack per armor stack and one combat-step attack, then ends each step.
    scenario: 'case-white', ai: 'allies', limit: 120, map: true,
    prefer: [/example of play/i, /^Combined offensive/, /^Armor in/, /^Stay in/, /^Attack /, /^Resolve the attack/, END],
    result: /(German|Polish) (major|minor) victory/,
  },
  {
    // Hot-seat against a Polish player: the allies seat sets Poland up (first listed placement each time) and
    // answers every Polish question (interception, defensive support, reactions) by declining.
    scenario: 'case-white', limit: 200, map: true,
    prefer: [/example of play/i, /^Combined offensive/, /^Armor in/, /^Stay in/, /^Attack /, /^Resolve the attack/, END],
    result: /(German|Polish) (major|minor) victory/,
  },
  {
    scenario: 'bulge', prefer: [/suggested set-up/i, END], limit: 120, map: true,
    result: /victory|draw/i,
  },
];

const stateId = async (page: Page): Promise<number> => Number(await page.locator('[data-testid=game]').getAttribute('data-state-id'));

/** Clicks the preferred listed choice (confirming when the client asks) and waits until the server's answer is shown. */
async function clickPreferred(page: Page, prefer: RegExp[]): Promise<string> {
  const before = await stateId(page);
  if (await page.locator('[data-testid=show-all-choices]').count()) await page.locator('[data-testid=show-all-choices]').click();
  const buttons = page.locator('[data-testid=choice]');
  const labels = (await buttons.allTextContents()).map((l) => l.trim());
  let i = -1;
  for (const re of prefer) {
    i = labels.findIndex((l) => re.test(l.replace(/^\d+\s*/, '')));
    if (i >= 0) break;
  }
  if (i < 0) i = 0;
  await buttons.nth(i).click();
  if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    && !document.querySelector('[data-testid=choice][disabled]'), before);
  return labels[i]!;
}

/** Hexes drawn on the map, stacks (hexes with units) and counters drawn on it (a stack shows its top counters). */
async function mapFigures(page: Page): Promise<{ hexes: number; stacks: number; counters: number }> {
  return {
    hexes: await page.locator('[data-testid=map] .hits [data-hex]').count(),
    stacks: await page.locator('[data-testid=map] .units .stack').count(),
    counters: await page.locator('[data-testid=map] .units .counter').count(),
  };
}

/**
 * ETO scenario 4 [4.1] set-up by the map: clicking German armor 1 in the set-up panel highlights exactly the hexes the
 * prompt's placements of it name.
 */
async function placeByMap(page: Page): Promise<void> {
  const box = page.locator('[data-testid=box-setup]');
  if (!(await box.locator('.box-unit').count())) await box.locator('button.link').click();
  await box.locator('.box-unit[data-unit="de-armor-1"]').first().click();
  await page.locator('[data-testid=map] .hl').first().waitFor();
  // The prompt as the server gives it to this seat's link (labels may name a city rather than its hex).
  const listed = await page.evaluate(async () => {
    const token = location.pathname.split('/').pop()!;
    const p = await (await fetch(`/api/play/${token}`)).json() as { view: { prompt: { choices: { action: Record<string, unknown> }[] } } };
    return p.view.prompt.choices.filter((c) => c.action.unit === 'de-armor-1').map((c) => String(c.action.hex)).sort();
  });
  expect(listed.length).toBeGreaterThan(10);
  const lit = (await page.locator('[data-testid=map] .hl').evaluateAll((l) => l.map((e) => e.getAttribute('data-hex')))).sort();
  expect(lit).toEqual(listed);
  await shot(page, 'eto-case-white-place-by-map');
  // Deselect and leave the set-up to the example of play (placing one unit by hand would take that choice away).
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('[data-testid=map] .hl').count()).toBe(0);
}

/**
 * ETO 28.0: the first breakthrough stack is chosen by clicking its lit hex on the map (a choice naming a hex and no
 * unit), the same choice the preference list would take. Returns null when the prompt is not that one.
 */
async function breakthroughByMap(page: Page): Promise<string | null> {
  const labels = (await page.locator('[data-testid=choice]').allTextContents()).map((l) => l.replace(/^\d+\s*/, '').trim());
  const hex = labels.map((l) => /^Armor in (W\d{4})/.exec(l)?.[1]).find((h) => !!h);
  if (!hex) return null;
  const lit = await page.locator('[data-testid=map] .hl').evaluateAll((l) => l.map((e) => e.getAttribute('data-hex')));
  expect(lit).toContain(hex);
  const before = await stateId(page);
  // The stack's counters cover the hex's middle (a click there selects a unit): click the lit hex near its west corner.
  const box = (await page.locator(`[data-testid=hl-${hex}]`).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.12, box.y + box.height / 2);
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, before);
  expect(await page.locator('[data-testid=choice]').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`stack in ${hex}|Stay in ${hex}`))]));
  await shot(page, 'eto-case-white-breakthrough-by-map');
  return `map: ${hex}`;
}

/**
 * ETO scenario 1 [1.2]: a ship set up "anywhere" is placed on the map: clicking it in the set-up panel lights exactly
 * the spaces (sea areas, coastal hexes) its placements name; clicking a sea area places it there. Null when this is not such a prompt.
 */
async function placeOnSeaBoard(page: Page): Promise<string | null> {
  const listed = await page.evaluate(async () => {
    const token = location.pathname.split('/').pop()!;
    const p = await (await fetch(`/api/play/${token}`)).json() as { view: { prompt: { choices: { action: Record<string, unknown> }[] } | null } };
    return (p.view.prompt?.choices ?? []).filter((c) => c.action.type === 'place').map((c) => ({ ship: String(c.action.ship), space: String(c.action.space) }));
  });
  if (!listed.length) return null;
  const ship = listed[0]!.ship;
  const spaces = [...new Set(listed.filter((c) => c.ship === ship).map((c) => c.space))].sort();
  await page.locator(`[data-testid=box-setup] [data-unit="${ship}"]`).first().click();
  await page.locator('[data-testid=map] .hl').first().waitFor();
  const lit = (await page.locator('[data-testid=map] .hl').evaluateAll((l) => l.map((e) => e.getAttribute('data-hex') ?? e.getAttribute('data-area')))).sort();
  expect(lit).toEqual(spaces);
  const sea = spaces.find((x) => !/^W\d{4}$/.test(x))!;
  const before = await stateId(page);
  await showOnMap(page, page.locator(`[data-testid=map] .hits [data-area="${sea}"]`));
  await clickArea(page, sea);
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, before);
  await page.locator(`[data-testid=map] .units [data-area="${sea}"] [data-unit="${ship}"]`).waitFor();
  await shot(page, 'eto-sink-the-bismarck-place-on-sea-board');
  return `board: ${ship} to ${sea}`;
}

/** Plays until the page shows an outcome; returns the clicked labels. */
async function playToEnd(page: Page, plan: Plan): Promise<string[]> {
  const clicked: string[] = [];
  for (let n = 0; n < plan.limit; n++) {
    await waitShown(page.locator('[data-testid=your-turn], [data-testid=switch-seat], [data-testid=outcome]').first());
    if (await page.locator('[data-testid=outcome]').count()) return clicked;
    if (await page.locator('[data-testid=switch-seat]').count()) {
      await page.locator('[data-testid=switch-seat]').first().click();
      await waitShown(page.locator('[data-testid=your-turn], [data-testid=outcome]').first());
      continue;
    }
    if (plan.seaBoard && !clicked.some((l) => l.startsWith('board: '))) {
      const placed = await placeOnSeaBoard(page);
      if (placed) { clicked.push(placed); continue; }
    }
    if (plan.scenario === 'case-white' && !clicked.some((l) => l.startsWith('map: '))) {
      const picked = await breakthroughByMap(page);
      if (picked) { clicked.push(picked); continue; }
    }
    clicked.push(await clickPreferred(page, plan.prefer));
  }
  throw new Error(`eto ${plan.scenario}: no outcome after ${plan.limit} decisions; last clicks: ${clicked.slice(-8).join(' | ')}`);
}

describe('web client plays the ETO scenarios to the end in headless Chromium', () => {
  let e2e: E2E;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    e2e = await startE2E({ server: AI_BY_POSITIONS }); // Case White's solitaire Poles are an AI seat
    ({ server, page, errors } = e2e);
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  for (const plan of PLANS) {
    const side = plan.scenario === 'case-white' ? (plan.ai ? ' (solitaire Polish side)' : ' (Polish player)') : '';
    const tag = `eto-${plan.scenario}${plan.scenario === 'case-white' && !plan.ai ? '-human' : ''}`;
    it(`ETO ${plan.scenario}${side}: a hot-seat game created on the home page is played to its end by listed choices`, async () => {
      await page.goto(server.url + '/');
      await page.locator('[data-testid=ruleset] option[value="eto"]').waitFor({ state: 'attached' });
      await page.selectOption('[data-testid=ruleset]', 'eto');
      await page.locator(`[data-testid=scenario] option[value="${plan.scenario}"]`).waitFor({ state: 'attached' });
      await page.selectOption('[data-testid=scenario]', plan.scenario);
      for (const s of ['axis', 'allies']) await page.selectOption(`[data-testid=seat-${s}]`, s === plan.ai ? 'ai' : 'me');
      await page.click('[data-testid=create]');
      await page.waitForURL(/\/play\/[0-9a-f]+$/);
      await page.locator('[data-testid=game]').waitFor();
      await shot(page, `${tag}-start`);
      if (plan.map) {
        // ETO scenario 4 [4.1] / 3 [3.1]: the scenario's window of the W/E map, with the units set up on it.
        await page.locator('[data-testid=map]').waitFor();
        // The AI seat sets Poland up first ([4.1]); the German set-up then comes to this page.
        if (plan.ai) await waitShown(page.locator('[data-testid=your-turn]'));
        const start = await mapFigures(page);
        expect(start.hexes).toBeGreaterThan(100);
        expect(start.hexes).toBeLessThan(300);
        if (plan.scenario === 'case-white' && plan.ai) {
          // [4.1] solitaire Polish set-up: 10 infantry in 8 hexes, 3 of them and the air unit in Warsaw (W3533).
          expect(start.stacks).toBe(8);
          expect(await page.locator('[data-testid=map] [data-hex="W3533"] .stack-count').textContent()).toContain('4');
          await placeByMap(page);
        }
      } else if (plan.seaBoard) {
        // ETO 7.2-7.4: five sea areas drawn over the map's sea hexes; the German ships start in Bergen (W4922).
        await page.locator('[data-testid=map]').waitFor();
        expect((await page.locator('[data-testid=map] .hits [data-area]').evaluateAll((l) => l.map((e) => e.getAttribute('data-area')))).sort())
          .toEqual(['arctic-ocean', 'north-atlantic', 'north-sea', 'south-atlantic', 'western-mediterranean']);
        expect(await page.locator('[data-testid=map] .units [data-hex="W4922"] [data-unit]').evaluateAll((l) => l.map((e) => e.getAttribute('data-unit'))))
          .toEqual(['bismarck', 'prinz-eugen']);
        // The sea areas' borders and names are drawn over the hexes (before, under them: the hexes hid them).
        const order = await page.locator('[data-testid=map]').evaluate((svg) => {
          const hexes = svg.querySelector('.static'), names = svg.querySelector('.area-names'), lines = svg.querySelector('.area-outlines');
          const after = (a: Element | null, b: Element | null) => !!a && !!b && !!(b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);
          return { names: after(names, hexes), outlines: after(lines, hexes), labels: [...svg.querySelectorAll('.area-names text')].map((t) => t.textContent) };
        });
        expect(order).toMatchObject({ names: true, outlines: true });
        expect(order.labels.length).toBeGreaterThan(0);
        // A ship's three ratings ("4-12-39") stay within its counter.
        const overflow = await page.locator('[data-testid=map] .units .counter').evaluateAll((cs) => cs.map((c) => {
          const bg = c.querySelector('.counter-bg')!.getBoundingClientRect(), f = c.querySelector('.factors')?.getBoundingClientRect();
          return f && f.width > 0 && (f.left < bg.left - 0.5 || f.right > bg.right + 0.5) ? `${c.getAttribute('data-unit')} ${c.querySelector('.factors')!.textContent}` : null;
        }).filter((x) => x));
        expect(overflow).toEqual([]);
      }
      const clicked = await playToEnd(page, plan);
      expect(clicked.length).toBeGreaterThan(0);
      if (plan.seaBoard) expect(clicked.some((l) => l.startsWith('board: '))).toBe(true);
      const outcome = (await page.locator('[data-testid=outcome]').textContent()) ?? '';
      expect(outcome).toMatch(plan.result);
      expect(await page.locator('[data-testid=choice]').count()).toBe(0);
      if (plan.map) expect((await mapFigures(page)).stacks).toBeGreaterThan(5);
      await shot(page, `${tag}-end`);
      expect(errors).toEqual([]);
    }, 180_000);
  }
});
