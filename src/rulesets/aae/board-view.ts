// What the board shows (src/engine/board.ts): the A&A Europe areas with their owners and values, the powers and
// unit types, and each seat's view of the pieces (stacks of identical units) and of who holds what.
import type { Assets, BoardView, Json, MarkerView, PieceView } from '../../engine/index.ts';
import { AAE_DATA, ALL_POWERS, POWERS, UNIT_TYPES, type AreaData } from './data/index.ts';
import { stackKey } from './move-phase.ts';
import type { AaeState } from './state.ts';
import { POWER_NAMES, sideOf, unitData } from './world.ts';
import { incomeOf } from './income.ts';
import { victoryCities } from './victory.ts';
import { areaGeometry } from './geometry.ts';

export const POWER_COLORS: Record<string, string> = { germany: '#8c8c7a', ussr: '#b5573c', uk: '#c9a85a', usa: '#6f8a4c', minor: '#7d7f9e', vichy: '#a3a39a' };
const ABBR: Record<string, string> = { germany: 'GE', ussr: 'SU', uk: 'UK', usa: 'US', minor: 'AM', vichy: 'VF' };
const SYMBOL: Record<string, string> = {
  infantry: 'infantry', artillery: 'artillery', armour: 'armor', aa: 'aa', fighter: 'air', bomber: 'bomber',
  transport: 'transport', submarine: 'submarine', destroyer: 'fleet', carrier: 'carrier', battleship: 'fleet',
};

function areaMarks(a: AreaData): string[] | undefined {
  return a.marks?.length ? [...a.marks] : undefined;
}

/** Marks an area, box or link that exists only in games with the regional map (house rules: hr-regions). */
export const REGIONS_MARK = 'option:hr-regions';

export function aaeAssets(roundLimit = 16): Assets {
  const areas: NonNullable<Assets['board']['areas']> = {};
  const boxes: NonNullable<Assets['board']['boxes']> = [];
  for (const a of AAE_DATA.map.areas) {
    const g = areaGeometry(a.id);
    areas[a.id] = {
      name: a.name, kind: a.kind, polygons: g.polygons, label: g.label,
      ...(a.owner ? { owner: a.owner } : {}),
      ...(a.value !== undefined ? { value: a.value } : {}),
      ...(areaMarks(a) ? { marks: areaMarks(a) } : {}),
      source: g.source,
    };
  }
  // The regional areas come last, drawn over the printed territory they are carved from (docs/rulesets/aae.md).
  const house = AAE_DATA.house;
  for (const r of house.regions) {
    if (r.marks?.includes('box')) {
      boxes.push({ id: r.id, name: r.name, kind: r.kind, connects: ['south-atlantic', 'red-sea'], note: `House rules' regional map: off the map; 2 movement from the South Atlantic, 2 more to the Red Sea (house rules l.215)` });
      continue;
    }
    const g = areaGeometry(r.id, true);
    areas[r.id] = {
      name: r.name, kind: r.kind, polygons: g.polygons, label: g.label,
      ...(r.owner ? { owner: r.owner } : {}),
      ...(r.value !== undefined ? { value: r.value } : {}),
      marks: [...(r.marks ?? []), r.id === AAE_DATA.house.gulfOfFinland.zone ? 'option:hr-mines' : REGIONS_MARK, ...(r.host ? [`host:${r.host}`] : [])],
      source: g.source,
    };
  }
  return {
    board: {
      areas,
      boxes,
      adjacency: [
        ...AAE_DATA.map.adjacency.map(([a, b, kind]) => ({ a, b, kind })),
        ...house.adjacency.map(([a, b, kind]) => ({ a, b, kind, source: { reconstructed: `${a === house.gulfOfFinland.zone || b === house.gulfOfFinland.zone ? 'option:hr-mines' : REGIONS_MARK}: house rules' regional map (data/house-map.json)` } })),
      ],
      countries: Object.fromEntries(POWERS.map((p) => [p, { name: POWER_NAMES[p], color: POWER_COLORS[p]! }])),
      tracks: [
        { id: 'sequence', name: 'Order of play', kind: 'sequence', cells: SEQUENCE.map(([id, label]) => ({ id, label })) },
        { id: 'ipcs', name: 'IPCs in hand', kind: 'production', cells: Array.from({ length: MAX_IPCS + 1 }, (_, i) => ({ id: String(i), label: String(i) })) },
        { id: 'victory-cities', name: 'Victory cities held', kind: 'victory', cells: Array.from({ length: VICTORY_CITIES + 1 }, (_, i) => ({ id: String(i), label: String(i) })) },
      ],
    },
    counters: {
      powers: Object.fromEntries(ALL_POWERS.map((p) => [p, { name: POWER_NAMES[p], side: sideOf(p), color: POWER_COLORS[p]!, abbr: ABBR[p]! }])),
      types: Object.fromEntries(UNIT_TYPES.map((t) => [t, { name: unitData(t).name, symbol: SYMBOL[t]!, domain: unitData(t).domain === 'sea' ? 'naval' as const : unitData(t).domain as 'land' | 'air' }])),
      sides: { axis: { name: 'Axis', color: POWER_COLORS.germany }, allies: { name: 'Allies', color: POWER_COLORS.uk }, neutral: { name: 'Neutral', color: POWER_COLORS.vichy } },
    },
    charts: [{
      id: 'units', title: 'National reference chart', rule: 'AAE national reference charts',
      columns: ['unit', 'attack', 'defence', 'move', 'cost'],
      rows: UNIT_TYPES.map((t) => { const d = unitData(t); return [d.name, d.attack, d.defense, d.move, d.cost]; }),
    }],
    notes: [
      'Board facts (areas, values, owners, connections, set-up) are those of the printed game, transcribed from a public digital edition: docs/data/aae.md.',
      'Rulings where the rule text is not at hand: docs/rulings/aae.md.',
    ],
    reconstructed: [
      { subject: 'Map outlines', text: 'The printed board\'s lines are not at hand: territories are drawn from today\'s borders, cut by drawn boxes where the board has its own lines, and the sea zones are drawn boxes (docs/data/aae.md). The connections are the printed board\'s.' },
      { subject: 'Round limit', text: 'The base game has none; Theater ends it after round 16 (option roundLimit) and judges by victory cities (docs/rulings/aae.md 3).' },
      { subject: 'Rules without their printed text', text: 'Where the rulebook is not at hand, each rule follows a stated source (TripleA\'s notes, the 2005 FAQ and updates, the manual\'s first pages): docs/rulings/aae.md.' },
    ],
    turns: Array.from({ length: Math.max(roundLimit, 1) }, (_, i) => `Round ${i + 1}`),
  };
}

