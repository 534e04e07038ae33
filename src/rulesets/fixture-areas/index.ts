// The area test game (hidden from players): two sides fight over the island of Insula in four turns of movement and
// combat, on an area board with stacks of identical counters. It exercises the board contract's areas, structured
// prompts (a stack, then its moves), choice refs, exact odds, positions and the rules reference. Rules: "Areas N",
// summarised in rules-reference.json.
import type { BoardView, PieceView } from '../../engine/board.ts';
import type { Action, BaseState, Choice, Frame, Json, Prompt, Ruleset } from '../../engine/types.ts';
import { adjacent, AREAS, CAPITAL, fixtureAssets, SIDES, STEP_NAMES, STEPS, TURNS, type Side, type Step } from './board.ts';
import { fixturePositions } from './positions.ts';

export type UnitType = 'inf' | 'fleet';
export interface Unit { side: Side; type: UnitType; at: string; moved?: boolean }

export interface AreasState extends BaseState {
  turn: number;
  step: Step;
  units: Record<string, Unit>;
  /** Land areas held, by side (Areas 5). */
  control: Record<string, Side>;
  /** Areas attacked in this combat step (Areas 4.1). */
  attacked: string[];
}

const other = (s: Side): Side => (s === 'north' ? 'south' : 'north');
const TYPE_NAME: Record<UnitType, string> = { inf: 'infantry', fleet: 'fleet' };
const sideName = (s: Side) => (s === 'north' ? 'North' : 'South');
const areaName = (a: string) => AREAS[a]?.name ?? a;
export const isLand = (a: string) => AREAS[a]?.kind === 'land';

/** Id of the board piece standing for a side's units of one type in one place (a stack of identical counters). */
export const pieceId = (side: Side, type: UnitType, at: string) => `${side}-${type}@${at}`;

export function unitsAt(s: AreasState, at: string, side?: Side, type?: UnitType): string[] {
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    return u.at === at && (!side || u.side === side) && (!type || u.type === type);
  }).sort();
}

/** Areas 3.3: a land area with land units of both sides is contested; its units may not leave it. */
export function contested(s: AreasState, area: string): boolean {
  return isLand(area) && unitsAt(s, area, 'north', 'inf').length > 0 && unitsAt(s, area, 'south', 'inf').length > 0;
}

/** Areas 6: land areas linked to the side's capital through land areas it holds (its capital included while held). */
export function suppliedAreas(s: AreasState, side: Side): Set<string> {
  const out = new Set<string>();
  const cap = CAPITAL[side];
  if (s.control[cap] !== side) return out;
  const todo = [cap];
  out.add(cap);
  while (todo.length) {
    const a = todo.pop()!;
    for (const n of adjacent(a)) {
      if (n.kind !== 'land' || out.has(n.id) || s.control[n.id] !== side) continue;
      out.add(n.id);
      todo.push(n.id);
    }
  }
  return out;
}

/** Areas 6: a land unit is in supply in a supplied area, or next to one (it traces one area from where it stands). */
export function inSupply(s: AreasState, side: Side, area: string, supplied = suppliedAreas(s, side)): boolean {
  return supplied.has(area) || adjacent(area).some((n) => n.kind === 'land' && supplied.has(n.id));
}

/** Areas 7: victory points, the values of the land areas a side holds. */
export function victoryPoints(s: AreasState, side: Side): number {
  return Object.entries(s.control).reduce((n, [a, who]) => n + (who === side ? AREAS[a]?.value ?? 0 : 0), 0);
}

function initialUnits(): Record<string, Unit> {
  const u: Record<string, Unit> = {};
  const add = (side: Side, type: UnitType, at: string, n: number) => {
    for (let i = 0; i < n; i++) u[`${side[0]}${Object.keys(u).filter((k) => k[0] === side[0]).length + 1}`] = { side, type, at };
  };
  add('north', 'inf', 'nhold', 2); add('north', 'inf', 'ncoast', 1); add('north', 'inf', 'highlands', 1); add('north', 'fleet', 'nsea', 1);
  add('north', 'inf', 'pool', 2);
  add('south', 'inf', 'shold', 2); add('south', 'inf', 'marsh', 1); add('south', 'inf', 'scoast', 1); add('south', 'fleet', 'ssea', 1);
  add('south', 'inf', 'pool', 2);
  return u;
}

