// 2WW 9.1 Land combat with air and fleet support; support battles (DSoP "Resolving Combat"); the amphibious
// assault's phantom defence (8.1.4.3); the airdrop/amphibious clean-up after combat (5.2.3).
import { write } from '../../../engine/index.ts';
import type { Frame, Json, Procedure } from '../../../engine/index.ts';
import type { Side, TwoWWState } from '../state.ts';
import type { C } from './common.ts';
import { airOf, combatFactor, fireData, fleetsOf, forceOf, goStep, inPlay, names, rollFor } from './common.ts';
import { describeFire } from './chart.ts';
import { decideWinner, fireAll, halve, resolveLandCombat, supportVolleys } from './resolve.ts';
import { eliminate, isFleet, isLand, otherSide, world } from './world.ts';

export interface LandCombatFrame extends Frame {
  side: Side;
  hex: string;
  attackers: string[];
  support: string[];
  defSupport: string[];
  step?: string;
  defenders?: string[];
  fromHexes?: Record<string, string>;
  phantom?: boolean;
  supA?: number;
  supD?: number;
  rollA?: number;
  rollD?: number;
  /** Which side's support joins the land combat: both unopposed, the support battle's winner, or none. */
  supportJoins?: 'both' | 'attacker' | 'defender' | 'none';
  winner?: 'attacker' | 'defender' | null;
}

const RULE = '2WW 9.1';

/** Land units of a side in a hex (not cargo). */
export function landUnitsIn(s: TwoWWState, hex: string, side: Side): string[] {
  const w = world(s);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    return u.where === hex && !u.aboard && isLand(w.facts(s, id).kind) && w.sideOf(s, id) === side;
  }).sort();
}

function unitsOfSideIn(s: TwoWWState, hex: string, side: Side): string[] {
  const w = world(s);
  return Object.keys(s.units).filter((id) => s.units[id]!.where === hex && w.sideOf(s, id) === side);
}

/** Land factor of a unit as it fights now: halved when out of supply (2WW 11.2.4); forts trace no supply. */
function landFactor(s: TwoWWState, id: string): number {
  const w = world(s);
  const f = combatFactor(w, s, id);
  if (w.facts(s, id).kind === 'fort') return f;
  return w.landInSupply(s, id) ? f : halve(f);
}

/**
 * 2WW 8.1.4.3: strength of an empty assaulted hex: one artillery and two other enemy land units exerting a ZOC into
 * it, plus ready enemy fleets and air with a ZOC into it, all at half strength; 1 if no land unit reaches it.
 * Ruling R-18: the strongest artillery and the two strongest other land units count.
 */
export function phantomDefence(s: TwoWWState, hex: string, defender: Side): { strength: number; units: string[] } {
  const w = world(s);
  const land: { id: string; kind: string; f: number }[] = [];
  const other: string[] = [];
  for (const id of Object.keys(s.units).sort()) {
    if (!inPlay(s, id) || w.sideOf(s, id) !== defender || !w.exertsZocInto(s, id, hex)) continue;
    const k = w.facts(s, id).kind;
    if (isLand(k)) {
      if (k !== 'fort' && !s.units[id]!.aboard) land.push({ id, kind: k, f: landFactor(s, id) });
    } else if (!s.units[id]!.ops) other.push(id);
  }
  if (land.length === 0) return { strength: 1, units: [] };
  land.sort((a, b) => b.f - a.f || (a.id < b.id ? -1 : 1));
  const art = land.filter((x) => x.kind === 'artillery').slice(0, 1);
  const rest = land.filter((x) => x.kind !== 'artillery').slice(0, 2);
  const chosen = [...art, ...rest];
  const sum = chosen.reduce((a, x) => a + halve(x.f), 0) + other.reduce((a, id) => a + halve(combatFactor(w, s, id)), 0);
  return { strength: sum, units: [...chosen.map((x) => x.id), ...other] };
}

function supportStrength(s: TwoWWState, ids: string[]): number {
  const w = world(s);
  return ids.reduce((a, id) => a + combatFactor(w, s, id), 0);
}

