// Scenario set-up (basic 4.1; scenario cards): units, control, production, wars and delivery agreements at the start.
import { bkgData, parseUnitSpec, type ScenarioFile } from './data/index.ts';
import { createUnit, warKey } from './politics.ts';
import { MAJORS, powerOfCountry, type Major } from './powers.ts';
import type { BkgState, Rules } from './state.ts';
import { turnOfLabel } from './state.ts';

export type SetupBody = Omit<BkgState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'>;

/** Quarters since 1/39 of a "q/yy" label (0-based). */
function quarterIndex(label: string): number {
  const [q, yy] = label.split('/').map(Number);
  return (yy! - 39) * 4 + (q! - 1);
}

/** Control of every land area as printed: each country holds its own, a few are held by another (Peking, Shanghai). */
function startingControl(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of bkgData().map.areas) if (a.kind === 'land') out[a.id] = a.owner ?? powerOfCountry(a.country!);
  return out;
}

export function setupScenario(sc: ScenarioFile, rules: Rules, polishRetreat: boolean): SetupBody {
  const firstQuarter = quarterIndex(sc.start);
  const zero = () => Object.fromEntries(MAJORS.map((m) => [m, 0])) as Record<Major, number>;
  const production = zero();
  for (const m of MAJORS) production[m] = sc.production[m] ?? 0;
  if (rules === 'advanced') for (const [m, v] of Object.entries(sc.advancedProduction)) production[m as Major] = v;
  const s: SetupBody = {
    rules, opts: { polishRetreat }, turn: 1, firstQuarter, phase: 'set-up', activeSide: null,
    units: {}, nextId: 1, control: startingControl(), production, saved: zero(), budget: zero(),
    wars: sc.wars.map(([a, b]) => warKey(a, b)).sort(), controller: {}, conquered: [],
    deliveries: { 'ussr>germany': 3, 'romania>germany': 2, 'sweden>germany': 1, 'usa>japan': 3 },
    bePacific: false, events: [], battles: [], deadHqs: [], noRetreat: sc.noRetreat, rail: { ...sc.rail },
    stack: [{ proc: 'game', step: 'start' }],
  };
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
