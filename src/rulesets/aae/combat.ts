// AAE Conduct Combat: the phase. Every area where the moving power's units meet enemy units is a battle; the
// attacker fights them one by one in the order it picks, except that a landing waits for the sea battle in the zone
// it comes from.
import type { Choice, Frame, Procedure } from '../../engine/index.ts';
import { attackerUnits, defenderUnits } from './battle.ts';
import { isAir, isShip } from './combat-rules.ts';
import type { AaeState, PendingBattle } from './state.ts';
import { areaName, describeUnits, enemies, enemyLand, isSea } from './world.ts';
import { fortressesFire } from './house/turn.ts';
import { callMilitia } from './house/militia.ts';
import { callHomeGuard } from './house/home-guard.ts';
import { surrenderBeforeAttack } from './house/surrender.ts';
import { takeSurprise } from './house/early-offensive.ts';
import { callUltra, convoyAttackers, convoyEscort, convoyTarget } from './house/convoy-attack.ts';
import { callPartisans, partisansIn } from './house/partisan-units.ts';

export const RULE_ORDER = 'AAE Conduct Combat: Order of Battles';

interface CombatFrame extends Frame { listed?: boolean }

/** The battles this power must fight now (computed when the combat phase starts). */
export function pendingBattles(s: AaeState): PendingBattle[] {
  const out = new Map<string, PendingBattle>();
  for (const u of s.units) {
    if (u.power !== s.power) continue;
    if (u.mission === 'raid' || u.mission === 'rail' || u.mission === 'night' || u.mission === 'escort') { if (u.mission !== 'escort') out.set(u.at, { area: u.at, kind: 'raid' }); continue; }
    if (u.landing && u.landing !== u.at) out.set(u.landing, { area: u.landing, kind: 'land' });
    if (isSea(u.at)) {
      // House rules l.99-103: in an enemy convoy centre the convoy attack replaces the sea battle.
      if (convoyTarget(s, u.at, s.power)) { if (convoyAttackers(s, u.at).includes(u)) out.set(u.at, { area: u.at, kind: 'convoy' }); continue; }
      if ((isShip(u.type) && !u.aboard) || (isAir(u.type) && u.mission === 'attack')) {
        if (s.units.some((e) => e.at === u.at && enemies(e.power, s.power) && !e.submerged)) out.set(u.at, { area: u.at, kind: 'sea' });
      }
    } else if (enemyLand(s, u.at, s.power) && !u.aboard) {
      // House rules l.203: partisans standing in enemy territory fight only when they rise.
      if (u.type === 'partisan' && u.mission !== 'attack') continue;
      if (s.units.some((e) => e.at === u.at && enemies(e.power, s.power)) || u.landing === u.at) out.set(u.at, { area: u.at, kind: 'land' });
    } else if (u.mission === 'attack' && !u.aboard && partisansIn(s, u.at, s.power)) out.set(u.at, { area: u.at, kind: 'land' });
  }
  return [...out.values()].sort((a, b) => (a.kind === b.kind ? (a.area < b.area ? -1 : 1) : order(a.kind) - order(b.kind)));
}

const order = (k: PendingBattle['kind']) => (k === 'sea' ? 0 : k === 'convoy' ? 1 : k === 'raid' ? 2 : 3);

/** A land battle waits while some of its landing force is still aboard in a sea zone with a battle to fight. */
function waiting(s: AaeState, b: PendingBattle): boolean {
  if (b.kind !== 'land') return false;
  const zones = new Set(s.units.filter((u) => u.power === s.power && u.landing === b.area && u.aboard).map((u) => u.at));
  return s.battles.some((x) => x.kind === 'sea' && zones.has(x.area));
}

export const combatPhase: Procedure<AaeState, CombatFrame> = {
  prompts(s, f) {
    if (!f.listed || s.battles.length === 0) return [];
    const choices: Choice[] = s.battles.filter((b) => !waiting(s, b)).map((b) => {
      const kind = b.kind === 'raid' ? 'strategic bombing raid on' : b.kind === 'sea' ? 'sea battle in' : b.kind === 'convoy' ? 'convoy attack in' : 'battle for';
      const att = b.kind === 'raid' ? s.units.filter((u) => u.at === b.area && u.power === s.power && u.mission) : b.kind === 'convoy' ? convoyAttackers(s, b.area) : attackerUnits(s, b.area, b.kind);
      const def = b.kind === 'raid' ? [] : b.kind === 'convoy' ? convoyEscort(s, b.area) : defenderUnits(s, b.area, b.kind);
      return {
        action: { type: 'battle', area: b.area },
        label: `fight the ${kind} ${areaName(b.area)}: ${describeUnits(att)}${def.length ? ` against ${describeUnits(def)}` : ''}`,
        refs: { place: b.area, units: att.map((u) => u.id), targets: def.map((u) => u.id) },
      };
    });
    return [{
      seat: s.power, rule: RULE_ORDER, kind: 'attack',
      text: `Conduct combat: ${s.battles.length} battle${s.battles.length > 1 ? 's' : ''} to fight; which next?`,
      choices,
    }];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (!f.listed) {
      fortressesFire(ctx);
      surrenderBeforeAttack(ctx);
      s.battles = pendingBattles(s);
      ctx.goto('combat', { listed: true });
      callMilitia(ctx);
      callHomeGuard(ctx);
      callPartisans(ctx);
      callUltra(ctx);
      return;
    }
    ctx.pop();
  },
  act(ctx, _f, _seat, a) {
    const s = ctx.state;
    const b = s.battles.find((x) => x.area === a.area)!;
    s.battles = s.battles.filter((x) => x !== b);
    if (b.kind === 'raid') ctx.push('raid', { area: b.area, step: 'start' });
    else if (b.kind === 'convoy') ctx.push('convoy-attack', { area: b.area, step: 'start' });
    else ctx.push('battle', { area: b.area, kind: b.kind, round: 0, step: 'start', ...(takeSurprise(s, b.kind) ? { surprise: true } : {}) });
  },
};
