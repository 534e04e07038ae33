import { describe, expect, it } from 'vitest';
import { Game, prompts, viewFor } from '../../../engine/index.ts';
import { chooseAction, forgetPlans } from '../../../ai/index.ts';
import { choiceSource } from '../../../ai/planner.ts';
import { eto } from '../index.ts';
import type { EtoState } from '../state.ts';
import { etoAi } from './adapter.ts';
import { conquestHexes, dist } from '../land.ts';
import { airbases } from '../air.ts';
import { act, declareAssault, germansInKiel, invadeNorway, PASS, playUntil, sailFromKiel } from '../testing.ts';
import { norwegianCities } from '../northward-strike.ts';

const start = (scenario: string, options = {}) => Game.create(eto, scenario, options, `ai-${scenario}`);

describe('the ETO AI adapter: every scenario has terms', () => {
  for (const sc of eto.scenarios) {
    it(`${sc.name}: the terms are in [-1, 1], opposite for the two sides, and the state rebuilt from a view asks the same question`, () => {
      const g = start(sc.id);
      const s = g.state as EtoState;
      const ax = etoAi.terms(s, 'axis'), al = etoAi.terms(s, 'allies');
      for (const [k, v] of Object.entries(ax)) {
        expect(Math.abs(v), k).toBeLessThanOrEqual(1);
        expect(al[k], k).toBeCloseTo(-v, 12);
      }
      const p = prompts(eto, s)[0]!;
      const back = etoAi.stateFromView(viewFor(eto, s, p.seat), p.seat, 'x');
      expect(prompts(eto, back)[0]!.text).toBe(p.text);
    });
  }
});

