// The ETO rule set: "World War II: European Theater of Operations", 2nd edition (TSR/SPI 1990).
// Organisation and status: docs/rulesets/eto.md. Rulings: docs/rulings/eto.md.
import type { Json, Procedure, Ruleset } from '../../engine/index.ts';
import { playOf, SCENARIO_IDS, validateEtoData } from './data/index.ts';
import { allSpaces, navalMap } from './map.ts';
import { airNavalAttack, navalCombat, navalCombatNoop, navalWithdrawal } from './naval-combat.ts';
import { submarineCombat } from './submarine.ts';
import { engagement, interceptionWindow, noop } from './naval-interception.ts';
import { navalAttacks, navalMovement, stackMove } from './naval-movement.ts';
import { WEATHER_NAMES, type EtoState, type Side } from './state.ts';
import { type LandState, landUnitsAt, layerHex, stackLimit } from './land.ts';
import { landAttack } from './land-attack.ts';
import { offensive } from './offensive.ts';
import { armorReaction } from './armor-reaction.ts';
import { hqDisplacement } from './hq-displacement.ts';
import { etoAssets } from './assets.ts';
import { etoBoardView } from './board-view.ts';
import { endPhase } from './end-phase.ts';
import { movementPhase } from './movement-phase.ts';
import { navalAndAirOrder, navalAndAirPhase, navalAndAirSteps } from './naval-and-air-phase.ts';
import { offensivePhase } from './offensive-phase.ts';
import { SCENARIOS } from './scenarios.ts';
import { monthlyTurn, openingStack, weatherPhase } from './sequence-of-play.ts';
import { setUp } from './set-up.ts';
import { neutral } from './politics.ts';
import { airBattle, airIntercept, airMission, airNavalStrike, airShipIntercept, airStep } from './air.ts';
import { navalUpkeep, replenishment } from './end-phase.ts';

const procedures: Record<string, Procedure<EtoState, any>> = {
  // the sequence of play
  'set-up': setUp,
  'monthly-turn': monthlyTurn,
  'weather-phase': weatherPhase,
  'naval-and-air-phase': navalAndAirPhase,
  'naval-and-air-order': navalAndAirOrder,
  'naval-and-air-steps': navalAndAirSteps,
  'offensive-phase': offensivePhase,
  'movement-phase': movementPhase,
  'end-phase': endPhase,
  // naval operations (7-9, 16)
  'naval-movement': navalMovement,
  'stack-move': stackMove,
  'naval-attacks': navalAttacks,
  'interception-window': interceptionWindow,
  engagement,
  'naval-combat': navalCombat,
  'naval-withdrawal': navalWithdrawal,
  'naval-combat-noop': navalCombatNoop,
  'submarine-combat': submarineCombat,
  'air-naval-attack': airNavalAttack,
  noop,
  // air operations (12-15, 21)
  'air-step': airStep,
  'air-mission': airMission,
  'air-intercept': airIntercept,
  'air-ship-intercept': airShipIntercept,
  'air-naval-strike': airNavalStrike,
  'air-battle': airBattle,
  replenishment,
  'naval-upkeep': navalUpkeep,
  // offensives and land combat (22-29)
  offensive,
  'land-attack': landAttack,
  'armor-reaction': armorReaction,
  displace: hqDisplacement,
};

/** Rule-set invariants: every ship in a known space, ports within capacity (ETO 7.7). */
export function etoInvariants(s: EtoState): string[] {
  const bad: string[] = [];
  const spaces = new Set(allSpaces(s));
  const m = navalMap(s);
  for (const sh of Object.values(s.ships)) {
    if (sh.space === '' && s.stack.every((f) => f.proc !== 'set-up') && !(s.land && neutral(s.land, sh.nation))) bad.push(`${sh.name} has no space after setup`);
    if (sh.space !== '' && !spaces.has(sh.space)) bad.push(`${sh.name} is in unknown space "${sh.space}"`);
    if (sh.inPort && !m.coastal.get(sh.space)?.port) bad.push(`${sh.name} is "in port" in ${sh.space}, which has no port`);
  }
  for (const h of m.coastal.values()) {
    if (!h.port) continue;
    for (const side of ['axis', 'allies']) {
      const n = Object.values(s.ships).filter((sh) => !sh.sunk && sh.inPort && sh.space === h.hex && sh.side === side).length;
      if (n > (h.port === 'major' ? 20 : 10)) bad.push(`ETO 7.7: ${n} ${side} ships in the ${h.port} port of ${h.name}`);
    }
  }
  // 24.2 stacking holds at the end of steps: not checked while a move waits for a reaction attack (26.5).
  if (s.land) bad.push(...landInvariants(s.land, s.stack.some((f) => f.proc === 'armor-reaction')));
  return bad;
}

/** Land scenarios: units in theatre hexes, no hex held by both sides, stacking (24.2), OFF tracks not negative. */
function landInvariants(l: LandState, midMove: boolean): string[] {
  const bad: string[] = [];
  const bySide = new Map<string, Set<string>>();
  for (const u of Object.values(l.units)) {
    if (u.where !== 'map') continue;
    if (!u.hex || !layerHex(l, u.hex)) { bad.push(`${u.id} is on the map outside the theatre (${u.hex})`); continue; }
    if (u.kind === 'inf' || u.kind === 'armor') (bySide.get(u.hex) ?? bySide.set(u.hex, new Set()).get(u.hex)!).add(u.side);
  }
  for (const [h, sides] of bySide) {
    if (sides.size > 1) bad.push(`ETO 24.0: both sides' land units in ${h}`);
    for (const side of sides) if (!midMove && landUnitsAt(l, h, side as Side).length > stackLimit(l, h)) bad.push(`ETO 24.2: ${side} overstacked in ${h}`);
  }
  for (const side of ['axis', 'allies'] as Side[]) if ((l.offensives?.[side] ?? 0) < 0) bad.push(`${side} OFF track below 0`);
  return bad;
}

export const eto: Ruleset<EtoState> = {
  id: 'eto',
  title: 'World War II: European Theater of Operations (2nd edition)',
  rulesVersion: '0.2.0',
  // Applies copy only what the rules write (`write`, src/engine/kernel.ts); settled states are frozen.
  copyOnWrite: true,
  seats: ['axis', 'allies'],
  scenarios: SCENARIO_IDS.map((id) => playOf(id)).sort((a, b) => a.number - b.number)
    .map((p) => ({ id: SCENARIO_IDS.find((x) => playOf(x) === p)!, name: p.name, description: p.description, seats: ['axis', 'allies'] })),
  options: [],
  procedures,
  setup(_ctx, scenario) {
    const rules = SCENARIOS[scenario];
    if (!rules) throw new Error(`eto: scenario "${scenario}" is not implemented; implemented: ${SCENARIO_IDS.join(', ')}`);
    return { ...rules.initial(), stack: openingStack(scenario) } as ReturnType<Ruleset<EtoState>['setup']>;
  },
  view(state) {
    const { rng: _r, sealed: _s, ...rest } = state;
    return rest as unknown as Json;
  },
  invariants: etoInvariants,
  describe(state) {
    const status = SCENARIOS[state.scenario]?.status?.(state);
    const phase = etoBoardView(state).phase;
    return `${state.month} ${state.year} (${WEATHER_NAMES[state.weather]} weather)${phase ? `, ${phase}` : ''}${status ? `, ${status}` : ''}`;
  },
  validateData: () => validateEtoData(),
  assets: etoAssets,
  boardView: (state) => etoBoardView(state),
};
