// 2WW 9.2 air strikes, 9.3 sea combat (with air support), 8.3.5 transit attacks, and the sea combat of the convoy
// battle (6.2): air fights air first, the winner's survivors join its fleets (or fire alone), then fleets fire.
import { write } from '../../../engine/index.ts';
import type { Frame, Json, Procedure } from '../../../engine/index.ts';
import type { Side, TwoWWState } from '../state.ts';
import { actionOf, type PressAction, type TransitAction } from '../actions.ts';
import { airOf, fireData, fleetsOf, forceOf, goStep, inPlay, mkPrompt, names, rollFor, toggle, toggleChoices } from './common.ts';
import { describeFire, fire } from './chart.ts';
import { decideWinner, seaVolley } from './resolve.ts';
import { factorsOf, isFleet, otherSide, world } from './world.ts';
import { finishCombat } from './land-combat.ts';

export interface NavalBattleFrame extends Frame {
  /** Side that attacks (the non-moving side in a transit attack, the Axis in the convoy battle). */
  side: Side;
  hex: string;
  attackers: string[];
  defenders: string[];
  context: 'strike' | 'sea' | 'transit' | 'convoy';
  rule: string;
  step?: string;
  airOkA?: boolean;
  airOkD?: boolean;
  lossA?: number;
  lossD?: number;
  rollA?: number;
  rollD?: number;
  winner?: 'attacker' | 'defender' | null;
  fought?: boolean;
}

/** An air strike whose air won the air battle may go on against the fleets in the hex (2WW 9.2.3). */
function mayPressOn(s: TwoWWState, f: NavalBattleFrame): boolean {
  const w = world(s);
  return f.step === 'press' && !!f.airOkA && airOf(w, s, f.attackers).some((id) => inPlay(s, id))
    && fleetsOf(w, s, f.defenders).some((id) => inPlay(s, id));
}

