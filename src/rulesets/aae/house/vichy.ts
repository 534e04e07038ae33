// Vichy France (house rules l.177, `hr-vichy`; ruling 81): a neutral defender. Its areas (data/house-map.json) are
// held by Vichy, worth nothing to anyone, closed to every move but an attack, which either side may make from turn 4
// (Syria from turn 1). Its ground units defend, and give up after one round unless the British attack; the first
// attack on Vichy sends its fleet (kept off the board) to the Axis on a 1, the Allies on a 6, to the bottom on 2-5.
// Every Vichy unit is gone at the end of a turn in which Algeria (Algiers) is taken.
import type { Ctx, RuleViolationInfo } from '../../../engine/index.ts';
import { AAE_DATA, VICHY, type Power, type UnitType } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { removeUnit } from '../units.ts';
import { areaName, controller, describeUnits, enemies, sideOf, unitData } from '../world.ts';

export const RULE_VICHY = 'AAE house rules l.177 (Vichy France)';

const V = AAE_DATA.house.vichy;
/** The turn from which Vichy may be attacked, and the area open to attack from turn 1. */
export const VICHY_OPEN_FROM = 4;
const SYRIA = 'syria';
/** The zone where a ship that joins a side appears (the fleet lay at Toulon). */
const FLEET_ZONE = V.fleet.zone;

interface VichyBook { fleet: UnitType[]; rolled?: boolean }
const book = (s: AaeState): VichyBook | undefined => s.house?.vichy as VichyBook | undefined;

export const vichyInPlay = (s: Pick<AaeState, 'opts'>): boolean => s.opts.house.vichy === true;

/** Set-up: Vichy holds its areas with its forces; the printed set-up's units there move to the area named (ruling 81). */
export function setUpVichy(units: Unit[], control: Record<string, Power | null>, nextId: number): { nextId: number; house: VichyBook } {
  for (const id of V.areas) control[id] = VICHY;
  for (const u of units) if (u.at in V.displaced) u.at = V.displaced[u.at]!;
  let n = nextId;
  for (const [at, forces] of Object.entries(V.forces)) {
    for (const [type, count] of Object.entries(forces)) for (let i = 0; i < count; i++) units.push({ id: `u${n++}`, type: type as UnitType, power: VICHY, at });
  }
  const fleet = Object.entries(V.fleet.units).flatMap(([t, c]) => Array<UnitType>(c).fill(t as UnitType));
  return { nextId: n, house: { fleet } };
}

const vichyHeld = (s: AaeState, id: string): boolean => controller(s, id) === VICHY;

/** May the power's units move into this area now (l.177): Vichy areas only to attack, from turn 4 (Syria at once). */
export function mayEnterVichy(s: AaeState, to: string, mode: 'combat' | 'noncombat'): boolean {
  if (!vichyHeld(s, to)) return true;
  return mode === 'combat' && (s.round >= VICHY_OPEN_FROM || to === SYRIA);
}

export function explainVichy(s: AaeState, to: string, mode: 'combat' | 'noncombat'): RuleViolationInfo | null {
  if (mayEnterVichy(s, to, mode)) return null;
  return { rule: RULE_VICHY, message: mode === 'combat' ? `${areaName(to)} is Vichy; it may be attacked from turn ${VICHY_OPEN_FROM} (Syria at once)` : `${areaName(to)} is Vichy: no unit enters it but to attack` };
}

/** An attack declared on a Vichy area with Vichy units: the first time, each ship of the fleet rolls (l.177). */
export function vichyAttacked(ctx: Ctx<AaeState>, to: string): void {
  const s = ctx.state;
  const b = book(s);
  if (!b || b.rolled || !s.units.some((u) => u.at === to && u.power === VICHY)) return;
  s.house = { ...(s.house ?? {}), vichy: { ...b, rolled: true } };
  for (const t of b.fleet) {
    const d = ctx.roll(6, 1, `Vichy ${unitData(t).name.toLowerCase()}: join the Axis (1), the Allies (6) or scuttle`, RULE_VICHY).faces[0]!;
    const side: Power | null = d === 1 ? 'germany' : d === 6 ? 'uk' : null;
    // A ship that would appear among enemy warships is scuttled instead (ruling 81).
    if (side && !s.units.some((u) => u.at === FLEET_ZONE && enemies(u.power, side) && sideOf(u.power) !== 'neutral' && unitData(u.type).domain === 'sea')) {
      s.units.push({ id: `u${s.nextId++}`, type: t, power: side, at: FLEET_ZONE });
      ctx.log(`The Vichy ${unitData(t).name.toLowerCase()} (${d}) sails to join ${side === 'germany' ? 'the Axis' : 'the Allies'} in ${areaName(FLEET_ZONE)}`, RULE_VICHY);
    } else ctx.log(`The Vichy ${unitData(t).name.toLowerCase()} (${d}) is scuttled`, RULE_VICHY);
  }
}

/** End of round 1 of a land battle against Vichy: its ground units give up unless British units attack (l.177). */
export function vichySurrenders(ctx: Ctx<AaeState>, area: string): void {
  const s = ctx.state;
  if (!vichyInPlay(s) || s.power === 'uk') return;
  const gone = s.units.filter((u) => u.at === area && u.power === VICHY);
  if (!gone.length) return;
  for (const u of gone) removeUnit(s, u.id);
  ctx.log(`The Vichy forces in ${areaName(area)} give up after a round: ${describeUnits(gone)} removed`, RULE_VICHY);
}

/** End of a turn in which Algeria was taken: every Vichy unit is removed (l.177). */
export function vichyTurnEnd(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!vichyInPlay(s) || !s.capturedThisTurn.includes('algeria')) return;
  const gone = s.units.filter((u) => u.power === VICHY);
  if (!gone.length) return;
  for (const u of gone) removeUnit(s, u.id);
  ctx.log(`Algiers has fallen: the last Vichy forces (${describeUnits(gone)}) are disbanded`, RULE_VICHY);
}
