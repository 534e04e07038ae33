// Every rule set's table as a player meets it (issue #21): each scenario opened at 1440x900 and 390x844, first at its
// start, then in its first phase of play (earlier decisions answered over the API), with a stack opened in the
// inspector. Screenshots: test-results/tour-<game>-<moment>-{1440,390}.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Choice } from '../../src/engine/types.ts';
import type { CreateGameResponse, PlayResponse } from '../../src/server/protocol.ts';
import { takeSeats } from '../../src/server/test-helpers.ts';
import { apiCall, shot, startE2E, waitShown, type E2E } from './harness.ts';
import { drawn, settled } from './drivers.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function both(page: Page, name: string): Promise<void> {
  for (const [size, v] of [['1440', DESKTOP], ['390', PHONE]] as const) {
    await page.setViewportSize(v);
    await drawn(page);
    await shot(page, `tour-${name}-${size}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1), `${name} at ${size}: no sideways scroll`).toBe(true);
  }
  await page.setViewportSize(DESKTOP);
}

interface Game {
  name: string;
  body: { ruleset: string; seats: Record<string, { kind: string; level?: number }> } & Record<string, unknown>;
  play: RegExp;
  /** The rule set's choices name a unit as the client does (checked on the unit selected in play). */
  oneName?: boolean;
}

const hot = (...seats: string[]) => Object.fromEntries(seats.map((s) => [s, { kind: 'human' }]));
const AAE = ['germany', 'ussr', 'uk', 'usa'];
const BKG = ['germany', 'italy', 'japan', 'usa', 'be', 'ussr', 'france', 'china'];

/** The games a player opens, and the prompt kinds that count as play (not set-up). */
const GAMES: Game[] = [
  { name: '2ww', body: { ruleset: '2ww', options: { quickSetup: true }, seats: hot('axis', 'allies') }, play: /move/, oneName: true },
  { name: '2ww-combat', body: { ruleset: '2ww', options: { quickSetup: true }, seats: hot('axis', 'allies') }, play: /attack|combat/ },
  { name: 'eto-1', body: { ruleset: 'eto', scenario: 'sink-the-bismarck', seats: hot('axis', 'allies') }, play: /move|search|naval|attack/, oneName: true },
  { name: 'eto-2', body: { ruleset: 'eto', scenario: 'their-finest-hour', seats: hot('axis', 'allies') }, play: /move|attack|air|raid|mission/, oneName: true },
  { name: 'eto-bulge', body: { ruleset: 'eto', scenario: 'bulge', seats: hot('axis', 'allies') }, play: /move|attack/, oneName: true },
  { name: 'eto-4', body: { ruleset: 'eto', scenario: 'case-white', seats: hot('axis', 'allies') }, play: /move|attack/, oneName: true },
  { name: 'eto-5', body: { ruleset: 'eto', scenario: 'northward-strike', seats: hot('axis', 'allies') }, play: /move|transport|attack/, oneName: true },
  { name: 'aae', body: { ruleset: 'aae', options: { houseRules: false, bid: false }, seats: hot(...AAE) }, play: /move|combat|attack/ },
  { name: 'aae-hr', body: { ruleset: 'aae', options: { houseRules: true, bid: false }, seats: hot(...AAE, 'minor') }, play: /move|combat|attack/ },
  { name: 'bkg-1939', body: { ruleset: 'bkg', scenario: 'basic-1939', seats: hot(...BKG) }, play: /move|attack|combat/ },
  { name: 'bkg-1941', body: { ruleset: 'bkg', scenario: 'advanced-1941', seats: hot(...BKG) }, play: /move|attack|combat/ },
];

async function apiPrompt(e2e: E2E, token: string): Promise<{ stateId: number; kind: string; choices: Choice[] } | null> {
  const p = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${token}`);
  if (!p.view.prompt || p.outcome) return null;
  const choices = [...p.view.prompt.choices];
  for (const g of p.view.prompt.groups ?? []) {
    choices.push(...(await apiCall<{ choices: Choice[] }>(e2e.server, 'GET', `/api/play/${token}/choices/${encodeURIComponent(g.key)}?stateId=${p.stateId}`)).choices);
    if (choices.length > 40) break;
  }
  return { stateId: p.stateId, kind: p.view.prompt.kind, choices };
}

const QUICK = /rest as usual|suggested|example of play|as printed|standard/i;
const PASS = /\b(end|pass|done|no|decline|skip|finish)\b/i;