export function initialControl(): Record<string, Side> {
  return Object.fromEntries(Object.entries(AREAS).filter(([, a]) => a.owner).map(([id, a]) => [id, a.owner!]));
}

/** Areas 3.4: at most this many infantry of one side in one area. */
export const STACK_LIMIT = 3;

/** The first area where a side has more infantry than the limit (Areas 3.4). */
function overstacked(s: AreasState): { area: string; side: Side } | null {
  for (const area of Object.keys(AREAS)) {
    for (const side of SIDES) if (unitsAt(s, area, side, 'inf').length > STACK_LIMIT) return { area, side };
  }
  return null;
}

/** Areas 3.4: the owner of an overstacked area removes infantry there until it is within the limit. */
const overstack = {
  prompts(s: AreasState): Prompt[] {
    const o = overstacked(s);
    if (!o) return [];
    return [{
      seat: o.side, rule: 'Areas 3.4', kind: 'eliminate', text: `Overstacked in ${areaName(o.area)}: remove one infantry (at most ${STACK_LIMIT})`,
      choices: [{ action: { type: 'remove', area: o.area }, label: `Remove one infantry from ${areaName(o.area)}`, refs: { units: [pieceId(o.side, 'inf', o.area)], place: o.area } }],
    }];
  },
  run(ctx: { pop(): void }) {
    ctx.pop();
  },
  act(ctx: { state: AreasState; log(t: string, r?: string): void; goto(p: string): void }, _f: Frame, seat: string, a: Action) {
    const id = unitsAt(ctx.state, a.area as string, seat as Side, 'inf')[0]!;
    delete ctx.state.units[id];
    ctx.log(`${sideName(seat as Side)} removes an infantry from overstacked ${areaName(a.area as string)}`, 'Areas 3.4');
    ctx.goto('overstack');
  },
};

// -------------------------------------------------------------------------------------------------- set-up (Areas 2)

/** Areas 2: a side's waiting units go to its hold first, then its other home areas, within the limit; where each went. */
function placeAsUsual(s: Pick<AreasState, 'units'>, side: Side): string[] {
  const homes = [CAPITAL[side], ...Object.keys(AREAS).filter((x) => AREAS[x]!.owner === side && isLand(x) && x !== CAPITAL[side])];
  const out: string[] = [];
  for (const id of unitsAt(s as AreasState, 'pool', side)) {
    const to = homes.find((h) => unitsAt(s as AreasState, h, side, 'inf').length < STACK_LIMIT) ?? CAPITAL[side];
    s.units[id]!.at = to;
    out.push(to);
  }
  return out;
}

/** The units of the side placing now: the first side with units waiting. */
const placer = (s: AreasState): Side | null => SIDES.find((side) => unitsAt(s, 'pool', side).length > 0) ?? null;

const setup = {
  prompts(s: AreasState): Prompt[] {
    const side = placer(s);
    if (!side) return [];
    const id = unitsAt(s, 'pool', side)[0]!;
    const u = s.units[id]!;
    const homes = Object.keys(AREAS).filter((a) => AREAS[a]!.owner === side && isLand(a));
    const choices: Choice[] = homes.map((a) => ({
      action: { type: 'place', area: a }, label: `Place a ${sideName(side)} ${TYPE_NAME[u.type]} in ${areaName(a)}`,
      refs: { units: [pieceId(side, u.type, 'pool')], place: a },
    }));
    const left = unitsAt(s, 'pool', side).length;
    choices.push({ action: { type: 'place-rest' }, label: `Place the rest as usual (${left} left: the hold first)` });
    return [{ seat: side, rule: 'Areas 2', kind: 'place', text: `Set-up: place your reinforcements in your home areas (${left} left)`, choices }];
  },
  run(ctx: { pop(): void }) {
    ctx.pop();
  },
  act(ctx: { state: AreasState; log(t: string, r?: string): void; push(p: string): void }, _f: Frame, seat: string, a: Action) {
    const s = ctx.state;
    const side = seat as Side;
    const waiting = unitsAt(s, 'pool', side);
    if (a.type === 'place') {
      s.units[waiting[0]!]!.at = a.area as string;
      ctx.log(`${sideName(side)} places an infantry in ${areaName(a.area as string)}`, 'Areas 2');
      if (overstacked(s)) ctx.push('overstack');
      return;
    }
    for (const to of placeAsUsual(s, side)) ctx.log(`${sideName(side)} places an infantry in ${areaName(to)} (as usual)`, 'Areas 2');
    if (overstacked(s)) ctx.push('overstack');
  },
};