/** 'land-combat': resolves one declared land attack to the end, then pops. */
export const landCombat: Procedure<TwoWWState, LandCombatFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    const w = world(ctx.state);
    const def = otherSide(f.side);
    switch (f.step ?? 'start') {
      case 'start': {
        f.defenders = landUnitsIn(s, f.hex, def);
        f.phantom = f.defenders.length === 0;
        f.fromHexes = Object.fromEntries(f.attackers.map((id) => [id, s.units[id]!.where]));
        w.noteAttack?.(ctx, f.side, f.defenders);
        ctx.log(`${f.side} attack ${f.hex}: ${names(w, s, f.attackers)}${f.support.length ? ` supported by ${names(w, s, f.support)}` : ''}` +
          ` against ${f.phantom ? 'an empty hex (2WW 8.1.4.3)' : names(w, s, f.defenders)}${f.defSupport.length ? ` supported by ${names(w, s, f.defSupport)}` : ''}`, RULE,
        { hex: f.hex, attackers: f.attackers, support: f.support, defenders: f.defenders, defSupport: f.defSupport });
        if (f.support.length && f.defSupport.length) {
          // Opposing support fights first (2WW 9, DSoP); one roll per side.
          const rollA = rollFor(ctx, w, `${f.side} support fire`, '2WW 9.1.2');
          const rollD = rollFor(ctx, w, `${def} support fire`, '2WW 9.1.2');
          const fa = forceOf(w, s, f.support), fd = forceOf(w, s, f.defSupport);
          const byA = fireAll(w.chart, supportVolleys(fa, fd), rollA);
          const byD = fireAll(w.chart, supportVolleys(fd, fa), rollD);
          for (const [who, r] of [[f.side, byA], [def, byD]] as const) {
            for (const x of r.fired) ctx.log(`Support battle, ${who} fires: ${describeFire(x)}`, '2WW 9.1.2', fireData(x));
          }
          f.supA = byD.losses;
          f.supD = byA.losses;
          f.rollA = rollA;
          f.rollD = rollD;
          goStep(ctx, f, 'support-outcome');
          ctx.push('combat-losses', { side: def, points: byA.losses, candidates: f.defSupport, fort: null, rule: '2WW 9.1.2', what: 'support battle' });
          ctx.push('combat-losses', { side: f.side, points: byD.losses, candidates: f.support, fort: null, rule: '2WW 9.1.2', what: 'support battle' });
          return;
        }
        f.supportJoins = 'both';
        goStep(ctx, f, 'land');
        return;
      }
      case 'support-outcome': {
        const win = decideWinner(f.supA!, f.rollA!, f.supD!, f.rollD!);
        f.supportJoins = win === 'a' ? 'attacker' : win === 'b' ? 'defender' : 'none';
        ctx.log(win ? `The ${win === 'a' ? f.side : def} support wins the support battle and joins the land combat`
          : 'The support battle has no winner: neither side\'s support joins (ruling R-15)', '2WW 9.1.2', { supportJoins: f.supportJoins });
        goStep(ctx, f, 'land');
        // Ruling R-16b: air that has fired is Ops Complete at once, so it cannot also strike the retreat.
        for (const id of airOf(w, s, [...f.support, ...f.defSupport])) if (inPlay(s, id)) write(s, 'units', id).ops = true;
        const losers = win === 'a' ? [[def, f.defSupport]] : win === 'b' ? [[f.side, f.support]] : [];
        // DSoP sea combat: the winner may advance adjacent fleets into the hex if no enemy unit is there; they still
        // support the land combat (ruling R-23). Pushed first so that the loser's retreat runs before it.
        if (win) {
          const [side, ids] = win === 'a' ? [f.side, f.support] : [def, f.defSupport];
          const movers = fleetsOf(w, s, ids).filter((id) => inPlay(s, id) && w.adjacent(s, s.units[id]!.where, f.hex));
          if (movers.length) ctx.push('fleet-advance', { side, units: movers, hexes: [f.hex], rule: '2WW 9 (sea combat advance, ruling R-23)' });
        }
        for (const [side, ids] of losers as [Side, string[]][]) {
          const fleets = fleetsOf(w, s, ids).filter((id) => inPlay(s, id));
          if (fleets.length) ctx.push('sea-retreat', { side, fleets, rule: '2WW 9 (sea combat retreat)' });
        }
        return;
      }
      case 'land': {
        const aLand = f.attackers.filter((id) => inPlay(s, id)).reduce((a, id) => a + landFactor(s, id), 0);
        const joins = f.supportJoins;
        const aSup = joins === 'both' || joins === 'attacker' ? supportStrength(s, f.support) : 0;
        const dSup = joins === 'both' || joins === 'defender' ? supportStrength(s, f.defSupport) : 0;
        let dLand: number;
        let fort: string | undefined;
        if (f.phantom) {
          const ph = phantomDefence(s, f.hex, def);
          dLand = ph.strength;
          ctx.log(`Empty assaulted hex defends with ${ph.strength} (${ph.units.length ? names(w, s, ph.units) + ' at half strength' : 'no land unit reaches it: 1 factor'})`, '2WW 8.1.4.3', { strength: ph.strength, units: ph.units });
        } else {
          const ds = f.defenders!.filter((id) => inPlay(s, id));
          dLand = ds.reduce((a, id) => a + landFactor(s, id), 0);
          fort = ds.find((id) => w.facts(s, id).kind === 'fort');
        }
        const shift = w.terrainShift(s, f.hex, f.attackers.filter((id) => inPlay(s, id)));
        const rollA = rollFor(ctx, w, `${f.side} land combat fire`, RULE);
        const rollD = rollFor(ctx, w, `${def} land combat fire`, RULE);
        const out = resolveLandCombat(w.chart, {
          attackerLand: aLand, attackerSupport: aSup, defenderLand: dLand, defenderSupport: dSup, terrainShift: shift,
          fort: fort ? { reduced: s.units[fort]!.reduced, twoSided: !!w.facts(s, fort).reduced } : null,
          attackerRoll: rollA, defenderRoll: rollD,
        });
        const data: Json = {
          line: 'Land vs Land', strengths: { attacker: out.attackerTotal, defender: out.defenderTotal },
          land: { attacker: aLand, defender: dLand }, support: { attacker: aSup, defender: dSup },
          column: { attacker: out.attackerFire.column, defender: out.defenderFire.column }, shifts: { attacker: out.attackerFire.shift },
          die: { attacker: rollA, defender: rollD }, result: { attacker: out.attackerFire.losses, defender: out.defenderFire.losses },
          fortAbsorbs: out.fortAbsorbs, counted: { attacker: out.countedAttacker, defender: out.countedDefender }, winner: out.winner,
        };
        ctx.log(`Land combat at ${f.hex}: ${f.side} ${describeFire(out.attackerFire)}; ${def} ${describeFire(out.defenderFire)}` +
          (out.fortAbsorbs ? `; the fort absorbs ${out.fortAbsorbs}, which do not count` : '') +
          `; ${out.winner ? `${out.winner === 'attacker' ? f.side : def} wins` : 'no winner'}`, RULE, data);
        f.winner = out.winner;
        goStep(ctx, f, 'retreat');
        // Losses are simultaneous; the defender's (forts first) are taken before the attacker's.
        ctx.push('combat-losses', { side: f.side, points: out.defenderFire.losses, candidates: f.attackers, fort: null, rule: '2WW 9.1.3', what: 'land combat' });
        if (!f.phantom) {
          ctx.push('combat-losses', { side: def, points: out.attackerFire.losses, candidates: f.defenders!.filter((id) => id !== fort), fort: fort ?? null, rule: '2WW 9.1.3', what: 'land combat' });
        }
        return;
      }
      case 'retreat': {
        goStep(ctx, f, 'advance');
        if (f.winner === 'attacker') {
          const ds = landUnitsIn(s, f.hex, def).filter((id) => w.facts(s, id).kind !== 'fort');
          if (ds.length) ctx.push('combat-retreat', { side: def, units: ds, rule: '2WW 9 (land retreat)' });
        } else if (f.winner === 'defender') {
          const as = f.attackers.filter((id) => inPlay(s, id) && s.units[id]!.where !== f.hex);
          if (as.length) ctx.push('combat-retreat', { side: f.side, units: as, rule: '2WW 9 (land retreat)' });
        }
        return;
      }
      case 'advance': {
        goStep(ctx, f, 'cleanup');
        if (f.winner === 'attacker') {
          const alive = f.attackers.filter((id) => inPlay(s, id));
          const vacated = landUnitsIn(s, f.hex, def).length === 0 && unitsOfSideIn(s, f.hex, def).length === 0;
          const movers = alive.filter((id) => s.units[id]!.where !== f.hex && w.facts(s, id).kind !== 'fort');
          if (alive.length && vacated && movers.length) ctx.push('combat-advance', { side: f.side, units: movers, hexes: [f.hex], rule: '2WW 9 (advance)' });
        } else if (f.winner === 'defender' && !f.phantom) {
          // Ruling R-21: the winning defender may advance into hexes the retreating attackers vacated.
          const alive = f.defenders!.filter((id) => inPlay(s, id));
          const vacated = [...new Set(Object.values(f.fromHexes ?? {}))].filter((h) => h !== f.hex && unitsOfSideIn(s, h, f.side).length === 0).sort();
          const movers = alive.filter((id) => w.facts(s, id).kind !== 'fort' && s.units[id]!.where === f.hex);
          if (alive.length && vacated.length && movers.length) ctx.push('combat-advance', { side: def, units: movers, hexes: vacated, rule: '2WW 9 (advance, ruling R-21)' });
        }
        return;
      }
      case 'cleanup': {
        goStep(ctx, f, 'finish');
        // Ruling R-18c (3.4.7): a won assault on an empty port leaves the assaulting units the last to occupy it.
        if (f.phantom && f.winner === 'attacker') {
          const taker = f.attackers.find((id) => inPlay(s, id) && s.units[id]!.where === f.hex && !s.units[id]!.aboard);
          if (taker && unitsOfSideIn(s, f.hex, def).length === 0) w.afterLandEntry?.(ctx, taker, f.hex);
        }
        cleanupAfterCombat(ctx, f.side, f.hex);
        return;
      }
      default: {
        finishCombat(ctx, f.attackers, [...f.support, ...f.defSupport]);
        ctx.pop({ winner: f.winner ?? null });
      }
    }
  },
};

