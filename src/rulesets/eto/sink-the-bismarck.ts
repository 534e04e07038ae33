// ETO scenario 1 "Sink the Bismarck!" (May 1941): the ships and where they start [1.1], the British group placed
// anywhere but Bergen, victory [1.3]. What it plays (one Naval and Air phase, German initiative [1.2]) is data
// (data/scenario-sink-the-bismarck.json "play").
import type { Outcome } from '../../engine/index.ts';
import { etoData } from './data/index.ts';
import { shipForces } from './forces.ts';
import { allSpaces, navalMap } from './map.ts';
import { portSide } from './naval-movement.ts';
import type { ScenarioRules } from './scenario.ts';
import { emptyStep, type EtoState, type Side } from './state.ts';

export const BISMARCK_ID = 'sink-the-bismarck';
const d = etoData().bismarck;

/** Scenario 1 [1.3]. */
export function bismarckVictory(s: EtoState): { winner: Side | null; result: string; rule: string } {
  const v = d.victory;
  const inArea = (id: string) => !s.ships[id]!.sunk && s.ships[id]!.space === v.area;
  if (v.germanWin.every(inArea)) return { winner: 'axis', result: 'German victory: Bismarck is in the North Atlantic', rule: 'ETO scenario 1 [1.3]' };
  if (!v.britishWinIfNoneOf.some(inArea)) return { winner: 'allies', result: 'British victory: no German warship is in the North Atlantic', rule: 'ETO scenario 1 [1.3]' };
  return { winner: null, result: 'Draw: Prinz Eugen is in the North Atlantic without Bismarck', rule: 'ETO scenario 1 [1.3]' };
}

export const sinkTheBismarck: ScenarioRules = {
  initial() {
    const t = d.play.turns[0]!;
    return {
      month: t.month, year: t.year, weather: t.weather, initiative: d.play.initiative, ships: shipForces(d.setup, etoData().units),
      order: [], step: emptyStep(), counterIntercepted: [],
    };
  },
  /** [1.1]: the group set up "anywhere" goes to any naval space but the excepted ones, in port where the port is friendly (7.7). */
  shipPlaces(s, ship) {
    const group = d.setup.find((g) => g.units.includes(ship.id))!;
    const out: { space: string; inPort: boolean }[] = [];
    for (const sp of allSpaces(s)) {
      if (group.except?.includes(sp)) continue;
      out.push({ space: sp, inPort: false });
      const h = navalMap(s).coastal.get(sp);
      if (h?.port && portSide(s, h.country) === ship.side) out.push({ space: sp, inPort: true });
    }
    return out;
  },
  victory(s): Outcome {
    return bismarckVictory(s);
  },
};