/** AAE Order of Play: a power's turn, step by step (the glance lights the current one). */
const SEQUENCE: [string, string][] = [
  ['purchase', 'Purchase units'], ['combat-move', 'Combat move'], ['combat', 'Conduct combat'],
  ['noncombat-move', 'Noncombat move'], ['mobilize', 'Mobilize new units'], ['income', 'Collect income'],
];
const MAX_IPCS = 400;
const VICTORY_CITIES = AAE_DATA.map.areas.filter((a) => a.marks?.includes('victory-city')).length;

/** Where each power stands (IPCs in hand, next income) and each side's victory cities (AAE Victory: capitals decide). */
function aaeMarkers(s: AaeState): MarkerView[] {
  const out: MarkerView[] = ALL_POWERS.filter((p) => p !== 'vichy' && (p !== 'minor' || s.opts.house['axis-minor'])).map((p) => ({
    kind: 'production', where: `ipcs:${Math.max(0, Math.min(MAX_IPCS, s.ipcs[p]))}`, side: sideOf(p),
    label: `${POWER_NAMES[p]} ${s.ipcs[p]} IPCs (income ${incomeOf(s, p).total})`,
  }));
  const vc = victoryCities(s);
  for (const side of ['axis', 'allies'] as const) {
    out.push({ kind: 'victory', where: `victory-cities:${vc[side]}`, side, label: `${side === 'axis' ? 'Axis' : 'Allies'} ${vc[side]} of ${VICTORY_CITIES} victory cities` });
  }
  return out;
}

/** Pieces: stacks of identical units, each with the id of its first unit (the one the stack's choices move). */
export function aaeBoardView(s: AaeState): BoardView {
  const pieces: PieceView[] = [];
  const byKey = new Map<string, PieceView>();
  for (const u of s.units) {
    const k = `${u.power}|${stackKey(u)}|${u.submerged ? 's' : ''}|${u.unsupplied ? 'u' : ''}${u.landingCraft ? 'l' : ''}${u.nation ?? ''}`;
    const p = byKey.get(k);
    if (p) { p.count = (p.count ?? 1) + 1; continue; }
    const marks: string[] = [];
    if (u.damage) marks.push('damaged');
    if (u.submerged) marks.push('submerged');
    if (u.done || u.combatMoved) marks.push('moved');
    // House rules: out of supply (l.20), a transport with landing craft (l.16), a French piece (l.187).
    if (u.unsupplied && s.opts.house.supply) marks.push('out-of-supply');
    if (u.landingCraft) marks.push('landing craft');
    if (u.nation) marks.push(u.nation);
    const piece: PieceView = {
      id: u.id, where: u.at, side: sideOf(u.power), power: u.power, type: u.type,
      factors: [unitData(u.type).attack, unitData(u.type).defense, unitData(u.type).move],
      ...(u.damage ? { reduced: true } : {}),
      ...(u.aboard ? { aboard: u.aboard } : {}),
      ...(marks.length ? { marks } : {}),
      ...(u.unsupplied && s.opts.house.supply ? { note: 'out of supply: no route to a friendly supply source when traced before the combat move; -1 in combat, attacks only to reopen a route (AAE house rules l.20)' } : u.landing ? { note: `landing in ${u.landing}` } : u.mission === 'raid' ? { note: 'on a strategic bombing raid' } : u.mission === 'night' ? { note: 'on a night bombing raid' } : {}),
    };
    byKey.set(k, piece);
    pieces.push(piece);
  }
  const control: Record<string, string> = {};
  for (const a of [...AAE_DATA.map.areas, ...AAE_DATA.house.regions]) {
    const c = s.control[a.id];
    if (c !== undefined && c !== (a.owner ?? null)) control[a.id] = c ?? 'neutral';
  }
  return {
    pieces,
    markers: aaeMarkers(s),
    control,
    turn: { index: s.round, label: `Round ${s.round}` },
    phase: s.phase,
    activeSide: s.outcome ? null : sideOf(s.power),
  };
}

export const assetsJson = (): Json => aaeAssets() as unknown as Json;