/**
 * 2WW 5.2.3: if both sides still share the hex after combat, airdropped attackers retreat, amphibious attackers go
 * back aboard a friendly surface fleet in the hex (ruling R-18b) or are eliminated, and attacking fleets there
 * retreat to the nearest friendly port.
 */
export function cleanupAfterCombat(ctx: C, side: Side, hex: string): void {
  const s = ctx.state;
  const w = world(ctx.state);
  const mine = unitsOfSideIn(s, hex, side);
  if (!mine.length || !unitsOfSideIn(s, hex, otherSide(side)).length) return;
  const dropped = mine.filter((id) => s.units[id]!.moveMode === 'airdrop' && !s.units[id]!.aboard);
  const landed = mine.filter((id) => (s.units[id]!.moveMode === 'assault' || s.units[id]!.moveMode === 'amphibious') && !s.units[id]!.aboard && isLand(w.facts(s, id).kind));
  const fleets = mine.filter((id) => isFleet(w.facts(s, id).kind));
  for (const id of landed) {
    const carrier = fleets.find((fl) => w.facts(s, fl).kind === 'fleet' && !Object.values(s.units).some((u) => u.aboard === fl));
    if (carrier) {
      write(s, 'units', id).aboard = carrier;
      ctx.log(`${w.facts(s, id).name} returns aboard ${w.facts(s, carrier).name}`, '2WW 5.2.3', { unit: id, fleet: carrier });
    } else {
      eliminate(w, s, id);
      ctx.log(`${w.facts(s, id).name} cannot return to a fleet and is eliminated`, '2WW 5.2.3', { unit: id });
    }
  }
  if (fleets.length) ctx.push('sea-retreat', { side, fleets, rule: '2WW 5.2.3' });
  if (dropped.length) ctx.push('combat-retreat', { side, units: dropped, rule: '2WW 5.2.3' });
}

/** End of a combat: Ops Complete on every participating air unit (2WW 9.1.4, 9.2.4); land attackers have attacked. */
export function finishCombat(ctx: C, attackers: string[], air: string[]): void {
  const s = ctx.state;
  const w = world(ctx.state);
  for (const id of attackers) {
    if (!inPlay(s, id)) continue;
    if (isLand(w.facts(s, id).kind)) {
      const u = write(s, 'units', id);
      u.attacked = true;
      delete u.mustAttack;
    }
  }
  for (const id of airOf(w, s, [...attackers, ...air])) if (inPlay(s, id)) write(s, 'units', id).ops = true;
}
