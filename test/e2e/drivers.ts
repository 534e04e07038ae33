// How the browser tests play each rule set through the UI. The play test takes a driver as its parameter;
// add one per rule set (2WW when it lands).
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export interface RulesetDriver {
  ruleset: string;
  /** Seats to set to "Me" on the new-game form (hot-seat), in play order. */
  seats: string[];
  /** A reversible first action for the seat on screen (undo must be possible after it). */
  reversibleAction(page: Page): Promise<void>;
  /** Play on from the current page until an irreversible action (dice) has been taken. */
  playOn(page: Page): Promise<void>;
}

/** Click the listed choice whose label contains `text`; an attack shows its odds first: confirm it. */
export async function choose(page: Page, text: string): Promise<void> {
  const before = await seq(page);
  await page.locator('[data-testid=choice]', { hasText: text }).first().click();
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    || !!document.querySelector('[data-testid=confirm]'), before.stateId);
  if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, before.stateId);
}

/**
 * Drag the map, as a player would, until `target` (something drawn on the map) is well inside the map's frame: the
 * first view is centred on the seat's units, so a place at the edge may lie under the top bar.
 */
export async function showOnMap(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const map = (await page.locator('[data-testid=map]').boundingBox())!;
    const el = await target.boundingBox();
    if (!el) return;
    const cx = el.x + el.width / 2, cy = el.y + el.height / 2, m = 60;
    if (cx > map.x + m && cx < map.x + map.width - m && cy > map.y + m && cy < map.y + map.height - m) return;
    const mx = map.x + map.width / 2, my = map.y + map.height / 2;
    const dx = Math.max(-map.width / 2 + 10, Math.min(map.width / 2 - 10, mx - cx));
    const dy = Math.max(-map.height / 2 + 10, Math.min(map.height / 2 - 10, my - cy));
    await page.mouse.move(mx - dx / 2, my - dy / 2);
    await page.mouse.down();
    await page.mouse.move(mx, my, { steps: 4 });
    await page.mouse.move(mx + dx / 2, my + dy / 2, { steps: 4 });
    await page.mouse.up();
    await settled(page);
  }
}

/** Waits until the map has committed its view (a drag or pinch is drawn for good once it pauses) and drawn it. */
export async function settled(page: Page): Promise<void> {
  await page.locator('[data-testid=map]:not([data-moving])').waitFor();
  await drawn(page);
}

/** Waits for two frames of the page: a resize's observers and the renders they cause have run and been painted. */
export async function drawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Click an area of the map where it shows (not under a counter, inside the map's frame), as a player would; a lit
 * area is clicked on its highlight.
 */
export async function clickArea(page: Page, id: string): Promise<void> {
  const pt = await page.evaluate((id) => {
    const map = document.querySelector('[data-testid=map]')!.getBoundingClientRect();
    const el = document.querySelector(`[data-testid=map] .hits [data-area="${id}"]`)!.getBoundingClientRect();
    const x0 = Math.max(map.left, el.left), x1 = Math.min(map.right, el.right);
    const y0 = Math.max(map.top, el.top), y1 = Math.min(map.bottom, el.bottom);
    for (let y = y0 + 4; y < y1; y += 5) {
      for (let x = x0 + 4; x < x1; x += 5) {
        const h = document.elementFromPoint(x, y);
        if (h?.getAttribute('data-area') === id && h.closest('.hits, .highlights')) return { x, y };
      }
    }
    return null;
  }, id);
  if (!pt) throw new Error(`area ${id} shows nowhere on the map`);
  await page.mouse.click(pt.x, pt.y);
}

export async function seq(page: Page): Promise<{ seq: number; stateId: number }> {
  const g = page.locator('[data-testid=game]');
  return { seq: Number(await g.getAttribute('data-seq')), stateId: Number(await g.getAttribute('data-state-id')) };
}

export const duelDriver: RulesetDriver = {
  ruleset: 'duel',
  seats: ['red', 'blue'],
  async reversibleAction(page) {
    await expect.poll(() => page.locator('[data-testid=prompt-text]').textContent()).toContain('Bid for the first move');
    await choose(page, '"n":1');
  },
  async playOn(page) {
    // red has bid; switch to blue (the same browser holds both seats) and outbid, so blue acts first.
    await page.locator('[data-testid=switch-seat]').click();
    await page.waitForURL(/\/play\//);
    await expect.poll(() => page.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('blue');
    await choose(page, '"n":3');
    await expect.poll(() => page.locator('[data-testid=prompt-text]').textContent()).toContain('Attack, advance or pass');
    await choose(page, '"attack"');
  },
};

export const drivers: Record<string, RulesetDriver> = { duel: duelDriver };

/** Click the first listed choice matching `re` (by label), else the first choice; waits for the state to move. */
async function chooseMatching(page: Page, re: RegExp): Promise<void> {
  const before = await seq(page);
  const buttons = page.locator('[data-testid=choice]');
  const labels = await buttons.allTextContents();
  const i = Math.max(0, labels.findIndex((l) => re.test(l)));
  await buttons.nth(i).click();
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
    || !!document.querySelector('[data-testid=confirm]'), before.stateId);
  if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, before.stateId);
}

/**
 * A driver for any rule set: the reversible action is the first listed choice; play goes on by ending phases/passing (else the first choice), switching seats as needed, until a die is
 * rolled. Bounded: fails after `limit` actions.
 */
export function genericDriver(ruleset: string, seats: string[], limit = 300): RulesetDriver {
  return {
    ruleset,
    seats,
    async reversibleAction(page) {
      await page.locator('[data-testid=choice]').first().waitFor();
      const before = await seq(page);
      await page.locator('[data-testid=choice]').first().click();
      await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b
        || !!document.querySelector('[data-testid=confirm]'), before.stateId);
      if (await page.locator('[data-testid=confirm]').count()) await page.click('[data-testid=confirm]');
      await page.waitForFunction((b) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b, before.stateId);
    },
    async playOn(page) {
      for (let n = 0; n < limit; n++) {
        if (await page.locator('[data-testid=log] .event.roll').count()) return;
        if (await page.locator('[data-testid=switch-seat]').count()) {
          await page.locator('[data-testid=switch-seat]').first().click();
          await page.locator('[data-testid=your-turn]').waitFor();
          continue;
        }
        if (await page.locator('[data-testid=outcome]').count()) throw new Error(`${ruleset}: the game ended before any die was rolled`);
        await chooseMatching(page, /\b(end|pass|done|no|decline|skip|finish)\b/i);
      }
      throw new Error(`${ruleset}: no die rolled within ${limit} actions`);
    },
  };
}

// 2WW has its own test against the AI (play-2ww.test.ts); `genericDriver('2ww', ['axis', 'allies'])` would also run
// here, but ending phases until a die is rolled plays a long way into the campaign.
