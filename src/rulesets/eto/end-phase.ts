// ETO End phase (sequence of play 6): the Supply step (33.3-33.5) and the Command Status step (HQs and generals
// flipped back, activation ends). A scenario plays the steps its data lists ("play.endPhase"); its last turn may
// stop after one of them ("play.endsAfter"), which ends the game.
import { type Choice, type Ctx, type Frame, type Procedure, write } from '../../engine/index.ts';
import type { ReplenishAction } from './actions.ts';
import { playOf } from './data/index.ts';
import { controller, landOf, type LandUnit, landUnitsAt, placeName, suppliedHexes, unitsAt } from './land.ts';
import { debarkAtEnd } from './sea-transport.ts';
import { spaceName } from './map.ts';
import { portOwner } from './naval-movement.ts';
import { emptyStep, type EtoState, otherSide, type Ship, type Side } from './state.ts';

const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

/** 33.3-33.5: units that cannot trace are marked; units already marked that still cannot trace lose a step. */
export function supplyStep(ctx: Ctx<EtoState>): void {
  const s = ctx.state;
  for (const side of ['axis', 'allies'] as Side[]) {
    const sup = suppliedHexes(landOf(s), side);
    for (const u of Object.values(landOf(s).units).filter((x) => x.side === side && x.where === 'map' && isLand(x)).sort((a, b) => a.id.localeCompare(b.id))) {
      if (sup.has(u.hex!)) { if (u.oos) { write(s, 'land', 'units', u.id).oos = false; ctx.log(`${u.name} in ${u.hex} is back in supply`, 'ETO 33.4'); } continue; }
      if (!u.oos) { write(s, 'land', 'units', u.id).oos = true; ctx.log(`${u.name} in ${u.hex} is marked out of supply`, 'ETO 33.3'); continue; }
      const h = u.hex!;
      if (u.depleted || u.steps === 1) {
        const w = write(s, 'land', 'units', u.id);
        w.where = 'force-pool'; w.hex = null; write(s, 'land', 'losses')[side] += 1;
        ctx.log(`${u.name} in ${h} is eliminated for lack of supply`, 'ETO 33.5');
        if (!landUnitsAt(landOf(s), h, side).length) {
          for (const c of unitsAt(landOf(s), h).filter((x) => x.side === side)) { const wc = write(s, 'land', 'units', c.id); wc.where = 'force-pool'; wc.hex = null; ctx.log(`${c.name} goes to the force pool with his stack`, 'ETO 33.5'); }
        }
      } else { write(s, 'land', 'units', u.id).depleted = true; write(s, 'land', 'losses')[side] += 1; ctx.log(`${u.name} in ${h} is depleted for lack of supply`, 'ETO 33.5'); }
    }
  }
}


/** Step 4: HQs flip back, activation ends, generals are eligible to exploit again. */
export function commandStatus(s: EtoState): void {
  write(s, 'land').hqs = [];
  write(s, 'land').activated = [];
  for (const u of Object.values(landOf(s).units)) if (u.kind === 'general') write(s, 'land', 'units', u.id).eligible = true;
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
    if (step === 'naval-movement') {
      // 7.6: the initiative side moves first (pushed last); the upkeep follows both moves.
      const s = ctx.state;
      s.step = emptyStep();
      for (const sh of Object.values(s.ships)) if (sh.sunk || sh.space === '' || sh.inPort) s.step.moved.push(sh.id); // ships in port stay
      write(s, 'land').flown = []; // 7.6: an air unit flies once in the End phase
      const { proc, ...rest } = f;
      ctx.goto(proc, rest);
      ctx.push('naval-upkeep');
      for (const side of [otherSide(s.initiative), s.initiative]) {
        if (Object.values(s.ships).some((sh) => sh.side === side && !s.step.moved.includes(sh.id))) ctx.push('naval-movement', { side, selected: [], end: true });
      }
      return;
    }
    if (step === 'replenishment') {
      // Each side with EPs may spend them, the initiative side first; the step is one frame per side.
      const { proc, ...rest } = f;
      ctx.goto(proc, rest);
      for (const side of [otherSide(ctx.state.initiative), ctx.state.initiative]) ctx.push('replenishment', { side });
      return;
    }
    if (step === 'supply') { debarkAtEnd(ctx); supplyStep(ctx); }
    else commandStatus(ctx.state);
    // The frame changes the stack either way: it ends the game's last turn here, or goes on with its next step.
    if (f.last && play.endsAfter === step) { ctx.pop({ over: true }); return; }
    const { proc, ...rest } = f;
    ctx.goto(proc, rest);
  },
};

/**
 * 7.6, 33.8: ships at sea after the End phase's naval movement are kept there with 1 EP from the reserve per naval
 * space they occupy (2 where more than 8 are), the fullest spaces first; those not kept are marked out of supply.
 * Ships in a friendly port are in supply again. STP markers are no naval units and need no upkeep (ruling 74).
 */
export const navalUpkeep: Procedure<EtoState> = {
  run(ctx) {
    const s = ctx.state;
    for (const side of [s.initiative, otherSide(s.initiative)]) {
      const mine = Object.values(s.ships).filter((sh) => sh.side === side && !sh.sunk && sh.space !== '' && sh.type !== 'STP').sort((a, b) => a.id.localeCompare(b.id));
      const home = (sh: Ship) => sh.inPort && portOwner(s, sh.space) === side;
      for (const sh of mine) if (sh.oos && home(sh)) { write(s, 'ships', sh.id).oos = false; ctx.log(`${sh.name} is in supply again in port at ${spaceName(s, sh.space)}`, 'ETO 33.8'); }
      const bySpace = new Map<string, Ship[]>();
      for (const sh of mine) if (!home(sh)) bySpace.set(sh.space, [...(bySpace.get(sh.space) ?? []), sh]);
      const spaces = [...bySpace].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
      for (const [space, ships] of spaces) {
        const cost = ships.length > 8 ? 2 : 1;
        const eps = s.eps?.[side] ?? 0;
        if (eps >= cost) {
          write(s, 'eps')[side] = eps - cost;
          ctx.log(`${ships.map((x) => x.name).join(', ')} kept at sea in ${spaceName(s, space)} (${cost} EP; ${eps - cost} left in reserve)`, 'ETO 7.6');
          continue;
        }
        for (const sh of ships) if (!sh.oos) { write(s, 'ships', sh.id).oos = true; ctx.log(`${sh.name} in ${spaceName(s, space)} is marked out of supply (no EP to keep it at sea)`, 'ETO 7.6, 33.8'); }
      }
    }
    ctx.pop();
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
      write(s, 'eps')[f.side] -= PILOT_RECOVERY;
      write(s, 'land', 'air', a.air).depleted = false;
      write(s, 'land').pilots = (landOf(s).pilots ?? []).filter((id) => id !== a.air);
      ctx.log(`${landOf(s).air[a.air]!.name} rebuilt to full strength (pilot recovery, ${PILOT_RECOVERY} EPs)`, 'ETO 34.3');
      return;
    }
    write(s, 'eps')[f.side] -= REPAIR;
    const r = ctx.roll(6, 1, `Emergency repair of ${placeName(l, a.hex)}`, 'ETO 34.4').total;
    if (r >= 4) {
      write(s, 'land').destroyed = (landOf(s).destroyed ?? []).filter((h) => h !== a.hex);
      ctx.log(`${placeName(landOf(s), a.hex)} is repaired`, 'ETO 34.4');
    } else ctx.log(`${placeName(landOf(s), a.hex)} stays destroyed`, 'ETO 34.4');
  },
  run(ctx) { ctx.pop(); },
};
