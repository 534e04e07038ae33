// ETO End phase (sequence of play 6): the Supply step (33.3-33.5) and the Command Status step (HQs and generals
// flipped back, activation ends). A scenario plays the steps its data lists ("play.endPhase"); its last turn may
// stop after one of them ("play.endsAfter"), which ends the game.
import type { Ctx, Frame, Procedure } from '../../engine/index.ts';
import { playOf } from './data/index.ts';
import { landOf, type LandState, type LandUnit, landUnitsAt, suppliedHexes, unitsAt } from './land.ts';
import type { EtoState, Side } from './state.ts';

const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

/** 33.3-33.5: units that cannot trace are marked; units already marked that still cannot trace lose a step. */
export function supplyStep(ctx: Ctx<EtoState>, l: LandState): void {
  for (const side of ['axis', 'allies'] as Side[]) {
    const sup = suppliedHexes(l, side);
    for (const u of Object.values(l.units).filter((x) => x.side === side && x.where === 'map' && isLand(x)).sort((a, b) => a.id.localeCompare(b.id))) {
      if (sup.has(u.hex!)) { if (u.oos) { u.oos = false; ctx.log(`${u.name} (${u.id}) in ${u.hex} is back in supply`, 'ETO 33.4'); } continue; }
      if (!u.oos) { u.oos = true; ctx.log(`${u.name} (${u.id}) in ${u.hex} is marked out of supply`, 'ETO 33.3'); continue; }
      const h = u.hex!;
      if (u.depleted || u.steps === 1) {
        u.where = 'force-pool'; u.hex = null; l.losses[side] += 1;
        ctx.log(`${u.name} (${u.id}) in ${h} is eliminated for lack of supply`, 'ETO 33.5');
        if (!landUnitsAt(l, h, side).length) {
          for (const c of unitsAt(l, h).filter((x) => x.side === side)) { c.where = 'force-pool'; c.hex = null; ctx.log(`${c.name} goes to the force pool with his stack`, 'ETO 33.5'); }
        }
      } else { u.depleted = true; l.losses[side] += 1; ctx.log(`${u.name} (${u.id}) in ${h} is depleted for lack of supply`, 'ETO 33.5'); }
    }
  }
}


/** Step 4: HQs flip back, activation ends, generals are eligible to exploit again. */
export function commandStatus(l: LandState): void {
  l.hqs = [];
  l.activated = [];
  for (const u of Object.values(l.units)) if (u.kind === 'general') u.eligible = true;
}

export interface EndPhaseFrame extends Frame {
  /** Index of the next step of the scenario's End phase. */
  step: number;
  /** The scenario's last turn: it ends after its "endsAfter" step. */
  last: boolean;
}

export const endPhase: Procedure<EtoState, EndPhaseFrame> = {
  run(ctx, f) {
    const play = playOf(ctx.state.scenario);
    const steps = play.endPhase ?? [];
    const step = steps[f.step];
    if (!step) { ctx.pop(); return; }
    f.step++;
    const l = landOf(ctx.state);
    if (step === 'supply') supplyStep(ctx, l);
    else commandStatus(l);
    // The frame changes the stack either way: it ends the game's last turn here, or goes on with its next step.
    if (f.last && play.endsAfter === step) { ctx.pop({ over: true }); return; }
    const { proc, ...rest } = f;
    ctx.goto(proc, rest);
  },
};