/** 'naval-battle': air vs air first if both sides have air, then the fleets' fire; pops {winner, retreated}. */
export const navalBattle: Procedure<TwoWWState, NavalBattleFrame> = {
  prompts(s, f) {
    if (!mayPressOn(s, f)) return [];
    const w = world(s);
    const fleets = fleetsOf(w, s, f.defenders).filter((id) => inPlay(s, id));
    const air = airOf(w, s, f.attackers).filter((id) => inPlay(s, id));
    return [mkPrompt(f.side, '2WW 9.2.3', `Your air won the air battle over ${f.hex}: attack the enemy fleets there too?`, 'strike', [
      { action: { type: 'press' }, label: `Attack ${names(w, s, fleets)} with ${names(w, s, air)}`, refs: { units: air, place: f.hex, targets: fleets } },
      { action: { type: 'stop' }, label: 'Stop: leave the fleets alone' },
    ], { hex: f.hex, fleets })];
  },
  act(ctx, f, _seat, action) {
    const a = actionOf<PressAction>(action);
    if (a.type === 'stop') ctx.log(`${f.side} air does not go on to attack the fleets at ${f.hex}`, '2WW 9.2.3');
    goStep(ctx, f, a.type === 'press' ? 'fleets' : 'end');
  },
  run(ctx, f) {
    const s = ctx.state;
    const w = world(ctx.state);
    const def = otherSide(f.side);
    const alive = (ids: string[]) => ids.filter((id) => inPlay(s, id));
    // 2WW 3.4.3: units already Ops Complete may be fired on but do not fire (air that fights here is marked after it).
    const ready = (ids: string[]) => ids.filter((id) => !s.units[id]!.ops);
    switch (f.step ?? 'start') {
      case 'start': {
        ctx.log(`${f.side} ${f.context === 'transit' ? 'transit attack' : f.context === 'convoy' ? 'convoy battle' : 'attack'} at ${f.hex}: ${names(w, s, f.attackers)} against ${names(w, s, f.defenders)}`,
          f.rule, { hex: f.hex, attackers: f.attackers, defenders: f.defenders });
        const idle = alive(f.defenders).filter((id) => s.units[id]!.ops);
        if (idle.length) ctx.log(`${names(w, s, idle)} ${idle.length > 1 ? 'are' : 'is'} Ops Complete and may not fire back`, '2WW 3.4.3', { units: idle });
        if (f.context !== 'convoy') w.noteAttack?.(ctx, f.side, f.defenders);
        const aAir = airOf(w, s, alive(f.attackers)), dAir = airOf(w, s, alive(f.defenders));
        f.airOkA = true;
        f.airOkD = true;
        if (aAir.length && dAir.length) {
          const rollA = rollFor(ctx, w, `${f.side} air fire`, f.rule);
          const rollD = rollFor(ctx, w, `${def} air fire`, f.rule);
          const byA = fire(w.chart, { line: 'air-vs-air', factors: forceOf(w, s, ready(aAir)).air, shift: 0 }, rollA);
          const byD = fire(w.chart, { line: 'air-vs-air', factors: forceOf(w, s, ready(dAir)).air, shift: 0 }, rollD);
          ctx.log(`Air battle: ${f.side} ${describeFire(byA)}; ${def} ${describeFire(byD)}`, f.rule, { attacker: fireData(byA), defender: fireData(byD) });
          const win = decideWinner(byD.losses, rollA, byA.losses, rollD);
          f.airOkA = win === 'a';
          f.airOkD = win === 'b';
          f.fought = true;
          if (!win) f.winner = null;
          else f.winner = win === 'a' ? 'attacker' : 'defender';
          // 9.2.3: a pure air strike that wins may choose to go on against the fleets.
          goStep(ctx, f, f.context === 'strike' && !f.attackers.some((id) => isFleet(w.facts(s, id).kind)) ? 'press' : 'fleets');
          ctx.push('combat-losses', { side: def, points: byA.losses, candidates: dAir, fort: null, rule: f.rule, what: 'air battle' });
          ctx.push('combat-losses', { side: f.side, points: byD.losses, candidates: aAir, fort: null, rule: f.rule, what: 'air battle' });
          return;
        }
        goStep(ctx, f, 'fleets');
        return;
      }
      case 'press':
        // Nothing left to press on against (no fleets, or the air lost): the strike is over.
        goStep(ctx, f, 'end');
        return;
      case 'fleets': {
        const aUnits = alive(f.attackers).filter((id) => isFleet(w.facts(s, id).kind) || f.airOkA);
        const dUnits = alive(f.defenders).filter((id) => isFleet(w.facts(s, id).kind) || f.airOkD);
        const anyFleet = fleetsOf(w, s, [...aUnits, ...dUnits]).length > 0;
        if (!aUnits.length || !dUnits.length || !anyFleet) {
          goStep(ctx, f, 'end');
          return;
        }
        const fa = forceOf(w, s, aUnits), fd = forceOf(w, s, dUnits);
        const va = seaVolley(forceOf(w, s, ready(aUnits)), fd), vd = seaVolley(forceOf(w, s, ready(dUnits)), fa);
        const rollA = rollFor(ctx, w, `${f.side} sea fire`, f.rule);
        const rollD = rollFor(ctx, w, `${def} sea fire`, f.rule);
        const byA = va ? fire(w.chart, va, rollA) : null;
        const byD = vd ? fire(w.chart, vd, rollD) : null;
        const data: Json = { attacker: byA ? fireData(byA) : null, defender: byD ? fireData(byD) : null };
        ctx.log(`Sea combat at ${f.hex}: ${f.side} ${byA ? describeFire(byA) : 'cannot fire'}; ${def} ${byD ? describeFire(byD) : 'cannot fire'}`, f.rule, data);
        f.lossA = byD?.losses ?? 0;
        f.lossD = byA?.losses ?? 0;
        f.rollA = rollA;
        f.rollD = rollD;
        f.fought = true;
        goStep(ctx, f, 'outcome');
        ctx.push('combat-losses', { side: def, points: f.lossD, candidates: dUnits, fort: null, rule: f.rule, what: 'sea combat' });
        ctx.push('combat-losses', { side: f.side, points: f.lossA, candidates: aUnits, fort: null, rule: f.rule, what: 'sea combat' });
        return;
      }
      case 'outcome': {
        const win = decideWinner(f.lossA!, f.rollA!, f.lossD!, f.rollD!);
        f.winner = win === 'a' ? 'attacker' : win === 'b' ? 'defender' : null;
        ctx.log(f.winner ? `${f.winner === 'attacker' ? f.side : def} wins the sea combat` : 'The sea combat has no winner', f.rule, { winner: f.winner });
        goStep(ctx, f, 'end');
        if (f.context !== 'convoy') {
          // Ruling R-16b: air that has fired is Ops Complete at once, so it cannot also strike the retreat.
          for (const id of airOf(w, s, [...f.attackers, ...f.defenders])) if (inPlay(s, id)) write(s, 'units', id).ops = true;
        }
        if (f.winner) {
          const [side, ids] = f.winner === 'attacker' ? [def, f.defenders] : [f.side, f.attackers];
          const fleets = fleetsOf(w, s, alive(ids));
          if (f.winner === 'attacker' && (f.context === 'sea' || f.context === 'strike')) {
            // After the loser's retreat, adjacent winning fleets may advance into the emptied hex.
            const movers = fleetsOf(w, s, alive(f.attackers)).filter((id) => w.adjacent(s, s.units[id]!.where, f.hex));
            if (movers.length) ctx.push('fleet-advance', { side: f.side, units: movers, hexes: [f.hex], rule: '2WW 9 (sea combat advance)' });
          }
          if (fleets.length) ctx.push('sea-retreat', { side, fleets, rule: '2WW 9 (sea combat retreat)' });
        }
        return;
      }
      default: {
        finishCombat(ctx, f.context === 'convoy' ? [] : f.attackers, f.context === 'convoy' ? [] : f.defenders);
        const retreated = [...f.attackers, ...f.defenders].filter((id) => inPlay(s, id) && s.units[id]!.ops && isFleet(w.facts(s, id).kind));
        ctx.pop({ winner: f.winner ?? null, fought: !!f.fought, retreated });
      }
    }
  },
};