// ------------------------------------------------------------------------------------------------ movement (Areas 3)

/** Units of `side` in `area` that may still move this phase (Areas 3.1, 3.3). */
function movable(s: AreasState, side: Side, area: string): string[] {
  if (contested(s, area)) return [];
  return unitsAt(s, area, side).filter((id) => !s.units[id]!.moved);
}

/** Where one unit of `type` may go from `area` (Areas 3.2): land units to land areas, fleets to sea areas. */
function destinations(type: UnitType, area: string): string[] {
  return adjacent(area).filter((n) => (type === 'inf' ? n.kind === 'land' : n.kind === 'sea')).map((n) => n.id);
}

function moveChoices(s: AreasState, side: Side, area: string): Choice[] {
  const out: Choice[] = [];
  const ids = movable(s, side, area);
  for (const type of ['inf', 'fleet'] as UnitType[]) {
    if (!ids.some((id) => s.units[id]!.type === type)) continue;
    for (const to of destinations(type, area)) {
      out.push({
        action: { type: 'move', from: area, to, unit: type },
        label: `Move 1 ${TYPE_NAME[type]} from ${areaName(area)} to ${areaName(to)}`,
        refs: { units: [pieceId(side, type, area)], from: area, place: to },
      });
    }
  }
  return out;
}

const move = {
  prompts(s: AreasState, f: Frame): Prompt[] {
    const side = f.side as Side;
    const areas = [...new Set(Object.values(s.units).filter((u) => u.side === side && u.at !== 'pool').map((u) => u.at))].sort();
    const groups = areas.filter((a) => moveChoices(s, side, a).length).map((a) => {
      const ids = movable(s, side, a);
      const types = (['inf', 'fleet'] as UnitType[]).filter((t) => ids.some((id) => s.units[id]!.type === t));
      const n = ids.length;
      return {
        key: a, label: `${areaName(a)}: ${n} unit${n === 1 ? '' : 's'} to move`,
        refs: { units: types.map((t) => pieceId(side, t, a)), place: a },
      };
    });
    return [{
      seat: side, rule: 'Areas 3', kind: 'move', text: `${sideName(side)} movement: pick a stack, then where one of its units goes`,
      choices: [{ action: { type: 'end-move' }, label: 'End the movement phase' }], groups,
    }];
  },
  choicesIn: (s: AreasState, f: Frame, _seat: string, group: string) => (AREAS[group] ? moveChoices(s, f.side as Side, group) : []),
  groupOf: (_s: AreasState, _f: Frame, _seat: string, a: Action) => (a.type === 'move' && typeof a.from === 'string' ? a.from : null),
  act(ctx: { state: AreasState; log(t: string, r?: string): void; pop(): void; push(p: string): void }, f: Frame, _seat: string, a: Action) {
    const s = ctx.state;
    const side = f.side as Side;
    if (a.type === 'end-move') {
      for (const u of Object.values(s.units)) delete u.moved;
      s.step = STEPS[STEPS.indexOf(s.step) + 1]!;
      ctx.pop();
      return;
    }
    const from = a.from as string, to = a.to as string;
    const id = movable(s, side, from).find((x) => s.units[x]!.type === a.unit)!;
    s.units[id]!.at = to;
    s.units[id]!.moved = true;
    // Areas 5: entering a land area without enemy land units takes it.
    if (isLand(to) && !unitsAt(s, to, other(side), 'inf').length && s.control[to] !== side) {
      s.control[to] = side;
      ctx.log(`${sideName(side)} takes ${areaName(to)}`, 'Areas 5');
    }
    ctx.log(`${sideName(side)} moves 1 ${TYPE_NAME[a.unit as UnitType]} from ${areaName(from)} to ${areaName(to)}${contested(s, to) ? ' (battle ahead)' : ''}`, 'Areas 3');
    if (overstacked(s)) ctx.push('overstack');
  },
  explain(s: AreasState, f: Frame, _seat: string, a: Action) {
    if (a.type !== 'move' || typeof a.from !== 'string' || typeof a.to !== 'string') return null;
    if (contested(s, a.from)) return { rule: 'Areas 3.3', message: `units in contested ${areaName(a.from)} may not leave it` };
    if (!adjacent(a.from).some((n) => n.id === a.to)) return { rule: 'Areas 3.1', message: `${areaName(a.to)} does not touch ${areaName(a.from)}: a unit moves one area` };
    if (a.unit === 'inf' && !isLand(a.to)) return { rule: 'Areas 3.2', message: `infantry stays on land; ${areaName(a.to)} is a sea area` };
    if (a.unit === 'fleet' && isLand(a.to)) return { rule: 'Areas 3.2', message: `fleets stay at sea; ${areaName(a.to)} is a land area` };
    if (!movable(s, f.side as Side, a.from).length) return { rule: 'Areas 3.1', message: `every unit in ${areaName(a.from)} has moved this phase` };
    return null;
  },
};

