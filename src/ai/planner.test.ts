import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionKey, allChoices, applyAction, checkDerivedFacts, Game, prompts } from '../engine/index.ts';
import { duel, type DuelState } from '../engine/testing/duel.ts';
import { tokens, type TokensState } from '../engine/testing/tokens.ts';
import { duelAi } from '../rulesets/duel/ai.ts';
import { twoWW } from '../rulesets/2ww/index.ts';
import { bkg } from '../rulesets/bkg/index.ts';
import { aiAdapterFor, levelParams, LEVELS } from './index.ts';
import { endsOrPasses, Planner } from './planner.ts';
import { chanceOutcomes } from '../odds/index.ts';
import type { AiAdapter } from './types.ts';

// Tokens (src/engine/testing/tokens.ts): a structured prompt, one group per token; stopping ends the game. The terms
// reward tokens far along the line, so the best plan moves every token to the end, then stops.
const tokensAi: AiAdapter<TokensState> = {
  ruleset: 'tokens',
  stateFromView: () => { throw new Error('not used'); },
  terms: (s) => ({ material: (s.at.x! + s.at.y!) / 10 }),
  weights: { material: 1 },
  terminalValue: (s) => (s.at.x! + s.at.y!) / 10,
};

describe('the planner (online evolutionary planning of whole plans)', () => {
  it('plans a whole run of decisions through a structured prompt, its groups expanded on the state', () => {
    const s = Game.create(tokens, 's', {}, 'p').state;
    const planner = new Planner(tokens, tokensAi, 'a', LEVELS.hard, 'seed', null);
    const r = planner.plan([s]);
    // x 0 -> 5 and y 3 -> 5 (seven moves), then stop: every token at the end of the line.
    expect(r.value).toBe(1);
    expect(r.genes.map((g) => g.action.type)).toEqual([...Array(7).fill('move'), 'stop']);
    let st = s;
    for (const g of r.genes) {
      const p = prompts(tokens, st)[0]!;
      expect(allChoices(tokens, st, p).map((c) => actionKey(c.action))).toContain(actionKey(g.action));
      st = applyAction(tokens, st, 'a', g.action).state;
    }
  });

  it('2WW: a plan search in check mode reuses only facts equal to fresh ones, from ancestors or from sibling plans', () => {
    // A German movement plan (hold-berlin, src/ai/positions/2ww): every fact a position reuses, inherited or offered by
    // the search's scope (derivedFrom), is also computed afresh and compared (an EngineError on a difference).
    const position = JSON.parse(readFileSync(new URL('./positions/2ww/hold-berlin.json', import.meta.url), 'utf8'));
    const game = Game.create(twoWW, twoWW.scenarios[0]!.id, {}, 'check', position);
    checkDerivedFacts(game.state);
    const seat = prompts(twoWW, game.state)[0]!.seat;
    const params = { ...levelParams(aiAdapterFor('2ww')!, 'hard'), maxPositions: 300 };
    const planner = new Planner(twoWW, aiAdapterFor('2ww')!, seat, params, 'check', null);
    const r = planner.plan([game.state]);
    expect(planner.positions).toBeGreaterThanOrEqual(300);
    expect(r.genes.length).toBeGreaterThan(1);
  });

  it('BKG: a plan search in check mode reuses only facts equal to fresh ones (its land status, from ancestors or siblings)', () => {
    const game = Game.create(bkg, bkg.scenarios[0]!.id, {}, 'check');
    for (let i = 0; i < 40 && prompts(bkg, game.state)[0]?.choices.length === 1 && !prompts(bkg, game.state)[0]?.groups?.length; i++) {
      const p = prompts(bkg, game.state)[0]!;
      game.act(p.seat, p.choices[0]!.action);
    }
    checkDerivedFacts(game.state);
    const seat = prompts(bkg, game.state)[0]!.seat;
    const planner = new Planner(bkg, aiAdapterFor('bkg')!, seat, { ...levelParams(aiAdapterFor('bkg')!, 'hard'), maxPositions: 150 }, 'check', null);
    planner.plan([game.state]);
    expect(planner.positions).toBeGreaterThan(50);
  });

  it('levels differ by budget only: the same seed gives the same plan, and easy looks at fewer positions than hard', () => {
    const s = Game.create(tokens, 's', {}, 'p').state;
    const plan = (level: 'easy' | 'hard') => {
      const p = new Planner(tokens, tokensAi, 'a', LEVELS[level], 'seed', null);
      return { r: p.plan([s]), positions: p.positions };
    };
    const a = plan('hard'), b = plan('hard'), e = plan('easy');
    expect(b.r.genes).toEqual(a.r.genes);
    expect(b.positions).toBe(a.positions);
    expect(e.positions).toBeLessThan(a.positions);
  });

  it('a search spends no more than what is left of the turn budget (LevelParams.turnPositions), and still plans', () => {
    const s = Game.create(tokens, 's', {}, 'p').state;
    const full = new Planner(tokens, tokensAi, 'a', LEVELS.hard, 'seed', null);
    full.plan([s]);
    const cut = new Planner(tokens, tokensAi, 'a', LEVELS.hard, 'seed', null);
    cut.limit = 60;
    const r = cut.plan([s]);
    expect(full.positions).toBeGreaterThan(200);
    expect(cut.positions).toBeLessThan(full.positions / 2);
    expect(r.genes[0]!.action.type).toBe('move');
  });

  it('weighs each position by the adapter\'s positionCost of the root (AiAdapter.positionCost): a costly state looks at fewer', () => {
    const s = Game.create(tokens, 's', {}, 'p').state;
    const plain = new Planner(tokens, tokensAi, 'a', LEVELS.hard, 'seed', null);
    plain.limit = 120;
    plain.plan([s]);
    const costly = new Planner(tokens, { ...tokensAi, positionCost: () => 3 }, 'a', LEVELS.hard, 'seed', null);
    costly.limit = 120;
    const r = costly.plan([s]);
    expect(costly.cost).toBe(3);
    expect(costly.positions % 3).toBe(0);
    expect(costly.plans).toBeLessThan(plain.plans);
    expect(r.genes[0]!.action.type).toBe('move');
    // Below 1 (or not a number) a position counts one: the budgets are never stretched.
    const cheap = new Planner(tokens, { ...tokensAi, positionCost: () => 0.2 }, 'a', LEVELS.hard, 'seed', null);
    cheap.limit = 120;
    cheap.plan([s]);
    expect(cheap.cost).toBe(1);
    expect(cheap.plans).toBe(plain.plans);
  });

  it('counts the ordering of a decision\'s choices against the budget (LevelParams.choicesPerPosition)', () => {
    const s = Game.create(tokens, 's', {}, 'p').state;
    const free = new Planner(tokens, tokensAi, 'a', LEVELS.hard, 'seed', null);
    free.limit = 100;
    free.plan([s]);
    // Each ordering of the tokens' choices now costs a position per choice: fewer plans fit the same budget.
    const costly = new Planner(tokens, tokensAi, 'a', { ...LEVELS.hard, choicesPerPosition: 1 }, 'seed', null);
    costly.limit = 100;
    const r = costly.plan([s]);
    expect(costly.plans).toBeLessThan(free.plans);
    expect(r.genes[0]!.action.type).toBe('move');
  });

  it('judges a plan that ends in a roll by the exact odds of every result (Duel 3.1: hit on 4+)', () => {
    const g = Game.create(duel, 'standard', { rounds: 20 }, 'odds');
    g.act('red', { type: 'bid', n: 2 });
    g.act('blue', { type: 'bid', n: 1 });
    const s = g.state as DuelState;
    const planner = new Planner(duel, duelAi, 'red', LEVELS.normal, 'seed', null);
    // By hand: half the time blue loses a step (its weakest unit, 1: eliminated), else nothing changes.
    const hit = { ...s, units: { red: s.units.red, blue: [3, 2] } };
    const expected = 0.5 * planner.value(hit as DuelState) + 0.5 * planner.value(s);
    expect(planner.actionValue(s, 'red', { type: 'attack' })).toBeCloseTo(expected, 12);
  });

  it('charges a chance node the runs of the rules its enumeration spends beyond its outcomes, at the level\'s weight (LevelParams.chargeEnumeration)', () => {
    const g = Game.create(duel, 'standard', { rounds: 20 }, 'odds');
    g.act('red', { type: 'bid', n: 2 });
    g.act('blue', { type: 'bid', n: 1 });
    const s = g.state as DuelState;
    const attack = { type: 'attack' };
    const spent = { runs: 0 };
    const outs = chanceOutcomes(duel, s, 'red', attack, LEVELS.normal.maxBranches, duelAi.rollReading, spent)!;
    // The run that stops at the roll, then one per face of the die: seven runs merged into two outcomes (hit on 4+).
    expect([spent.runs, outs.length]).toEqual([7, 2]);
    const cost = (weight: number, params = LEVELS.normal) => {
      const planner = new Planner(duel, duelAi, 'red', { ...params, chargeEnumeration: weight }, 'seed', null);
      planner.actionValue(s, 'red', attack);
      return planner.positions;
    };
    expect(cost(1) - cost(0)).toBe(5);
    // A run weighed a quarter of a position: the five extra runs count 1.25.
    expect(cost(0.25) - cost(0)).toBe(1.25);
    // An enumeration given up (past maxBranches) is charged its runs too, before the node is sampled.
    const tight = { ...LEVELS.normal, maxBranches: 2 };
    expect(cost(1, tight) - cost(0, tight)).toBe(2);
    expect(cost(0.25, tight) - cost(0, tight)).toBe(0.5);
  });

  it('without an adapter\'s order, ending or passing comes last, so the default plan acts before it stops', () => {
    const s = Game.create(tokens, 's', {}, 'p').state;
    // The prompt lists "Stop" first; past the lookahead the prompt's order is kept, the stop moved last.
    const params = { ...LEVELS.easy, lookahead: 1 };
    const planner = new Planner(tokens, tokensAi, 'a', params, 'seed', null);
    const p = prompts(tokens, s)[0]!;
    expect(p.choices[0]!.action.type).toBe('stop');
    const ord = planner.ordered(s, p);
    expect(ord.map((c) => c.action.type)).toEqual(['move', 'move', 'move', 'stop']);
    expect(['end', 'end-combat', 'pass', 'done', 'intercept-done', 'militia-end', 'stop'].every((type) => endsOrPasses({ action: { type }, label: '' }))).toBe(true);
    expect(['move', 'attack', 'decline', 'no', 'endure'].some((type) => endsOrPasses({ action: { type }, label: '' }))).toBe(false);
    // The default plan (each decision's first choice) moves a token before it stops.
    expect(planner.decode(s, []).genes[0]!.action.type).toBe('move');
  });
});