export interface TransitFrame extends Frame {
  /** Side of the moving fleets. */
  side: Side;
  hex: string;
  fleets: string[];
  step?: string;
  attackers?: string[];
  defAir?: string[];
}

/** Enemy fleets and ready air that may transit-attack the hex (2WW 8.3.5.1). */
export function transitAttackers(s: TwoWWState, side: Side, hex: string): string[] {
  const w = world(s);
  const enemy = otherSide(side);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    if (!inPlay(s, id) || u.ops || w.sideOf(s, id) !== enemy) return false;
    const k = w.facts(s, id).kind;
    if (k !== 'air' && !isFleet(k)) return false;
    if (u.aboard && !(k === 'air' && w.facts(s, id).naval)) return false;
    return w.exertsZocInto(s, id, hex);
  }).sort();
}

/** The mover's ready range-3 air with a ZOC into the hex (2WW 8.3.5.2). */
export function transitDefenceAir(s: TwoWWState, side: Side, hex: string): string[] {
  const w = world(s);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    if (!inPlay(s, id) || u.ops || w.sideOf(s, id) !== side || w.facts(s, id).kind !== 'air') return false;
    if (u.aboard && !w.facts(s, id).naval) return false;
    const range = factorsOf(w, s, id).range ?? 3;
    return range === 3 && w.exertsZocInto(s, id, hex);
  }).sort();
}

/**
 * 'transit-attack' {side, hex, fleets}: pushed by movement when moving (or retreating) fleets enter an enemy fleet or
 * air ZOC. The other side picks attackers or declines; the mover picks defending air; then the battle. Pops
 * {attacked, mayContinue, survivors}: mayContinue is false when the movers were forced to retreat (8.3.5.4).
 */
