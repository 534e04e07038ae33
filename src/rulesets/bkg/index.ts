// The BKG rule set: "Blitzkrieg General" (Udo Grebe Gamedesign), Europe and the Pacific, eight majors, 1939-1945.
// Organisation and status: docs/rulesets/bkg.md. Rulings: docs/rulings/bkg.md. Data: docs/data/bkg.md.
import type { Json, Procedure, Ruleset } from '../../engine/index.ts';
import type { BoardView, MarkerView, PieceView } from '../../engine/board.ts';
import { bkgData, validateBkgData } from './data/index.ts';
import { battle, combatPhase, landAir, retreat, retreatDone } from './combat.ts';
import { movement, reaction, segment, segmentCards } from './phases.ts';
import { production, reinforcements } from './production.ts';
import { game, reconquest } from './sequence.ts';
import { initiative, usEntry } from './advanced.ts';
import { cardHoldings, cardPhase, ultra } from './cards.ts';
import { rail, rebase } from './rail.ts';
import { research } from './research.ts';
import { alliances } from './alliances.ts';
import { navalSearch } from './naval.ts';
import { bombardment } from './bombing.ts';
import { setupScenario } from './setup.ts';
import { bkgAssets } from './assets.ts';
import { bkgInvariants } from './invariants.ts';
import { economicGoal, economicPoints } from './sequence.ts';
import { seatOf, sideOf } from './politics.ts';
import { isOutOfSupply } from './supply.ts';
import { MAJORS, POWER_NAMES } from './powers.ts';
import { type BkgState, type OptionalRule, OPTIONAL_RULES, strength, turnLabel } from './state.ts';
import { signature } from './movement.ts';
import { fogFor, fogPieces, fogState, fogView } from './fog.ts';

export const SCENARIOS = {
  basic1939: 'basic-1939',
  advanced1939: 'advanced-1939',
  advanced1941: 'advanced-1941',
} as const;

const procedures: Record<string, Procedure<BkgState, any>> = {
  game, reinforcements, segment, 'segment-cards': segmentCards, movement, reaction, 'combat-phase': combatPhase, battle, retreat, 'retreat-done': retreatDone,
  'land-air': landAir, production, initiative, 'us-entry': usEntry, rail, rebase, 'card-phase': cardPhase, research, 'naval-search': navalSearch, bombardment, ultra, reconquest, alliances,
};

/** What the board shows (identical units at one place are one piece with a count). */
export function bkgBoardView(s0: BkgState, seat: string | null = null): BoardView {
  // Optional 9.12: the units the seat may not see are left out, one hidden piece per country's stacks in a place.
  const fog = fogFor(s0, seat);
  const s = fogState(s0, fog);
  const groups = new Map<string, PieceView>();
  for (const u of Object.values(s.units)) {
    const where = u.where === 'box' ? 'production' : u.where;
    const key = `${where}|${u.aboard ?? ''}|${signature(s, u)}|${isOutOfSupply(s, u) ? 'oos' : ''}`;
    const g = groups.get(key);
    if (g) { g.count = (g.count ?? 1) + 1; continue; }
    const p: PieceView = {
      id: u.id, where, side: sideOf(s, u.power) ?? 'neutral', power: u.power, type: u.type,
      factors: [strength(u)], reduced: !!u.reduced,
    };
    if (u.hq) p.name = u.hq[0]!.toUpperCase() + u.hq.slice(1);
    else if (u.tag) p.name = u.tag;
    if (u.aboard) p.aboard = u.aboard;
    const marks: string[] = [];
    if (u.done) marks.push('moved');
    if (u.tag === 'O') marks.push('orange');
    if (isOutOfSupply(s, u)) { marks.push('out-of-supply'); p.note = 'out of supply since the last supply check: no line of friendly areas or seazones to a home area with production (BKG advanced 6.1)'; }
    if (marks.length) p.marks = marks;
    if (u.where === 'box') p.note = `arrives ${turnLabel({ turn: u.arrive ?? s.turn, firstQuarter: s.firstQuarter })}`;
    groups.set(key, p);
  }
  const control: Record<string, string> = {};
  for (const a of bkgData().map.areas) {
    if (a.kind !== 'land') continue;
    const c = s.control[a.id]!;
    if (c !== (a.owner ?? (a.country === 'uk' || a.country === 'canada' || a.country === 'south-africa' || a.country === 'india' || a.country === 'australia' ? 'be' : a.country))) control[a.id] = c;
  }
  const markers: MarkerView[] = [];
  for (const m of MAJORS) markers.push({ kind: 'production', where: `production:${Math.max(0, Math.min(48, s.production[m]))}`, side: m, label: `${POWER_NAMES[m]} ${s.production[m]}` });
  for (const b of s.battles) markers.push({ kind: 'battle', where: b.place, side: b.attacker, label: 'combat' });
  for (const side of ['axis', 'allies'] as const) {
    const pts = economicPoints(s, side), goal = economicGoal(s, side);
    markers.push({ kind: 'victory', where: `victory:${Math.min(200, pts)}`, side, label: `${side === 'axis' ? 'Axis' : 'Allies'} ${pts} of ${goal} points` });
  }
  // The quarter track starts at 3/39 (firstQuarter 2); the 1941 scenario's turn 1 is its cell of 2/41.
  const cell = s.turn + s.firstQuarter - 2;
  markers.push({ kind: 'turn', where: `turn:${cell}`, label: turnLabel(s) });
  const holdings = cardHoldings(s0, seat);
  return {
    pieces: [...groups.values(), ...fogPieces(s, fog)], markers, control, turn: { index: cell, label: turnLabel(s) }, phase: s.phase, activeSide: s.activeSide,
    ...(holdings.length ? { holdings } : {}),
  };
}