describe('every rule set at both sizes (issue #21)', () => {
  let e2e: E2E;
  let page: Page;
  let errors: string[];
  const named: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E({ timeout: 30_000 });
    ({ page, errors } = e2e);
  }, 120_000);
  afterAll(async () => {
    console.log(`one name in the decision, the inspector and the choices: ${named.join('; ')}`);
    await e2e?.close();
  });

  for (const game of GAMES) {
    it(`${game.name}: its start and its first phase of play`, async () => {
      const g = await apiCall<CreateGameResponse>(e2e.server, 'POST', '/api/games', game.body);
      const tokens = Object.values(g.seats).map((s) => s.token);
      await takeSeats(e2e.server.url, tokens);
      const deciding = async () => {
        const p = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${g.spectator.token}`);
        return p.view.waitingFor[0] ? g.seats[p.view.waitingFor[0].seat]!.token : null;
      };
      await page.setViewportSize(DESKTOP);
      await page.goto(`${e2e.server.url}/play/${(await deciding())!}`);
      await waitShown(page.locator('[data-testid=your-turn]'));
      if (game.body.ruleset === 'eto') {
        // Each scenario's victory conditions at a glance from the start, with the rule's summary a click away (gap 1).
        const how = page.locator('[data-testid=glance-how-to-win]');
        await expect.poll(() => how.textContent()).toMatch(/How to win \w.{20,}ETO scenario \d \[\d\.\d\]/);
        const lit = await page.locator('[data-testid=map] .hl').count();
        await how.locator('[data-testid=rule-link]').click();
        expect(await page.locator('[data-testid=rule-summary]').textContent()).toBe((await how.textContent())!.replace(/^How to win /, '').replace(/ ETO scenario.*$/, ''));
        // Escape closes the rule card, and only it: the set-up's lit places stay lit.
        await page.keyboard.press('Escape');
        await page.locator('[data-testid=rule-card]').waitFor({ state: 'detached' });
        expect(await page.locator('[data-testid=map] .hl').count()).toBe(lit);
      }
      await both(page, `${game.name}-start`);
      if (game.name === 'bkg-1941') {
        // The cards (advanced 7.4) at a glance: the deciding seat's own by name, the others' and the stack counted.
        const held = await page.locator('[data-testid=glance-holding]').allTextContents();
        expect(held).toContain("Germany's cards Coup in Iraq (held from the start) · Blitzkrieg (held from the start) · Surprise (held from the start) · Bridgehead (held from the start)");
        expect(held).toContain('Other hands, face down Italy 2 · Japan 3 · USA 2 · British Empire 1 · USSR 1 · China 1');
        expect(held.some((t) => /^Card stack \d+ face down$/.test(t)), held.join(' | ')).toBe(true);
      }
      // On to the first decision of play: set-up the usual way, else pass or the first choice.
      for (let n = 0; n < 300; n++) {
        const t = await deciding();
        if (!t) break;
        const p = (await apiPrompt(e2e, t))!;
        if (game.play.test(p.kind)) break;
        const c = p.choices.find((x) => QUICK.test(x.label)) ?? p.choices.find((x) => PASS.test(x.label) && !/end the game/i.test(x.label)) ?? p.choices[0]!;
        await apiCall(e2e.server, 'POST', `/api/play/${t}/action`, { stateId: p.stateId, action: c.action });
      }
      const t = await deciding();
      if (!t) return;
      await page.goto(`${e2e.server.url}/play/${t}`);
      await waitShown(page.locator('[data-testid=your-turn]'));
      await settled(page);
      // A unit with choices, where it shows on the map (not under another counter or the map's edge).
      const unit = await page.evaluate(() => {
        const m = document.querySelector('[data-testid=map]')!.getBoundingClientRect();
        for (const el of document.querySelectorAll('[data-testid=map] .counter.active')) {
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          if (x > m.left + 10 && x < m.right - 10 && y > m.top + 10 && y < m.bottom - 10 && document.elementFromPoint(x, y)?.closest('.counter') === el) return el.getAttribute('data-unit');
        }
        return null;
      });
      if (unit) {
        await page.locator(`[data-testid=map] .counter.active[data-unit="${unit}"]`).click();
        await page.locator('[data-testid=inspector]').waitFor();
        // One name for a unit (#21 item 1): the decision's "Choices for …", the inspector and the choices say the same.
        const narrowed = page.locator('[data-testid=narrowed]:not([data-place]) b');
        if (game.oneName && (await narrowed.count())) {
          const row = page.locator(`[data-testid=inspector] [data-unit-id="${unit}"] b`).first();
          const name = (await row.textContent())!;
          expect((await narrowed.textContent())!.startsWith(name), `the decision names ${name}`).toBe(true);
          const labels = await page.locator('[data-testid=choice]').allTextContents();
          expect(labels.some((l) => l.includes(name)), `${name} in ${labels.slice(0, 5).join(' | ')}`).toBe(true);
          named.push(`${game.name}: ${name}`);
        }
      }
      if (game.body.ruleset === 'eto') {
        // Where the sides stand by the scenario's victory conditions, once the set-up is over.
        expect(await page.locator('[data-testid=glance-victory]').textContent()).toMatch(/If it ended now: \S/);
        expect(await page.locator('[data-testid=glance-how-to-win]').textContent()).toMatch(/How to win \w.{20,}ETO scenario \d/);
      }
      // A counter's printed code and designation stay on the counter (ETO's whole names once ran over the next hex).
      const spill = await page.evaluate(() => {
        const out: string[] = [];
        for (const c of document.querySelectorAll('[data-testid=map] .counter')) {
          const bg = c.querySelector('.counter-bg')?.getBoundingClientRect();
          for (const t of c.querySelectorAll('text[y="-0.37"]')) {
            const r = t.getBoundingClientRect();
            if (bg && r.width && (r.left < bg.left - 1 || r.right > bg.right + 1)) out.push(`${c.getAttribute('data-unit')}: ${t.textContent}`);
          }
        }
        return out;
      });
      expect(spill, 'text running off its counter').toEqual([]);
      await both(page, `${game.name}-play`);
      expect(errors).toEqual([]);
    }, 240_000);
  }
});
