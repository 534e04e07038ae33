// ETO End phase (sequence of play 6): the Supply step (33.3-33.5) and the Command Status step (HQs and generals
// flipped back, activation ends). A scenario plays the steps its data lists ("play.endPhase"); its last turn may
// stop after one of them ("play.endsAfter"), which ends the game.
import type { Choice, Ctx, Frame, Procedure } from '../../engine/index.ts';
import type { ReplenishAction } from './actions.ts';
import { playOf } from './data/index.ts';
import { controller, landOf, type LandState, type LandUnit, landUnitsAt, placeName, suppliedHexes, unitsAt } from './land.ts';
import { debarkAtEnd } from './sea-transport.ts';
import { type EtoState, otherSide, type Side } from './state.ts';

const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

/** 33.3-33.5: units that cannot trace are marked; units already marked that still cannot trace lose a step. */
export function supplyStep(ctx: Ctx<EtoState>, l: LandState): void {
  for (const side of ['axis', 'allies'] as Side[]) {
    const sup = suppliedHexes(l, side);
    for (const u of Object.values(l.units).filter((x) => x.side === side && x.where === 'map' && isLand(x)).sort((a, b) => a.id.localeCompare(b.id))) {
      if (sup.has(u.hex!)) { if (u.oos) { u.oos = false; ctx.log(`${u.name} in ${u.hex} is back in supply`, 'ETO 33.4'); } continue; }
      if (!u.oos) { u.oos = true; ctx.log(`${u.name} in ${u.hex} is marked out of supply`, 'ETO 33.3'); continue; }
      const h = u.hex!;
      if (u.depleted || u.steps === 1) {
        u.where = 'force-pool'; u.hex = null; l.losses[side] += 1;
        ctx.log(`${u.name} in ${h} is eliminated for lack of supply`, 'ETO 33.5');
        if (!landUnitsAt(l, h, side).length) {
          for (const c of unitsAt(l, h).filter((x) => x.side === side)) { c.where = 'force-pool'; c.hex = null; ctx.log(`${c.name} goes to the force pool with his stack`, 'ETO 33.5'); }
        }
      } else { u.depleted = true; l.losses[side] += 1; ctx.log(`${u.name} in ${h} is depleted for lack of supply`, 'ETO 33.5'); }
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
    if (step === 'replenishment') {
      // Each side with EPs may spend them, the initiative side first; the step is one frame per side.
      const { proc, ...rest } = f;
      ctx.goto(proc, rest);
      for (const side of [otherSide(ctx.state.initiative), ctx.state.initiative]) ctx.push('replenishment', { side });
      return;
    }
    if (step === 'supply') { debarkAtEnd(ctx); supplyStep(ctx, l); }
    else commandStatus(l);
    // The frame changes the stack either way: it ends the game's last turn here, or goes on with its next step.
    if (f.last && play.endsAfter === step) { ctx.pop({ over: true }); return; }
    const { proc, ...rest } = f;
    ctx.goto(proc, rest);
  },
};

/** 34.3: 5 EPs rebuild an air unit depleted over its home country this turn; 34.4: 2 EPs try to repair an installation (4-6). */
export const PILOT_RECOVERY = 5;
export const REPAIR = 2;

function replenishChoices(s: EtoState, side: Side): Choice[] {
  const l = landOf(s);
  const eps = s.eps?.[side] ?? 0;
  const out: Choice[] = [];
  if (eps >= PILOT_RECOVERY) {
    for (const id of l.pilots ?? []) {
      const a = l.air[id]!;
      if (a.side === side && a.depleted && a.where === 'map') out.push({ action: { type: 'recover', air: id }, label: `Pilot recovery: rebuild ${a.name} (${PILOT_RECOVERY} EPs)`, refs: { units: [id], place: a.base ?? undefined } });
    }
  }
  if (eps >= REPAIR) {
    for (const h of l.destroyed ?? []) if (controller(l, h) === side) out.push({ action: { type: 'repair', hex: h }, label: `Try to repair ${placeName(l, h)} (${REPAIR} EPs; 4-6 repairs)`, refs: { place: h } });
  }
  return out;
}

/** The Replenishment step (34.3, 34.4) for one side: spend reserve EPs on pilot recovery and repairs, one at a time. */
export const replenishment: Procedure<EtoState, Frame & { side: Side }> = {
  prompts(s, f) {
    const choices = replenishChoices(s, f.side);
    if (!choices.length) return [];
    return [{
      seat: f.side, rule: 'ETO 34.3, 34.4', kind: 'select', text: `Replenishment: ${s.eps![f.side]} EPs in reserve`,
      choices: [...choices, { action: { type: 'replenish-done' }, label: 'End the Replenishment step' }],
    }];
  },
  act(ctx, f, _seat, a: ReplenishAction) {
    const s = ctx.state;
    const l = landOf(s);
    if (a.type === 'replenish-done') { ctx.pop(); return; }
    if (a.type === 'recover') {
      s.eps![f.side] -= PILOT_RECOVERY;
      l.air[a.air]!.depleted = false;
      l.pilots = (l.pilots ?? []).filter((id) => id !== a.air);
      ctx.log(`${l.air[a.air]!.name} rebuilt to full strength (pilot recovery, ${PILOT_RECOVERY} EPs)`, 'ETO 34.3');
      return;
    }
    s.eps![f.side] -= REPAIR;
    const r = ctx.roll(6, 1, `Emergency repair of ${placeName(l, a.hex)}`, 'ETO 34.4').total;
    if (r >= 4) {
      l.destroyed = (l.destroyed ?? []).filter((h) => h !== a.hex);
      ctx.log(`${placeName(l, a.hex)} is repaired`, 'ETO 34.4');
    } else ctx.log(`${placeName(l, a.hex)} stays destroyed`, 'ETO 34.4');
  },
  run(ctx) { ctx.pop(); },
};
