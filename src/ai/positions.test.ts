// Hand-built 2WW positions with a clearly best decision (docs/ai.md): src/ai/positions/2ww/NAME.json is a position
// file (docs/positions.md, valid for `theater check-position`), NAME.expect.json the decision expected and why.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { actionKey, applyAction, Game, prompts, viewFor, type Action } from '../engine/index.ts';
import { twoWW } from '../rulesets/2ww/index.ts';
import type { TwoWWState } from '../rulesets/2ww/state.ts';
import { unitClass, unitDef } from '../rulesets/2ww/world.ts';
import { combatWorld } from '../rulesets/2ww/combat/index.ts';
import { chooseAction, type AiLevel } from './index.ts';

interface Expectation {
  name: string;
  /** Rule case the decision turns on. */
  rule: string;
  /** One line: why the expected decision is clearly best, citing the rule case. */
  why: string;
  levels: AiLevel[];
  expect: {
    /** Exactly this action. */
    action?: Action;
    /** An action with these fields (any others). */
    match?: Record<string, string>;
    /** An action with the fields of one of these (several decisions are equally right). */
    oneOf?: Record<string, string>[];
    /** No action with these fields. */
    notMatch?: Record<string, string>[];
    /** After the action, these city hexes are controlled by these sides (any move that achieves it). */
    after?: { control?: Record<string, 'axis' | 'allies'> };
    /**
     * After the seat's whole plan for this phase (its decisions played while the prompt stays of the same kind):
     * at least this many of its land units stand in each hex (a movement plan's end, whatever its order), and these
     * units are not aboard a fleet (`ashore`: carried units come ashore somewhere, 2WW 8.1.3).
     */
    afterPlan?: { landUnits?: Record<string, number>; ashore?: string[] };
  };
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'positions', '2ww');
const names = readdirSync(dir).filter((f) => f.endsWith('.expect.json')).map((f) => f.replace(/\.expect\.json$/, '')).sort();

function load(name: string): { position: unknown; exp: Expectation } {
  return {
    position: JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')),
    exp: JSON.parse(readFileSync(join(dir, `${name}.expect.json`), 'utf8')) as Expectation,
  };
}

/** Why the decision misses the expectation, or null when it meets it. */
function miss(exp: Expectation, state: TwoWWState, seat: string, action: Action): string | null {
  const e = exp.expect;
  const key = actionKey(action);
  if (e.action && key !== actionKey(e.action)) return `chose ${key}, expected ${actionKey(e.action)}`;
  const has = (m: Record<string, string>) => Object.entries(m).every(([k, v]) => action[k] === v);
  if (e.match && !has(e.match)) return `chose ${key}, expected an action with ${JSON.stringify(e.match)}`;
  if (e.oneOf && !e.oneOf.some(has)) return `chose ${key}, expected an action with one of ${JSON.stringify(e.oneOf)}`;
  for (const m of e.notMatch ?? []) if (has(m)) return `chose ${key}, which has ${JSON.stringify(m)}`;
  if (e.after?.control) {
    const after = applyAction(twoWW, state, seat, action).state;
    for (const [hex, side] of Object.entries(e.after.control)) {
      if (after.control[hex] !== side) return `chose ${key}; afterwards ${hex} is held by ${after.control[hex] ?? 'nobody'}, expected ${side}`;
    }
  }
  return null;
}

/** Play the rest of the seat's plan for this phase from `first`, then count its land units in the hexes named. */
function missAfterPlan(e: { landUnits?: Record<string, number>; ashore?: string[] }, start: TwoWWState, seat: string, level: AiLevel, seed: string, first: Action): string | null {
  const kind = prompts(twoWW, start)[0]!.kind;
  let s = applyAction(twoWW, start, seat, first).state;
  for (let i = 0; i < 80; i++) {
    const p = prompts(twoWW, s)[0];
    if (!p || p.seat !== seat || p.kind !== kind) break;
    const view = viewFor(twoWW, s, seat);
    s = applyAction(twoWW, s, seat, chooseAction({ ruleset: '2ww', seat, level, view, prompt: view.prompt!, seed }).action).state;
  }
  for (const id of e.ashore ?? []) if (s.units[id]?.aboard) return `after the plan ${id} is still aboard ${s.units[id]!.aboard} at ${s.units[id]!.where}`;
  for (const [hex, n] of Object.entries(e.landUnits ?? {})) {
    const here = Object.entries(s.units).filter(([id, u]) => u.where === hex && !u.aboard && unitClass(s, id) === 'land' && unitDef(s, id).type !== 'fort'
      && combatWorld(s).sideOf(s, id) === seat).length;
    if (here < n) return `after the plan ${hex} holds ${here} of the side's land units, expected at least ${n}`;
  }
  return null;
}

const results: { name: string; level: AiLevel; miss: string | null }[] = [];

describe('2WW positions with a clearly best decision', () => {
  it('the suite has at least 30 positions, each a valid position file (docs/positions.md) with a reason citing a rule', () => {
    expect(names.length).toBeGreaterThanOrEqual(30);
    for (const name of names) {
      const { position, exp } = load(name);
      expect(twoWW.positions!.validate(position as any), name).toEqual([]);
      expect(exp.why, name).toMatch(/2WW \d/);
      expect(exp.rule, name).toMatch(/^2WW \d/);
    }
  });

  for (const name of names) {
    const { position, exp } = load(name);
    for (const level of exp.levels) {
      it(`${exp.rule} ${exp.name} (${level}, ${name})`, () => {
        const game = Game.create(twoWW, twoWW.scenarios[0]!.id, {}, `position-${name}`, position as any);
        const p = prompts(twoWW, game.state)[0]!;
        const view = viewFor(twoWW, game.state, p.seat);
        const r = chooseAction({ ruleset: '2ww', seat: p.seat, level, view, prompt: view.prompt!, seed: name });
        const why = miss(exp, game.state, p.seat, r.action) ?? (exp.expect.afterPlan ? missAfterPlan(exp.expect.afterPlan, game.state, p.seat, level, name, r.action) : null);
        results.push({ name, level, miss: why });
        expect(why, `${name}: ${r.explanation}`).toBeNull();
      });
    }
  }

  // The issue's bar is 80% of the suite at hard; each position above also asserts its own decision.
  afterAll(() => {
    const hard = results.filter((r) => r.level === 'hard');
    const missed = hard.filter((r) => r.miss);
    if (hard.length) console.log(`2WW positions: hard finds ${hard.length - missed.length} of ${hard.length}${missed.length ? `; misses ${missed.map((m) => m.name).join(', ')}` : ''}`);
  });
});
