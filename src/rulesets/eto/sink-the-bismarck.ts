// ETO Scenario 1 "Sink the Bismarck!" (May 1941): one Naval and Air phase, naval rules only (Parts 2 and 4).
import type { Frame, Procedure } from '../../engine/index.ts';
import type { ChooseFirstAction, ShipPlaceAction } from './actions.ts';
import { etoData } from './data/index.ts';
import { allSpaces, navalMap, spaceName } from './map.ts';
import { emptyStep, type EtoState, otherSide, type Ship, SIDE_OF_NATION, type Side } from './state.ts';

export const BISMARCK_ID = 'sink-the-bismarck';

export function bismarckSetup(): Omit<EtoState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> {
  const { units, bismarck } = etoData();
  const ships: Record<string, Ship> = {};
  for (const group of bismarck.setup) {
    for (const id of group.units) {
      const u = units.find((x) => x.id === id)!;
      ships[id] = {
        id, name: u.name, nation: u.nation, side: SIDE_OF_NATION[u.nation]!, type: u.type, named: u.named,
        damaged: false, sunk: false, space: group.at === 'anywhere' ? '' : group.at, inPort: group.inPort ?? false,
        air: u.navalAir?.strength ?? 0,
      };
    }
  }
  return {
    month: bismarck.date.month, year: bismarck.date.year, weather: bismarck.weather.value,
    initiative: SIDE_OF_NATION[bismarck.initiative]!, ships, order: [], step: emptyStep(), counterIntercepted: [],
    stack: [{ proc: 'bismarck', stage: 'setup', phase: 0 }],
  };
}

interface ScenarioFrame extends Frame {
  stage: 'setup' | 'initiative' | 'phases';
  phase: number;
}

/** The scenario's sequence: British free placement, initiative, the two sides' Naval and Air phases, victory. */
export const bismarckScenario: Procedure<EtoState, ScenarioFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    if (f.stage === 'setup') {
      f.stage = 'initiative';
      ctx.push('place-anywhere');
      return;
    }
    if (f.stage === 'initiative') {
      f.stage = 'phases';
      ctx.push('choose-first');
      return;
    }
    if (f.phase < s.order.length) {
      const side = s.order[f.phase]!;
      f.phase++;
      ctx.push('naval-air-phase', { side, step: 1 });
      return;
    }
    ctx.end(bismarckVictory(s));
  },
};

/** Scenario 1 [1.3]. */
export function bismarckVictory(s: EtoState): { winner: Side | null; result: string; rule: string } {
  const v = etoData().bismarck.victory;
  const inArea = (id: string) => !s.ships[id]!.sunk && s.ships[id]!.space === v.area;
  if (v.germanWin.every(inArea)) return { winner: 'axis', result: 'German victory: Bismarck is in the North Atlantic', rule: 'ETO scenario 1 [1.3]' };
  if (!v.britishWinIfNoneOf.some(inArea)) return { winner: 'allies', result: 'British victory: no German warship is in the North Atlantic', rule: 'ETO scenario 1 [1.3]' };
  return { winner: null, result: 'Draw: Prinz Eugen is in the North Atlantic without Bismarck', rule: 'ETO scenario 1 [1.3]' };
}

/** Scenario 1 [1.1]: Hood, Prince of Wales and a DD start anywhere except Bergen (in port where there is a port). */
export const placeAnywhere: Procedure<EtoState> = {
  prompts(s) {
    const group = etoData().bismarck.setup.find((g) => g.at === 'anywhere')!;
    const next = group.units.find((id) => s.ships[id]!.space === '');
    if (!next) return [];
    const acts: ShipPlaceAction[] = [];
    for (const sp of allSpaces()) {
      if (group.except?.includes(sp)) continue;
      acts.push({ type: 'place', ship: next, space: sp, inPort: false });
      const h = navalMap().coastal.get(sp);
      if (h?.port && h.country !== 'norway') acts.push({ type: 'place', ship: next, space: sp, inPort: true });
    }
    return [{
      seat: SIDE_OF_NATION[group.nation]!, rule: group.rule, kind: 'place',
      text: `Place ${s.ships[next]!.name} anywhere except Bergen`,
      choices: acts.map((a) => ({ action: a, label: `${s.ships[next]!.name} to ${spaceName(a.space)}${a.inPort ? ' (in port)' : ''}`, refs: { units: [next], place: a.space } })),
    }];
  },
  run(ctx) {
    ctx.pop();
  },
  act(ctx, _f, _seat, a: ShipPlaceAction) {
    const sh = ctx.state.ships[a.ship]!;
    sh.space = a.space;
    sh.inPort = a.inPort === true;
    ctx.log(`${sh.name} placed in ${spaceName(sh.space)}${sh.inPort ? ' (in port)' : ''}`, 'ETO scenario 1 [1.1]');
  },
};

/** Part 4 introduction: the side with the initiative decides which side performs its Naval and Air phase first. */
export const chooseFirst: Procedure<EtoState> = {
  prompts(s) {
    return [{
      seat: s.initiative, rule: 'ETO Part 4 (initiative), scenario 1 [1.2]', kind: 'choose',
      text: 'You have the initiative: which side performs its Naval and Air phase first?',
      choices: [
        { action: { type: 'first', side: s.initiative }, label: 'We go first' },
        { action: { type: 'first', side: otherSide(s.initiative) }, label: 'The enemy goes first' },
      ],
    }];
  },
  act(ctx, _f, _seat, a: ChooseFirstAction) {
    const first = a.side;
    ctx.state.order = [first, otherSide(first)];
    ctx.log(`${first} performs the Naval and Air phase first`, 'ETO Part 4');
    ctx.pop();
  },
};

interface PhaseFrame extends Frame {
  side: Side;
  step: number;
}

/** Sequence of play 3: steps 1 (naval movement) and 3 (naval attacks); the air steps 2 and 4 have no units here. */
export const navalAirPhase: Procedure<EtoState, PhaseFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    if (f.step === 1) {
      s.step = { ...emptyStep(), moved: [], successful: [] };
      if (s.order[0] === f.side) s.counterIntercepted = [];
      f.step = 3;
      ctx.log(`${f.side}: Naval and Air phase, step 1 (first naval movement)`, 'ETO sequence of play 3');
      ctx.push('naval-movement', { side: f.side, selected: [] });
      return;
    }
    if (f.step === 3) {
      s.step = emptyStep();
      f.step = 5;
      ctx.log(`${f.side}: step 3 (naval attacks)`, 'ETO sequence of play 3');
      ctx.push('naval-attacks', { side: f.side, chosen: [] });
      return;
    }
    ctx.pop();
  },
};