describe('the ETO AI plays', () => {
  it('Sink the Bismarck! [1.3]: the German plan takes Bismarck out of Bergen toward the North Atlantic, and the later decisions follow the plan', () => {
    forgetPlans();
    const g = start('sink-the-bismarck');
    // The British place their three free ships in Scapa Flow; the German then has the initiative.
    while (prompts(eto, g.state)[0]!.seat === 'allies') {
      const p = prompts(eto, g.state)[0]!;
      g.act('allies', p.choices.find((c) => c.action.space === 'W4716' && c.action.inPort)!.action);
    }
    const moves: string[] = [];
    let followed = 0;
    // The British (when asked) always take their prompt's last choice: end the movement, no interception.
    const bismarck = () => (g.state as EtoState).ships.bismarck!;
    for (let i = 0; i < 200 && !g.state.outcome && bismarck().space === 'W4922'; i++) {
      const p = prompts(eto, g.state)[0]!;
      if (p.seat === 'allies') { g.act('allies', p.choices[p.choices.length - 1]!.action); continue; }
      const view = viewFor(eto, g.state, 'axis');
      const r = chooseAction({ ruleset: 'eto', seat: 'axis', level: 'easy', view, prompt: view.prompt!, seed: 'b' });
      if (r.stats?.followed) followed++;
      moves.push(JSON.stringify(r.action));
      g.act('axis', r.action);
    }
    expect(moves.some((m) => m.includes('"select"') && m.includes('bismarck')), moves.join(' ')).toBe(true);
    expect(moves).toContain('{"type":"leave-port"}');
    expect(followed).toBeGreaterThan(0);
    expect(bismarck().space).not.toBe('W4922');
    expect(bismarck().sunk).toBe(false);
  });

  it('Case White [4.4]: ground support (ETO 17.0) is offered first over an attack on Warsaw, Poznan or Krakow, last elsewhere', () => {
    forgetPlans();
    const g = start('case-white');
    const seen = { goal: 0, other: 0 };
    for (let i = 0; i < 80 && !g.state.outcome && (!seen.goal || !seen.other); i++) {
      const s = g.state as EtoState;
      const p = prompts(eto, s)[0]!;
      if (p.kind === 'air' && p.choices.some((c) => c.action.type === 'fly')) {
        const target = (s.stack[s.stack.length - 1] as unknown as { target: string }).target;
        const first = etoAi.candidates!(s, p, 'axis', choiceSource(eto, s, p))![0]!.action;
        const goal = conquestHexes(s.land!, 'poland').includes(target);
        expect(first.type, target).toBe(goal ? 'fly' : 'done');
        seen[goal ? 'goal' : 'other']++;
      }
      const view = viewFor(eto, g.state, p.seat);
      g.act(p.seat, chooseAction({ ruleset: 'eto', seat: p.seat, level: 'easy', view, prompt: view.prompt!, seed: 'cw' }).action);
    }
    expect(seen.goal + seen.other).toBeGreaterThan(0);
  });

  it('Case White [4.3]: the German offensive is the combined offensive of both army groups (ETO 23.6)', () => {
    const g = start('case-white');
    for (let i = 0; i < 40 && !prompts(eto, g.state)[0]!.choices.some((c) => c.action.type === 'offensive'); i++) {
      const p = prompts(eto, g.state)[0]!;
      const view = viewFor(eto, g.state, p.seat);
      g.act(p.seat, chooseAction({ ruleset: 'eto', seat: p.seat, level: 'easy', view, prompt: view.prompt!, seed: 'cw' }).action);
    }
    const p = prompts(eto, g.state)[0]!;
    const view = viewFor(eto, g.state, p.seat);
    const r = chooseAction({ ruleset: 'eto', seat: p.seat, level: 'hard', view, prompt: view.prompt!, seed: 'cw' });
    expect(r.action).toMatchObject({ type: 'offensive', method: 'hq' });
    expect((r.action.partners as string[]).length).toBeGreaterThan(0);
  });

  it('Their Finest Hour [2.3]: German air sets up in range of British installations (13.1, 21.5); a bombing raid flies with one fighter escort (14.2)', () => {
    forgetPlans();
    const g = start('their-finest-hour');
    const s0 = g.state as EtoState;
    const p0 = prompts(eto, s0)[0]!;
    const first = etoAi.candidates!(s0, p0, 'axis', choiceSource(eto, s0, p0))![0]!.action;
    const unit = s0.land!.air[first.unit as string]!;
    expect(unit.range).toBeGreaterThanOrEqual(minDistToBritain(s0, first.hex as string));
    let raids = 0;
    for (let i = 0; i < 300 && !g.state.outcome && raids < 1; i++) {
      const s = g.state as EtoState;
      const p = prompts(eto, s)[0]!;
      const raid = (s.stack[s.stack.length - 1] as unknown as { raid?: { kind: string; units: string[] } | null }).raid;
      if (p.seat === 'axis' && raid?.kind === 'bomb' && p.kind === 'air') {
        const a = etoAi.quickChoice!(s, p, 'axis')!;
        const fighters = raid.units.filter((id) => s.land!.air[id]!.kind === 'fighter').length;
        if (a.type === 'raid-add') expect(s.land!.air[a.air as string]!.kind).toBe('fighter');
        expect(fighters).toBeLessThanOrEqual(1);
        if (a.type === 'raid-fly') raids++;
      }
      const view = viewFor(eto, g.state, p.seat);
      g.act(p.seat, chooseAction({ ruleset: 'eto', seat: p.seat, level: 'easy', view, prompt: view.prompt!, seed: 'tfh' }).action);
    }
    expect(raids).toBe(1);
  });

  it('Northward Strike [5.4]: the German declares the invasion of Norway (39.2); its transports take infantry aboard first (10.2, 10.6)', () => {
    forgetPlans();
    const g = start('northward-strike');
    let invaded = false, embarked = 0;
    for (let i = 0; i < 400 && !g.state.outcome && !embarked; i++) {
      const s = g.state as EtoState;
      const p = prompts(eto, s)[0]!;
      const view = viewFor(eto, g.state, p.seat);
      const a = chooseAction({ ruleset: 'eto', seat: p.seat, level: p.seat === 'axis' && p.choices.some((c) => c.action.type === 'invade') ? 'hard' : 'easy', view, prompt: view.prompt!, seed: 'ns' }).action;
      if (p.seat === 'axis' && a.type === 'invade') invaded = true;
      if (p.seat === 'axis' && a.type === 'embark') {
        expect(s.land!.units[a.unit as string]!.kind).toBe('inf');
        embarked++;
      }
      g.act(p.seat, a);
    }
    expect(invaded).toBe(true);
    expect(embarked).toBe(1);
  });
});