// ------------------------------------------------------------------------------------------------- combat (Areas 4)

function battleAreas(s: AreasState, side: Side): string[] {
  return Object.keys(AREAS).filter((a) => contested(s, a) && !s.attacked.includes(a) && unitsAt(s, a, side, 'inf').length);
}

const combat = {
  prompts(s: AreasState, f: Frame): Prompt[] {
    const side = f.side as Side;
    const choices: Choice[] = battleAreas(s, side).map((a) => ({ action: { type: 'attack', area: a }, label: `Attack in ${areaName(a)}`, refs: { place: a } }));
    choices.push({ action: { type: 'end-combat' }, label: 'End the combat phase' });
    return [{ seat: side, rule: 'Areas 4', kind: 'attack', text: `${sideName(side)} combat: attack in a contested area or end the phase`, choices }];
  },
  act(ctx: { state: AreasState; pop(): void; push(p: string, l?: Record<string, Json>): void; end(o: { winner: string | null; result: string; rule?: string }): void }, f: Frame, _seat: string, a: Action) {
    const s = ctx.state;
    if (a.type === 'attack') {
      ctx.push('battle', { side: f.side as string, area: a.area as string, support: [] });
      return;
    }
    s.attacked = [];
    const i = STEPS.indexOf(s.step);
    if (i === STEPS.length - 1) {
      s.step = STEPS[0];
      s.turn++;
    } else s.step = STEPS[i + 1]!;
    ctx.pop();
  },
};

/** Sea areas next to `area` holding a fleet of `side` (Areas 4.2). */
function supportSeas(s: AreasState, side: Side, area: string): string[] {
  return adjacent(area).filter((n) => n.kind === 'coast' && unitsAt(s, n.id, side, 'fleet').length).map((n) => n.id);
}

/** The arithmetic of a battle (Areas 4.3): each side's figures before the dice. */
export function battleFigures(s: AreasState, side: Side, area: string, support: string[]) {
  const def = other(side);
  const supplied = suppliedAreas(s, side);
  const attackers = unitsAt(s, area, side, 'inf').length;
  const outOfSupply = inSupply(s, side, area, supplied) ? 0 : attackers;
  const modifiers: { side: string; reason: string; value: number; rule: string }[] = [
    { side: 'attacker', reason: `${attackers} infantry`, value: attackers, rule: 'Areas 4.3' },
  ];
  if (outOfSupply) modifiers.push({ side: 'attacker', reason: 'infantry out of supply add nothing', value: -outOfSupply, rule: 'Areas 6' });
  if (support.length) modifiers.push({ side: 'attacker', reason: `fleet support from ${support.map(areaName).join(', ')}`, value: support.length, rule: 'Areas 4.2' });
  const defenders = unitsAt(s, area, def, 'inf').length;
  modifiers.push({ side: 'defender', reason: `${defenders} infantry`, value: defenders, rule: 'Areas 4.3' });
  if (AREAS[area]!.capital && AREAS[area]!.owner === def) modifiers.push({ side: 'defender', reason: 'defending its capital', value: 1, rule: 'Areas 4.3' });
  const sum = (who: string) => modifiers.filter((m) => m.side === who).reduce((n, m) => n + m.value, 0);
  return { attackers, defenders, modifiers, attack: sum('attacker'), defence: sum('defender') };
}