export const transitAttack: Procedure<TwoWWState, TransitFrame> = {
  prompts(s, f) {
    const w = world(s);
    const step = f.step ?? 'attackers';
    if (step === 'attackers') {
      const cands = transitAttackers(s, f.side, f.hex);
      if (!cands.length) return [];
      const sel = f.attackers ?? [];
      const aim = { place: f.hex, targets: f.fleets };
      const choices = toggleChoices(cands, sel, (id) => w.facts(s, id).name, aim);
      if (sel.length) choices.push({ action: { type: 'attack' }, label: `Transit-attack with ${names(w, s, sel)}`, refs: { ...aim, units: sel } });
      choices.push({ action: { type: 'decline' }, label: 'No transit attack' });
      return [mkPrompt(otherSide(f.side), '2WW 8.3.5.1', `Transit attack the fleets entering ${f.hex}?`, 'transit-attack', choices, { hex: f.hex, fleets: f.fleets })];
    }
    if (step === 'defence') {
      const cands = transitDefenceAir(s, f.side, f.hex);
      if (!cands.length) return [];
      const sel = f.defAir ?? [];
      const choices = toggleChoices(cands, sel, (id) => w.facts(s, id).name, { place: f.hex });
      choices.push({ action: { type: 'confirm' }, label: sel.length ? `Defend with ${names(w, s, sel)}` : 'No air defence', refs: sel.length ? { units: sel, place: f.hex } : { place: f.hex } });
      return [mkPrompt(f.side, '2WW 8.3.5.2', `Choose range-3 air to defend the fleets in ${f.hex}`, 'support', choices, { hex: f.hex, attackers: f.attackers ?? [] })];
    }
    return [];
  },
  run(ctx, f) {
    const step = f.step ?? 'attackers';
    if (step === 'attackers') {
      ctx.pop({ attacked: false, mayContinue: true, survivors: f.fleets });
      return;
    }
    if (step === 'defence' || step === 'launch') {
      goStep(ctx, f, 'battle');
      ctx.push('naval-battle', {
        side: otherSide(f.side), hex: f.hex, attackers: f.attackers ?? [], defenders: [...f.fleets, ...(f.defAir ?? [])],
        context: 'transit', rule: '2WW 8.3.5',
      });
      return;
    }
    ctx.pop({ attacked: true, mayContinue: false, survivors: f.fleets.filter((id) => inPlay(ctx.state, id)) });
  },
  resume(ctx, f, result) {
    // Back from the battle: the movers go on unless it forced them back (its attackers won), even a fleet that was
    // already Ops Complete (one retreating from an earlier combat).
    const r = result && typeof result === 'object' && !Array.isArray(result) ? result : {};
    const survivors = f.fleets.filter((id) => inPlay(ctx.state, id));
    ctx.pop({ attacked: true, mayContinue: survivors.length > 0 && r.winner !== 'attacker', survivors });
  },
  act(ctx, f, _seat, action) {
    const a = actionOf<TransitAction>(action);
    if (a.type === 'add' || a.type === 'remove') {
      if ((f.step ?? 'attackers') === 'attackers') f.attackers = toggle(f.attackers ?? [], a);
      else f.defAir = toggle(f.defAir ?? [], a);
      return;
    }
    if (a.type === 'decline') {
      ctx.pop({ attacked: false, mayContinue: true, survivors: f.fleets });
      return;
    }
    if (a.type === 'attack') {
      ctx.log(`${otherSide(f.side)} transit-attacks ${f.hex} with ${names(world(ctx.state), ctx.state, f.attackers ?? [])}`, '2WW 8.3.5.1');
      goStep(ctx, f, 'defence');
      return;
    }
    goStep(ctx, f, 'launch'); // confirm: the defending air is chosen
  },
};