export const bkg: Ruleset<BkgState> = {
  id: 'bkg',
  title: 'Blitzkrieg General',
  rulesVersion: '0.5.7',
  // Applies copy only what the rules write (`write`, src/engine/kernel.ts); settled states are frozen.
  copyOnWrite: true,
  seats: [...MAJORS],
  scenarios: [{
    id: SCENARIOS.basic1939, name: 'Basic game, 1939 (3rd quarter 1939 to 4th quarter 1945)',
    description: 'The whole war on two maps with the basic rules: the Axis always moves first, the Time Table brings Italy, the USSR and the USA into the war. Eight majors, each a seat.',
    seats: [...MAJORS],
  }, {
    id: SCENARIOS.advanced1939, name: 'Advanced game, 1939 (3rd quarter 1939 to 4th quarter 1945)',
    description: 'The 1939 set-up with the advanced rules: initiative, weather, supply, rail, naval searches, invasions, cards and research; the USA enters the war step by step.',
    seats: [...MAJORS],
  }, {
    id: SCENARIOS.advanced1941, name: 'Advanced game, 1941 (2nd quarter 1941 to 4th quarter 1945)',
    description: 'France has fallen, Vichy rules its colonies, Germany faces the USSR; research and cards in hand as the 1941 cards give them.',
    seats: [...MAJORS],
  }],
  options: [{
    id: 'polishRetreat', name: 'Polish retreat (tutorial)', description: 'The basic tutorial lets Poland retreat from Western Poland, which the 1939 set-up forbids; on: as in the tutorial',
    default: false, values: [false, true],
  }, ...Object.entries(OPTIONAL_RULES).map(([id, o]) => ({
    id, name: `Optional ${o.rule}: ${o.name}`, description: `${o.description} (BKG advanced ${o.rule}; off unless agreed before the game)`, default: false, values: [false, true],
  }))],
  procedures,
  setup(ctx, scenario, options) {
    const which = { [SCENARIOS.basic1939]: ['1939', 'basic'], [SCENARIOS.advanced1939]: ['1939', 'advanced'], [SCENARIOS.advanced1941]: ['1941', 'advanced'] }[scenario];
    if (!which) throw new Error(`bkg: unknown scenario "${scenario}"`);
    return setupScenario(ctx, bkgData().scenarios[which[0]!]!, which[1] as 'basic' | 'advanced', options.polishRetreat === true,
      (Object.keys(OPTIONAL_RULES) as OptionalRule[]).filter((id) => options[id] === true)) as ReturnType<Ruleset<BkgState>['setup']>;
  },
  view(state, seat) {
    const { rng: _r, sealed: _s, ...rest } = state;
    // Advanced 7.4: the owner of a card keeps it secret; nobody sees the order of the stack.
    const hands = Object.fromEntries(Object.entries(state.cards.hands).map(([m, h]) =>
      [m, m === seat ? h : h.map((c) => ({ id: 'hidden', turn: c.turn }))]));
    return fogView(state, seat, { ...rest, cards: { ...state.cards, deck: state.cards.deck.length, hands } } as unknown as Record<string, Json>);
  },
  // Advanced 9.12: an action names the units it moves, and a unit's id names its type (ruling 96).
  hiddenActions: (options) => options.fogOfWar === true,
  boardView: (state, seat) => bkgBoardView(state, seat),
  invariants: bkgInvariants,
  describe(state) {
    const side = state.activeSide ? (state.activeSide === 'axis' ? 'Axis' : 'Allied') : '';
    return `${turnLabel(state)}${side ? `, ${side}` : ''} ${state.phase}; points Axis ${economicPoints(state, 'axis')}, Allies ${economicPoints(state, 'allies')}`;
  },
  validateData: () => validateBkgData(),
  assets: () => bkgAssets(),
};

export { seatOf };