const battle = {
  prompts(s: AreasState, f: Frame): Prompt[] {
    const side = f.side as Side, area = f.area as string, support = f.support as string[];
    const fig = battleFigures(s, side, area, support);
    const choices: Choice[] = supportSeas(s, side, area).filter((sea) => !support.includes(sea)).map((sea) => ({
      action: { type: 'support', sea }, label: `Add the fleet in ${areaName(sea)} as support`, refs: { units: [pieceId(side, 'fleet', sea)], place: area },
    }));
    choices.push({ action: { type: 'confirm' }, label: `Attack ${areaName(area)}: ${fig.attack} + 1d6 against ${fig.defence} + 1d6`, refs: { place: area, targets: [pieceId(other(side), 'inf', area)] } });
    choices.push({ action: { type: 'cancel' }, label: 'Cancel this attack' });
    return [{
      seat: side, rule: 'Areas 4.2', kind: 'attack', text: `Battle in ${areaName(area)}: add fleet support, then attack`, choices,
      context: { area: areaName(area), attack: fig.attack, defence: fig.defence, modifiers: fig.modifiers } as unknown as Json,
    }];
  },
  act(ctx: {
    state: AreasState; pop(): void; goto(p: string, l?: Record<string, Json>): void; log(t: string, r?: string, d?: Json): void;
    roll(sides: number, count: number, purpose: string, rule: string): { total: number };
  }, f: Frame, _seat: string, a: Action) {
    const s = ctx.state;
    const side = f.side as Side, area = f.area as string, support = f.support as string[];
    if (a.type === 'cancel') { ctx.pop(); return; }
    if (a.type === 'support') { ctx.goto('battle', { side, area, support: [...support, a.sea as string] }); return; }
    const fig = battleFigures(s, side, area, support);
    const ar = ctx.roll(6, 1, `${sideName(side)} attack in ${areaName(area)}`, 'Areas 4.3').total;
    const dr = ctx.roll(6, 1, `${sideName(other(side))} defence of ${areaName(area)}`, 'Areas 4.3').total;
    const at = fig.attack + ar, dt = fig.defence + dr;
    const winner = at > dt ? 'attacker' : dt > at ? 'defender' : null;
    const lose = (who: Side) => { const id = unitsAt(s, area, who, 'inf')[0]; if (id) delete s.units[id]; };
    if (winner !== 'attacker') lose(side);
    if (winner !== 'defender') lose(other(side));
    s.attacked.push(area);
    const def = other(side);
    if (!unitsAt(s, area, def, 'inf').length && unitsAt(s, area, side, 'inf').length) s.control[area] = side;
    ctx.log(`Battle in ${areaName(area)}: ${sideName(side)} ${at} against ${dt}; ${winner === 'attacker' ? `${sideName(def)} loses an infantry` : winner === 'defender' ? `${sideName(side)} loses an infantry` : 'both lose an infantry'}`,
      'Areas 4.4', {
        attacker: { die: ar, figures: fig.attack, total: at }, defender: { die: dr, figures: fig.defence, total: dt },
        modifiers: fig.modifiers, winner,
      } as unknown as Json);
    if (s.control[area] === side && !unitsAt(s, area, def, 'inf').length) ctx.log(`${sideName(side)} takes ${areaName(area)}`, 'Areas 5');
    ctx.pop();
  },
  explain(s: AreasState, f: Frame, _seat: string, a: Action) {
    if (a.type === 'support' && typeof a.sea === 'string') {
      if (!adjacent(f.area as string).some((n) => n.id === a.sea && n.kind === 'coast')) return { rule: 'Areas 4.2', message: `${areaName(a.sea)} does not touch ${areaName(f.area as string)}` };
      if (!unitsAt(s, a.sea, f.side as Side, 'fleet').length) return { rule: 'Areas 4.2', message: `no ${sideName(f.side as Side)} fleet in ${areaName(a.sea)}` };
    }
    return null;
  },
};

// -------------------------------------------------------------------------------------------------------- the game

