// Scenario set-up (basic/advanced 4.1; scenario cards): units, control, production, wars, deliveries, and for the
// advanced game research, cards and the first turn's initiative and weather.
import type { SetupCtx } from '../../engine/index.ts';
import { bkgData, parseUnitSpec, type ScenarioFile } from './data/index.ts';
import { createUnit, warKey } from './politics.ts';
import { HISTORIC_SIDES, MAJORS, powerOfCountry, type Major } from './powers.ts';
import type { BkgState, OptionalRule, Rules } from './state.ts';
import { turnOfLabel } from './state.ts';

export type SetupBody = Omit<BkgState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'>;

/** Quarters since 1/39 of a "q/yy" label (0-based). */
function quarterIndex(label: string): number {
  const [q, yy] = label.split('/').map(Number);
  return (yy! - 39) * 4 + (q! - 1);
}

/** Control of every land area as printed: each country holds its own, a few are held by another (Peking, Shanghai). */
function startingControl(sc: ScenarioFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of bkgData().map.areas) if (a.kind === 'land') out[a.id] = a.owner ?? powerOfCountry(a.country!);
  return { ...out, ...(sc.control ?? {}) };
}

const zero = () => Object.fromEntries(MAJORS.map((m) => [m, 0])) as Record<Major, number>;

/** The 55 cards shuffled into one face-down stack (advanced 4.1) by dice no seat sees: the order follows from them. */
function shuffledDeck(ctx: SetupCtx, ids: string[]): string[] {
  const deck = [...ids];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = ctx.roll(i + 1, 1, 'shuffle the card stack', 'BKG advanced 4.1', { hidden: true }).total - 1;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

export function setupScenario(ctx: SetupCtx, sc: ScenarioFile, rules: Rules, polishRetreat: boolean, optional: OptionalRule[] = []): SetupBody {
  const firstQuarter = quarterIndex(sc.start);
  const production = zero();
  for (const m of MAJORS) production[m] = sc.production[m] ?? 0;
  if (rules === 'advanced') for (const [m, v] of Object.entries(sc.advancedProduction ?? {})) production[m as Major] = v;
  const research = zero();
  for (const [m, v] of Object.entries(sc.research)) research[m as Major] = v;
  const achievements = Object.fromEntries(MAJORS.map((m) => [m, [...(sc.achievements?.[m] ?? [])]])) as Record<Major, string[]>;
  const hands = Object.fromEntries(MAJORS.map((m) => [m, (sc.hands?.[m] ?? []).map((id) => ({ id, turn: 0 }))])) as BkgState['cards']['hands'];
  const taken = new Set([...(sc.cardsRemoved ?? []), ...(sc.cardsInEffect ?? []), ...Object.values(sc.hands ?? {}).flat()]);
  const deck = rules === 'advanced' ? shuffledDeck(ctx, bkgData().cards.map((c) => c.id).filter((id) => !taken.has(id))) : [];
  const first = sc.id === '1939';
  const s: SetupBody = {
    rules, opts: { polishRetreat, ...(optional.length ? { optional } : {}) }, turn: 1, firstQuarter, phase: 'set-up', activeSide: null,
    units: {}, nextId: 1, control: startingControl(sc), production, saved: zero(), budget: zero(),
    wars: sc.wars.map(([a, b]) => warKey(a, b)).sort(), controller: { ...(sc.controllers ?? {}) } as BkgState['controller'],
    conquered: [...(sc.conquered ?? [])],
    deliveries: sc.deliveries ? { ...sc.deliveries } : { 'ussr>germany': 3, 'romania>germany': 2, 'sweden>germany': 1, 'usa>japan': 3 },
    bePacific: (sc.events ?? []).includes('france-fallen'), events: [...(sc.events ?? [])], battles: [], deadHqs: [...(sc.deadHqs ?? [])],
    noRetreat: sc.noRetreat, rail: { ...sc.rail },
    // The 1939 card gives the first turn's initiative (Axis) and weather (a roll of 5); 1941 rolls them.
    initiative: first ? sc.initiative : null,
    lastInitiative: first ? null : sc.initiative,
    weather: { europe: 'good', pacific: 'good' },
    jpch: { limit: 0, used: { japan: 0, china: 0 }, target: { japan: null, china: null } },
    oos: [], railUsed: {}, research, achievements,
    cards: { deck, hands, inEffect: [...(sc.cardsInEffect ?? [])], removed: [...(sc.cardsRemoved ?? [])] },
    effects: sc.fortressDestroyed ? ['fortress-destroyed'] : [],
    contacts: [],
    // Optional 9.10: the majors choose their sides before the first quarter (alliances.ts).
    stack: optional.includes('nonHistoricAlliances') ? [{ proc: 'game', step: 'start' }, { proc: 'alliances', at: 0 }] : [{ proc: 'game', step: 'start' }],
  };
  if (optional.includes('nonHistoricAlliances')) s.sides = { ...HISTORIC_SIDES };
  const state = s as BkgState;
  for (const [power, placement] of Object.entries(sc.setup)) {
    for (const [where, specs] of Object.entries(placement)) place(state, power, where, specs);
  }
  for (const [power, byTurn] of Object.entries(sc.reinforcements)) {
    for (const [label, specs] of Object.entries(byTurn)) {
      const arrive = turnOfLabel(label, firstQuarter);
      for (const spec of specs) {
        const p = parseUnitSpec(spec);
        for (let i = 0; i < p.count; i++) createUnit(state, power, p.type, p.front, 'box', { tag: p.tag, reduced: p.reduced, hq: p.hq, arrive });
      }
    }
  }
  return s;
}

function place(s: BkgState, power: string, where: string, specs: string[]): void {
  for (const spec of specs) {
    const p = parseUnitSpec(spec);
    for (let i = 0; i < p.count; i++) createUnit(s, power, p.type, p.front, where, { tag: p.tag, reduced: p.reduced, hq: p.hq });
  }
}
