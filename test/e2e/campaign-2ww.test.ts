// A whole 2WW campaign in headless Chromium, to its end (2WW 13): the Axis is played through the page, the Allies by
// the server's AI (easy). The Axis player here is a plain one: it ends each phase (confirming when attacks are left),
// says "done" to production, and otherwise takes the first choice offered, so the campaign runs the whole sequence of
// play (strategic warfare, production, movement, combat, armored action, supply) turn after turn until victory is
// judged. Every click goes through the page; the page must stay free of errors throughout.
// The game is seeded (the server's secret seed and the Axis seat's dice contribution are fixed here), so it is the same
// campaign every run: the same length, the same turn of its end.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { CreateGameResponse } from '../../src/server/protocol.ts';
import { AI_BY_POSITIONS, apiCall, shot, startE2E, type E2E } from './harness.ts';
import { seq } from './drivers.ts';

// The server draws each game's secret seed here (docs/fair-dice.md); this test's game gets a fixed one.
vi.mock(import('../../src/server/fair-dice.ts'), async (original) => ({ ...(await original()), newSeed: () => 'c2'.repeat(32) }));
/** The Axis seat's dice contribution (what its browser would draw at random). */
const AXIS_VALUE = 'a1'.repeat(32);

/** Choices the plain player prefers: those that end or pass a step. */
const PASSIVE = /^(\d)?(End the|Done|Pass|No |No\b|Keep|Decline|Cancel|Stop)/;

/**
 * What `probe` answers in the page once it answers something (not null): asked at once and after each change of the
 * page's document (a MutationObserver), so the test waits on the page's own events rather than polling each frame.
 */
async function when<A, R>(page: Page, probe: (arg: A) => R | null, arg: A, timeout: number, what: string): Promise<R> {
  const r = await page.evaluate(`(${observe})(${probe}, ${JSON.stringify(arg)}, ${timeout})`) as R | null;
  if (r === null) {
    await shot(page, 'campaign-2ww-stalled');
    throw new Error(`${what} within ${timeout / 1000} s; the page says: ${await page.locator('[data-testid=prompt]').textContent()}`);
  }
  return r;
}

/** Runs in the page: resolves with `f(arg)` once it is not null, else with null after `ms`. */
function observe<A, R>(f: (arg: A) => R | null, arg: A, ms: number): Promise<R | null> {
  return new Promise((resolve) => {
    const now = f(arg);
    if (now !== null) return resolve(now);
    const mo = new MutationObserver(() => {
      const x = f(arg);
      if (x !== null) finish(x);
    });
    const guard = setTimeout(() => finish(null), ms);
    function finish(x: R | null): void {
      mo.disconnect();
      clearTimeout(guard);
      resolve(x);
    }
    mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The Axis decision on screen (its state id and the labels of its choices), or the game's end. */
function decisionShown(): { over: boolean; stateId: number; labels: string[] } | null {
  if (document.querySelector('[data-testid=outcome]')) return { over: true, stateId: 0, labels: [] };
  if (!document.querySelector('[data-testid=your-turn]')) return null;
  const buttons = [...document.querySelectorAll('[data-testid=prompt] [data-testid=choice]')];
  if (!buttons.length) return null;
  return { over: false, stateId: Number(document.querySelector('[data-testid=game]')!.getAttribute('data-state-id')), labels: buttons.map((b) => b.textContent!.trim()) };
}

/** 'moved' once the page shows a state after `before`; 'confirm' while it asks to confirm the choice. */
function afterChoice(before: number): 'moved' | 'confirm' | null {
  if (Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > before) return 'moved';
  return document.querySelector('[data-testid=confirm]') ? 'confirm' : null;
}

async function decide(page: Page): Promise<'acted' | 'over'> {
  const d = await when(page, decisionShown, null, 10 * 60_000, 'no decision for the Axis');
  if (d.over) return 'over';
  const i = Math.max(0, d.labels.findIndex((l) => PASSIVE.test(l)));
  await page.locator('[data-testid=prompt] [data-testid=choice]').nth(i).click();
  if (await when(page, afterChoice, d.stateId, 60_000, 'the choice was not taken') === 'confirm') {
    await page.click('[data-testid=confirm]');
    await when(page, (b: number) => (Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > b ? 'moved' : null),
      d.stateId, 60_000, 'the confirmed choice was not taken');
  }
  return 'acted';
}

describe('a whole 2WW campaign in the browser against the AI (quick set-up, easy Allies)', () => {
  let e2e: E2E;
  let page: Page;
  let errors: string[];
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    // No AI time guard in effect (AI_BY_POSITIONS): a guard would make the seeded campaign depend on the machine's load.
    e2e = await startE2E({ server: AI_BY_POSITIONS, timeout: 60_000 });
    ({ page, errors } = e2e);
  });
  afterAll(async () => {
    await e2e?.close();
    console.log(`2WW campaign in the browser: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });

  it('2WW 4, 13: the campaign runs from Autumn 1939 to its victory judgement with no error in the page', async () => {
    const g = await apiCall<CreateGameResponse>(e2e.server, 'POST', '/api/games', {
      ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'human' }, allies: { kind: 'ai', level: 1 } },
    });
    // The Axis seat's dice contribution, made as its browser would (docs/fair-dice.md), with a fixed value.
    const axis = g.seats.axis!.token;
    await apiCall(e2e.server, 'POST', `/api/play/${axis}/entropy`, { commit: createHash('sha256').update(AXIS_VALUE).digest('hex') });
    await apiCall(e2e.server, 'POST', `/api/play/${axis}/entropy`, { reveal: AXIS_VALUE });
    await page.goto(`${e2e.server.url}/play/${axis}`);
    await page.locator('[data-testid=game]').waitFor();
    let n = 0;
    while ((await decide(page)) === 'acted') {
      n++;
      expect(n, 'the campaign ends within 3000 Axis decisions').toBeLessThan(3000);
      if (n % 100 === 0) console.log(`${n} Axis decisions, ${((Date.now() - started) / 1000).toFixed(0)} s: ${await page.locator('[data-testid=status]').textContent()}`);
    }
    const outcome = (await page.locator('[data-testid=outcome]').textContent())!;
    console.log(`2WW campaign: ${outcome} after ${n} Axis decisions, ${(await seq(page)).seq} actions in all`);
    expect(outcome).toMatch(/(Axis|Allied) (total|major|minor) victory|draw/i);
    expect(outcome).toContain('2WW 13');
    await shot(page, 'campaign-2ww-end');
    expect(errors).toEqual([]);
  }, 40 * 60_000);
});
