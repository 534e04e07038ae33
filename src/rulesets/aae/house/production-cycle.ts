// The production cycle and the time track (house rules l.12): aircraft, transports, destroyers and submarines take 2
// turns, battleships and carriers 3; the price is paid in equal instalments, the first at purchase, one more at the
// start of each later turn (a unit not paid for waits a turn on the track); the last paid, the unit is placed at that
// turn's mobilization. Ground units take one turn, as before. Ruling 74.
import type { Choice, Frame, Procedure } from '../../../engine/index.ts';
import type { Power, UnitType } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { POWER_NAMES, unitData } from '../world.ts';
import { researched } from './research.ts';

export const RULE_PRODUCTION_CYCLE = 'AAE house rules l.12 (production cycle)';

const TURNS: Readonly<Partial<Record<UnitType, number>>> = { fighter: 2, bomber: 2, transport: 2, destroyer: 2, submarine: 2, battleship: 3, carrier: 3 };

/** On the time track: a unit bought and not yet paid for in full. */
export interface TrackEntry { power: Power; type: UnitType; cost: number; of: number; paid: number; round: number }

/** Turns a unit takes to build in this game. */
export function turnsToBuild(s: AaeState, t: UnitType, p: Power = s.power): number {
  if (!s.opts.house['production-cycle']) return 1;
  // House rules l.239: with Liberty ships researched the United States builds transports in one turn.
  if (t === 'transport' && p === 'usa' && researched(s, p, 'liberty-ships') > 0) return 1;
  return TURNS[t] ?? 1;
}

/** The `k`-th instalment (0-based) of `cost` in `of`: equal parts, the odd IPCs paid first (ruling 74). */
export function instalment(cost: number, of: number, k: number): number {
  const base = Math.floor(cost / of);
  return base + (k < cost - base * of ? 1 : 0);
}

export const track = (s: AaeState): TrackEntry[] => (s.house?.track ?? []) as TrackEntry[];
const save = (s: AaeState, t: TrackEntry[]): void => { s.house = { ...(s.house ?? {}), track: t }; };

/** Bought at the purchase step: the first instalment is paid and the unit goes on the track. */
export function startBuild(s: AaeState, p: Power, t: UnitType, cost: number): void {
  const of = turnsToBuild(s, t, p);
  s.ipcs[p] -= instalment(cost, of, 0);
  save(s, [...track(s), { power: p, type: t, cost, of, paid: 1, round: s.round }]);
}

/** The power's units on the track whose next instalment falls due this turn. */
export const dueEntries = (s: AaeState, p: Power): TrackEntry[] => track(s).filter((e) => e.power === p && e.round < s.round);

const next = (e: TrackEntry): number => instalment(e.cost, e.of, e.paid);
const label = (e: TrackEntry): string => `${unitData(e.type).name.toLowerCase()} (instalment ${e.paid + 1} of ${e.of}: ${next(e)} IPCs)`;

interface TrackFrame extends Frame { power: Power }

/** At the start of the turn, before purchases: pay the instalments due, or let units wait a turn. */
export const timeTrack: Procedure<AaeState, TrackFrame> = {
  prompts(s, f) {
    const due = dueEntries(s, f.power);
    if (!due.length) return [];
    const money = s.ipcs[f.power];
    const total = due.reduce((a, e) => a + next(e), 0);
    const choices: Choice[] = [];
    if (total <= money) choices.push({ action: { type: 'pay-all' }, label: `pay every instalment due (${total} IPCs)` });
    const seen = new Set<string>();
    for (const e of due) {
      const k = `${e.type}|${e.paid}|${e.cost}`;
      if (seen.has(k) || next(e) > money) continue;
      seen.add(k);
      choices.push({ action: { type: 'pay', unit: e.type, paid: e.paid }, label: `pay for the ${label(e)}` });
    }
    choices.push({ action: { type: 'done' }, label: `done (${due.length > 1 ? `${due.length} units wait` : '1 unit waits'} a turn)` });
    return [{ seat: f.power, rule: RULE_PRODUCTION_CYCLE, kind: 'choose', text: `${POWER_NAMES[f.power]}: the time track: ${due.map(label).join(', ')}`, choices, context: { ipcs: money } }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    if (a.type === 'done') {
      const due = dueEntries(s, f.power);
      for (const e of due) e.round = s.round;
      save(s, [...track(s)]);
      ctx.log(`${POWER_NAMES[f.power]} lets ${due.map((e) => unitData(e.type).name.toLowerCase()).join(', ')} wait a turn on the time track`, RULE_PRODUCTION_CYCLE);
      ctx.pop();
      return;
    }
    const due = dueEntries(s, f.power);
    const paying = a.type === 'pay-all' ? due : [due.find((e) => e.type === a.unit && e.paid === a.paid)!];
    for (const e of paying) {
      s.ipcs[f.power] -= next(e);
      e.paid++;
      e.round = s.round;
      if (e.paid === e.of) s.pending[f.power].push(e.type);
      ctx.log(`${POWER_NAMES[f.power]} pays instalment ${e.paid} of ${e.of} for a ${unitData(e.type).name.toLowerCase()}${e.paid === e.of ? ': it is placed at this turn\'s mobilization' : ''}`, RULE_PRODUCTION_CYCLE);
    }
    save(s, track(s).filter((e) => e.paid < e.of));
  },
};
