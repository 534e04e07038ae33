// The ETO rule set: "World War II: European Theater of Operations", 2nd edition (TSR/SPI 1990).
// Organisation and status: docs/rulesets/eto.md. Rulings: docs/rulings/eto.md.
import type { Json, Procedure, Ruleset } from '../../engine/index.ts';
import { validateEtoData } from './data/index.ts';
import { allSpaces, navalMap } from './map.ts';
import { airNavalAttack, navalCombat, navalCombatNoop, navalWithdrawal } from './naval-combat.ts';
import { engagement, interceptionWindow, noop } from './naval-interception.ts';
import { navalAttacks, navalMovement, stackMove } from './naval-movement.ts';
import { BISMARCK_ID, bismarckScenario, bismarckSetup, chooseFirst, navalAirPhase, placeAnywhere } from './sink-the-bismarck.ts';
import type { EtoState, Side } from './state.ts';
import { type LandState, landUnitsAt, layerHex, stackLimit } from './land.ts';
import { CASE_WHITE_ID, caseWhite, caseWhiteSetup, cwPlace } from './case-white.ts';
import { landAttack } from './land-attack.ts';
import { BULGE_ID, bulge, bulgeMovement, bulgePlace, bulgeScore, bulgeSetup } from './bulge.ts';
import { offensive } from './offensive.ts';
import { armorReaction } from './armor-reaction.ts';
import { hqDisplacement } from './hq-displacement.ts';
import { etoAssets } from './assets.ts';
import { etoBoardView } from './board-view.ts';

const procedures: Record<string, Procedure<EtoState, any>> = {
  bismarck: bismarckScenario,
  'place-anywhere': placeAnywhere,
  'choose-first': chooseFirst,
  'naval-air-phase': navalAirPhase,
  'naval-movement': navalMovement,
  'stack-move': stackMove,
  'naval-attacks': navalAttacks,
  'interception-window': interceptionWindow,
  engagement,
  'naval-combat': navalCombat,
  'naval-withdrawal': navalWithdrawal,
  'naval-combat-noop': navalCombatNoop,
  'air-naval-attack': airNavalAttack,
  noop,
  'case-white': caseWhite,
  'cw-place': cwPlace,
  'land-attack': landAttack,
  bulge,
  'bulge-place': bulgePlace,
  offensive,
  'bulge-movement': bulgeMovement,
  'armor-reaction': armorReaction,
  displace: hqDisplacement,
};

/** Rule-set invariants: every ship in a known space, ports within capacity (ETO 7.7). */
export function etoInvariants(s: EtoState): string[] {
  const bad: string[] = [];
  const spaces = new Set(allSpaces());
  const m = navalMap();
  for (const sh of Object.values(s.ships)) {
    if (sh.space === '' && s.stack.every((f) => f.proc !== 'place-anywhere')) bad.push(`${sh.name} has no space after setup`);
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
  rulesVersion: '0.1.0',
  seats: ['axis', 'allies'],
  scenarios: [{
    id: BISMARCK_ID, name: 'Scenario 1: Sink the Bismarck! (May 1941)',
    description: 'Bismarck and Prinz Eugen try to break out of Bergen into the North Atlantic past the Home Fleet and Force H. One Naval and Air phase; naval rules only.',
    seats: ['axis', 'allies'],
  }, {
    id: CASE_WHITE_ID, name: 'Scenario 4: Case White (September 1939)',
    description: 'The German invasion of Poland: one German Offensive phase with Army Groups North and South, land and air rules; the Polish side can be scripted (solitaire) or played.',
    seats: ['axis', 'allies'],
  }, {
    id: BULGE_ID, name: 'Scenario 3: Battle of the Bulge (December 1944)',
    description: 'The German Ardennes counteroffensive: two turns (December 1944, January 1945) of offensives, movement and supply, land rules only; win by taking Brussels and Antwerp or by victory points.',
    seats: ['axis', 'allies'],
  }],
  options: [{
    id: 'polishSide', name: 'Polish side (Case White)', description: 'scripted: the Polish decisions follow scenario 4 [4.3]; human: the allies seat makes them',
    default: 'scripted', values: ['scripted', 'human'],
  }],
  procedures,
  setup(_ctx, scenario, options) {
    if (scenario === BULGE_ID) return bulgeSetup() as ReturnType<Ruleset<EtoState>['setup']>;
    if (scenario === CASE_WHITE_ID) return caseWhiteSetup(options.polishSide === 'human' ? 'human' : 'scripted') as ReturnType<Ruleset<EtoState>['setup']>;
    if (scenario !== BISMARCK_ID) throw new Error(`eto: scenario "${scenario}" is not implemented yet; implemented: ${BISMARCK_ID}, ${CASE_WHITE_ID}, ${BULGE_ID}`);
    return bismarckSetup() as ReturnType<Ruleset<EtoState>['setup']>;
  },
  view(state) {
    const { rng: _r, sealed: _s, ...rest } = state;
    return rest as unknown as Json;
  },
  invariants: etoInvariants,
  describe(state) {
    if (state.scenario === BULGE_ID && state.land) {
      const sc = bulgeScore(state);
      const off = state.land.offensives!;
      return `${state.month} ${state.year} (weather ${state.weather}), OFF German ${off.axis} Allied ${off.allies}, VP German ${sc.axis} Allied ${sc.allies}`;
    }
    const top = [...state.stack].reverse().find((f) => f.proc === 'naval-air-phase');
    return `${state.month} ${state.year}${top ? `, ${String(top.side)} Naval and Air phase` : ''}`;
  },
  validateData: () => validateEtoData(),
  assets: () => etoAssets() as unknown as Json,
  boardView: (state) => etoBoardView(state),
};