describe('the ETO AI: plan elements of scenarios 2 and 5', () => {
  /** Plays the German set-up with each prompt's first candidate (no search). */
  const setUp = (scenario: string): EtoState => {
    const g = start(scenario);
    for (let i = 0; i < 60; i++) {
      const s = g.state as EtoState;
      const p = prompts(eto, s)[0]!;
      if (p.seat !== 'axis' || p.kind !== 'place' || !p.choices.some((c) => typeof c.action.unit === 'string')) break;
      g.act('axis', etoAi.candidates!(s, p, 'axis', choiceSource(eto, s, p))![0]!.action);
    }
    return g.state as EtoState;
  };

  it('Their Finest Hour [2.3]: bombers and fighter-bombers set up in range of a British installation (13.1) and beyond every British fighter (range 5 at most, 21.4)', () => {
    const l = setUp('their-finest-hour').land!;
    const strikers = Object.values(l.air).filter((a) => a.side === 'axis' && (a.kind === 'bomber' || a.kind === 'fighter-bomber'));
    expect(strikers.every((a) => a.where === 'map')).toBe(true);
    for (const a of strikers) {
      const d = Math.min(...airbases(l, 'allies').map((b) => dist(a.base!, b)));
      expect(d, `${a.id} at ${a.base}`).toBeGreaterThan(5);
      expect(d, `${a.id} at ${a.base}`).toBeLessThanOrEqual(a.range);
    }
  });

  it('Northward Strike [5.4]: paratroops set up at an airbase with both ATPs (19.1), and drop on an assault on a Norwegian city (19.1-19.3)', () => {
    const l = setUp('northward-strike').land!;
    const paras = Object.values(l.units).filter((u) => u.side === 'axis' && u.kind === 'para');
    const atps = Object.values(l.air).filter((a) => a.side === 'axis' && a.kind === 'atp');
    expect(paras.map((u) => u.hex)).toEqual(paras.map(() => atps[0]!.base));
    expect(atps.map((a) => a.base)).toEqual(atps.map(() => paras[0]!.hex));
    const OSLO = 'W4725';
    const g = germansInKiel('drop1', { 'de-para-1': 'W4126', 'de-atp-1': 'W4126' });
    invadeNorway(g);
    for (const id of ['de-stp-1', 'de-stp-2', 'de-stp-3', 'de-stp-4']) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2']) act(g, 'axis', { type: 'embark', unit });
    sailFromKiel(g, OSLO);
    declareAssault(g, OSLO);
    const p = prompts(eto, g.state)[0]!;
    expect(etoAi.quickChoice!(g.state as EtoState, p, 'axis', false)).toEqual({ type: 'drop', unit: 'de-para-1', atp: 'de-atp-1' });
  });

  /** Norway invaded from Kiel, the German naval movement by the standing rules, else each prompt's first candidate; the Allies pass. */
  const sailed = (seed: string): Game<EtoState> => {
    const g = germansInKiel(seed);
    invadeNorway(g);
    for (let i = 0; i < 200 && g.state.stack.some((f) => f.proc === 'naval-movement'); i++) {
      const s = g.state as EtoState;
      const p = prompts(eto, s)[0]!;
      const cs = choiceSource(eto, s, p);
      const a = p.seat === 'axis' ? etoAi.quickChoice!(s, p, 'axis', true) ?? (etoAi.candidates!(s, p, 'axis', cs) ?? cs.all())[0]!.action
        : (cs.all().find((c) => PASS.test(String(c.action.type))) ?? cs.all()[0]!).action;
      g.act(p.seat, a);
    }
    return g;
  };

  it('Northward Strike [5.4]: each infantry in Kiel sails with its own share of the STPs for a different Norwegian city (10.2, 10.6)', () => {
    const g = sailed('split');
    const s = g.state as EtoState;
    const l = s.land!;
    const at = ['de-inf-1', 'de-inf-2'].map((id) => l.units[id]!).map((u) => s.ships[u.aboard!]!.space);
    expect(new Set(at).size).toBe(2);
    for (const h of at) {
      expect(norwegianCities(l)).toContain(h);
      expect(Object.values(s.ships).filter((x) => x.side === 'axis' && x.type === 'STP' && !x.sunk && x.space === h).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('Northward Strike [5.4]: the first force sails for Oslo (40.0: its capture conquers Norway) along the fewest MP (10.2), none for rough Bergen (10.6); Oslo\'s assault comes first', () => {
    const OSLO = 'W4725', BERGEN = 'W4922';
    const g = sailed('oslo');
    const s = g.state as EtoState;
    const l = s.land!;
    expect(conquestHexes(l, 'norway')).toEqual([OSLO]);
    const stps = ['de-inf-1', 'de-inf-2'].map((id) => l.units[id]!.aboard!);
    const at = stps.map((id) => s.ships[id]!.space);
    expect(at).toContain(OSLO);
    expect(at).not.toContain(BERGEN);
    // Kiel to Oslo or Kristiansand is 6 naval MP: no detour, so two STPs a unit still make the assault (10.2).
    for (const id of stps) expect(s.ships[id]!.carried).toBeLessThanOrEqual(6);
    playUntil(g, 'axis', (c) => c.action.type === 'offensive', true);
    const p = prompts(eto, g.state)[0]!;
    expect(etoAi.quickChoice!(g.state as EtoState, p, 'axis', false)).toEqual({ type: 'offensive', method: 'stack', hex: OSLO });
  });
});

/** Hexes from `h` to the nearest British airbase or port (21.5 installations). */
function minDistToBritain(s: EtoState, h: string): number {
  const l = s.land!;
  return Math.min(...airbases(l, 'allies').map((b) => dist(h, b)));
}
