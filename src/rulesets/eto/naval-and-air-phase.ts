// ETO Naval and Air phase (sequence of play 3, 38.0): the initiative side decides which side goes
// first (each monthly turn); each side then performs steps 1 (first naval movement, 7.0-9.0) and 3 (naval attacks
// on stationary stacks, 8.3); steps 2 and 4 (air missions) follow with the air rules.
import { type Frame, type Procedure, write } from '../../engine/index.ts';
import type { ChooseFirstAction } from './actions.ts';
import { airNavalTargets, hasAir } from './air.ts';
import { debarkSupply, endEvacuations } from './sea-transport.ts';
import { emptyStep, type EtoState, otherSide, type Side } from './state.ts';

export interface NavalAndAirFrame extends Frame {
  /** 0: the order is chosen next; 1, 2: the first or second side's steps; 3: the phase is over. */
  next: number;
}

export const navalAndAirPhase: Procedure<EtoState, NavalAndAirFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    const at = f.next++;
    if (at === 0) { ctx.push('naval-and-air-order'); return; }
    if (at <= 2) { ctx.push('naval-and-air-steps', { side: s.order[at - 1]!, step: 1 }); return; }
    endEvacuations(ctx); // 10.7
    debarkSupply(ctx); // 10.5
    ctx.pop();
  },
};

/** 38.0: the side with the initiative decides which side performs its Naval and Air phase first. */
export const navalAndAirOrder: Procedure<EtoState> = {
  prompts(s) {
    return [{
      seat: s.initiative, rule: 'ETO 38.0', kind: 'choose',
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
    ctx.log(`The ${first === 'axis' ? 'Axis' : 'Allies'} perform the Naval and Air phase first`, 'ETO 38.0');
    ctx.pop();
  },
};

interface StepsFrame extends Frame {
  side: Side;
  step: number;
}

/** One side's steps: 1 (first naval movement) and 3 (naval attacks) when it has ships, 2 (air-naval attacks, 16.1) when its bombers reach enemy ships, 4 (air movement, 12.3) when it has air units. */
export const navalAndAirSteps: Procedure<EtoState, StepsFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    // A side with no naval units in the scenario has no naval steps (1 and 3).
    const ships = Object.values(s.ships).some((sh) => sh.side === f.side);
    if (f.step === 1) {
      if (s.order[0] === f.side) s.counterIntercepted = [];
      if (s.land) write(s, 'land').flown = []; // 14.4: one interception per step
      f.step = 2;
      if (ships) {
        s.step = { ...emptyStep(), moved: [], successful: [] };
        ctx.log(`${f.side}: Naval and Air phase, step 1 (first naval movement)`, 'ETO sequence of play 3');
        ctx.push('naval-movement', { side: f.side, selected: [] });
        return;
      }
    }
    if (f.step === 2) {
      f.step = ships ? 3 : 5;
      if (airNavalTargets(s, f.side)) {
        // 12.3: one mission a phase; the enemy's interceptors of step 1 may fly again.
        write(s, 'land').flown = s.land!.flown.filter((id) => s.land!.air[id]?.side === f.side);
        ctx.log(`${f.side}: step 2 (air-naval attacks)`, 'ETO sequence of play 3');
        ctx.push('air-step', { side: f.side, offensive: false, naval: true, raid: null });
        return;
      }
    }
    if (f.step === 3) {
      s.step = emptyStep();
      f.step = 5;
      ctx.log(`${f.side}: step 3 (naval attacks)`, 'ETO sequence of play 3');
      ctx.push('naval-attacks', { side: f.side, chosen: [] });
      return;
    }
    if (f.step === 5 && hasAir(s, f.side)) {
      f.step = 6;
      // 12.3: units that flew a mission in step 2 are done for the phase.
      write(s, 'land').flown = s.land!.flown.filter((id) => s.land!.air[id]?.side === f.side);
      ctx.log(`${f.side}: step 4 (air movement)`, 'ETO sequence of play 3');
      ctx.push('air-step', { side: f.side, offensive: false, raid: null });
      return;
    }
    ctx.pop();
  },
};
