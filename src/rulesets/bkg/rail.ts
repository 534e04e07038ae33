// Rail movement (advanced 6.2) and aircraft rebasing (advanced 6.3), before the movement phase.
import { titoAllows } from './cards.ts';
import { movementRange, withinRange } from '../../board/index.ts';
import { write, type Choice, type Frame, type Procedure, type Prompt } from '../../engine/index.ts';
import { LAND, area, bkgMap } from './map.ts';
import { coopMayStop, describeUnits, distinct, envFor, FRIENDLY, unitsBySeat } from './movement.ts';
import { isConquered, seatOf } from './politics.ts';
import { BE_HOME_COUNTRIES, MAJORS, POWER_NAMES, sideOfMajor, type Major, type Side } from './powers.ts';
import { type BkgState, type Unit, isLandUnit, unitLabel } from './state.ts';
import { logUnits } from './fog.ts';

interface RailFrame extends Frame {
  proc: 'rail' | 'rebase';
  side: Side;
  ended: Major[];
}

/** Friendly areas joined by land to `from` through friendly areas without enemy units (advanced 6.2: any range). */
function railNetwork(s: BkgState, u: Unit): Set<string> {
  const m = bkgMap();
  const g = m.board;
  const env = envFor(s, u.power);
  const ok = (n: number) => !m.isSea[n] && env.status[n] === FRIENDLY && !env.enemyAt[n] && !env.attackAt[n];
  const reach = withinRange(g, g.index(u.where), Infinity, {
    mayCross: (_f, _t, e) => m.edgeKind[e] === LAND,
    mayEnter: ok,
  });
  return new Set(reach.nodes().map((n) => g.id(n)));
}

/** Japan rails within Japan, China and what is joined to them; BE within the UK, Australia, Canada, India (6.2). */
function railAllowed(s: BkgState, seat: Major, net: Set<string>): boolean {
  const homes = seat === 'japan' ? ['japan', 'china'] : seat === 'be' ? BE_HOME_COUNTRIES.filter((c) => c !== 'south-africa') : null;
  if (!homes) return true;
  return [...net].some((id) => homes.includes(area(id).country ?? ''));
}

function railChoices(s: BkgState, seat: Major, place: string): Choice[] {
  const out: Choice[] = [];
  const units = Object.values(s.units).filter((u) => u.where === place && !u.aboard && seatOf(s, u.power) === seat && (isLandUnit(u) || u.type === 'air'));
  for (const u of distinct(s, units)) {
    if (!titoAllows(s, [u])) continue; // card Tito Partisans: the garrison of Yugoslavia stays
    const net = railNetwork(s, u);
    if (!railAllowed(s, seat, net)) continue;
    for (const to of [...net].sort()) if (to !== place && coopMayStop(s, u.power, to)) out.push({ action: { type: 'rail', unit: u.id, to }, label: `${unitLabel(u)} by rail to ${area(to).name}`, refs: { units: [u.id], from: place, place: to } });
  }
  return out;
}

/** Aircraft rebase within friendly areas at double range, over sea zones but not enemy or neutral areas (6.3). */
export function rebaseTargets(s: BkgState, u: Unit): string[] {
  const m = bkgMap();
  const g = m.board;
  const env = envFor(s, u.power);
  const range = 2 * (2 + (s.achievements[seatOf(s, u.power)!]?.includes('long-range') ? 1 : 0));
  const reach = movementRange(g, g.index(u.where), range, {
    enterCost: (_f, t) => (m.isSea[t] || (env.status[t] === FRIENDLY && !env.enemyAt[t] && !env.attackAt[t]) ? 1 : Infinity),
  }, env.scratch);
  return reach.nodes().filter((n) => !m.isSea[n] && n !== g.index(u.where) && !env.coopBar?.[n]).map((n) => g.id(n)).sort(); // 9.11
}

function seatsOf(s: BkgState, side: Side): Major[] {
  const present = unitsBySeat(s);
  return MAJORS.filter((m) => sideOfMajor(s, m) === side && !isConquered(s, m) && present.has(m));
}

function proc(kind: 'rail' | 'rebase'): Procedure<BkgState, RailFrame> {
  const eligible = (s: BkgState, u: Unit, seat: Major) => u.where !== 'box' && !u.aboard && seatOf(s, u.power) === seat && bkgMap().isSea[bkgMap().board.index(u.where)] === 0
    && (kind === 'rail' ? isLandUnit(u) || u.type === 'air' : u.type === 'air' && !u.rebased);
  return {
    prompts(s, f) {
      const out: Prompt[] = [];
      for (const seat of seatsOf(s, f.side)) {
        if (f.ended.includes(seat)) continue;
        const left = kind === 'rail' ? (s.rail[seat] ?? 0) - (s.railUsed[seat] ?? 0) : 1;
        if (left <= 0) continue;
        const places = new Map<string, Unit[]>();
        for (const u of Object.values(s.units)) if (eligible(s, u, seat)) places.set(u.where, [...(places.get(u.where) ?? []), u]);
        if (places.size === 0) continue;
        out.push({
          seat, rule: kind === 'rail' ? 'BKG advanced 6.2' : 'BKG advanced 6.3', kind: 'move',
          text: kind === 'rail' ? `${POWER_NAMES[seat]}: rail movement (${left} left)` : `${POWER_NAMES[seat]}: rebase aircraft (double range, over friendly areas and sea zones)`,
          choices: [{ action: { type: 'end' }, label: kind === 'rail' ? 'End rail movement' : 'End rebasing' }],
          groups: [...places.keys()].sort().map((p) => ({ key: p, label: `${area(p).name}: ${describeUnits(places.get(p)!)}`, refs: { units: places.get(p)!.map((u) => u.id), place: p } })),
        });
      }
      return out;
    },
    sparseGroups: true, // a stack with no rail line or base in reach
    choicesIn(s, _f, seat, group) {
      if (kind === 'rail') return railChoices(s, seat as Major, group);
      const out: Choice[] = [];
      const units = Object.values(s.units).filter((u) => u.where === group && eligible(s, u, seat as Major));
      for (const u of distinct(s, units)) for (const to of rebaseTargets(s, u)) out.push({ action: { type: 'rebase', unit: u.id, to }, label: `${unitLabel(u)} to ${area(to).name}`, refs: { units: [u.id], from: group, place: to } });
      return out;
    },
    groupOf(s, _f, _seat, action) {
      return s.units[action.unit as string]?.where ?? null;
    },
    run(ctx) {
      ctx.pop();
    },
    act(ctx, f, seat, action) {
      const s = ctx.state;
      if (action.type === 'end') return void ctx.goto(kind, { ...f, ended: [...f.ended, seat as Major] });
      const u = write(s, 'units', action.unit as string);
      const from = u.where;
      u.where = action.to as string;
      if (kind === 'rail') s.railUsed = { ...s.railUsed, [seat]: (s.railUsed[seat] ?? 0) + 1 };
      else u.rebased = true;
      logUnits(ctx, [u], `${POWER_NAMES[u.power]} ${unitLabel(u)} ${kind === 'rail' ? 'by rail' : 'rebases'} from ${area(from).name} to ${area(u.where).name}`, kind === 'rail' ? 'BKG advanced 6.2' : 'BKG advanced 6.3');
    },
  };
}

export const rail = proc('rail');
export const rebase = proc('rebase');