const game = {
  run(ctx: { state: AreasState; push(p: string, l?: Record<string, Json>): void; end(o: { winner: string | null; result: string; rule?: string }): void }) {
    const s = ctx.state;
    if (placer(s)) { ctx.push('setup'); return; }
    for (const side of SIDES) {
      if (s.control[CAPITAL[side]] !== side) {
        ctx.end({ winner: other(side), result: `${sideName(other(side))} takes ${areaName(CAPITAL[side])}: ${sideName(other(side))} wins`, rule: 'Areas 7.1' });
        return;
      }
    }
    if (s.turn > TURNS) {
      const n = victoryPoints(s, 'north'), so = victoryPoints(s, 'south');
      const winner = n > so ? 'north' : so > n ? 'south' : null;
      ctx.end({ winner, result: winner ? `${sideName(winner)} wins on points, ${Math.max(n, so)} to ${Math.min(n, so)}` : `a draw on points, ${n} each`, rule: 'Areas 7.2' });
      return;
    }
    const side: Side = s.step.startsWith('north') ? 'north' : 'south';
    ctx.push(s.step.endsWith('move') ? 'move' : 'combat', { side });
  },
};

export function boardView(s: AreasState): BoardView {
  const pieces = new Map<string, PieceView>();
  const supplied = { north: suppliedAreas(s, 'north'), south: suppliedAreas(s, 'south') };
  for (const u of Object.values(s.units)) {
    const id = pieceId(u.side, u.type, u.at);
    const p = pieces.get(id);
    if (p) { p.count = (p.count ?? 1) + 1; continue; }
    const piece: PieceView = { id, where: u.at, side: u.side, power: u.side, type: u.type, count: 1 };
    if (u.type === 'inf' && isLand(u.at) && !inSupply(s, u.side, u.at, supplied[u.side])) {
      piece.marks = ['out-of-supply'];
      piece.note = `no chain of ${sideName(u.side)}-held land areas to ${areaName(CAPITAL[u.side])}: adds nothing in an attack (Areas 6)`;
    }
    pieces.set(id, piece);
  }
  for (const p of pieces.values()) if (p.count === 1) delete p.count;
  const control: Record<string, string> = {};
  for (const [a, who] of Object.entries(s.control)) if (AREAS[a]!.owner !== who) control[a] = who;
  const vp = (side: Side) => ({ kind: 'victory', where: `victory:${Math.min(15, victoryPoints(s, side))}`, side, label: `${sideName(side)} ${victoryPoints(s, side)}` });
  return {
    pieces: [...pieces.values()],
    markers: [{ kind: 'turn', where: `turn:${Math.min(TURNS, s.turn)}` }, { kind: 'step', where: `sequence:${s.step}` }, vp('north'), vp('south')],
    control, turn: { index: Math.min(TURNS, s.turn), label: `Turn ${Math.min(TURNS, s.turn)}` }, phase: STEP_NAMES[s.step],
    activeSide: s.outcome ? null : s.step.startsWith('north') ? 'north' : 'south',
  };
}

export const fixtureAreas: Ruleset<AreasState> = {
  id: 'fixture-areas',
  title: 'Insula (area test game)',
  rulesVersion: '1',
  seats: ['north', 'south'],
  scenarios: [{ id: 'skirmish', name: 'Skirmish on Insula', description: 'Four turns; take the enemy hold, or hold more points at the end.', seats: ['north', 'south'] }],
  options: [{ id: 'quickSetup', name: 'Quick set-up', description: 'Reinforcements start where they usually go (the holds first) instead of being placed by the players.', default: false, values: [false, true] }],
  setup(_ctx, _scenario, options) {
    const units = initialUnits();
    if (options.quickSetup) for (const side of SIDES) placeAsUsual({ units }, side);
    return { turn: 1, step: 'north-move', units, control: initialControl(), attacked: [], stack: [{ proc: 'game' }] };
  },
  procedures: { game, setup, move, combat, battle, overstack } as unknown as Ruleset<AreasState>['procedures'],
  view: (s) => ({ turn: s.turn, step: s.step, units: s.units, control: s.control, attacked: s.attacked } as unknown as Json),
  boardView: (s) => boardView(s),
  describe: (s) => (s.outcome ? s.outcome.result : `Turn ${Math.min(TURNS, s.turn)}, ${STEP_NAMES[s.step]}`),
  assets: fixtureAssets,
  positions: fixturePositions,
  invariants(s) {
    const out: string[] = [];
    for (const [id, u] of Object.entries(s.units)) {
      if (u.at !== 'pool' && !AREAS[u.at]) out.push(`${id} stands in unknown area ${u.at}`);
      else if (u.at !== 'pool' && (u.type === 'inf') !== isLand(u.at)) out.push(`${id} (${u.type}) stands in ${u.at}`);
    }
    return out;
  },
};

export default fixtureAreas;
