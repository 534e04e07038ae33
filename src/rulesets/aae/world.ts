// The A&A Europe board as a graph (src/board) and the questions every phase asks of it: who controls an area, which
// units are there, which areas are friendly or hostile to a power, and the unit types' figures.
import { buildBoard, type Board } from '../../board/index.ts';
import { AAE_DATA, HOUSE_UNIT_TYPES, type AreaData, type Power, type UnitType, type UnitTypeData } from './data/index.ts';
import { houseUnitData } from './house/units.ts';
import { SIDE_OF, type AaeState, type Alignment, type Side, type Unit } from './state.ts';

export const POWER_NAMES: Record<Power, string> = { germany: 'Germany', ussr: 'Soviet Union', uk: 'United Kingdom', usa: 'United States', minor: 'Axis Minor', vichy: 'Vichy France' };
/** "Germany's", "United States'": a power's name as the owner of something. */
export function powerPossessive(p: Power): string {
  const n = POWER_NAMES[p];
  return n.endsWith('s') ? `${n}'` : `${n}'s`;
}
export const TURN_ORDER: readonly Power[] = AAE_DATA.setup.turnOrder;

const HOUSE_MAP = AAE_DATA.house;
const ALL_AREAS: readonly AreaData[] = [...AAE_DATA.map.areas, ...HOUSE_MAP.regions];

/** Every area: the printed board's, then the house rules' regional areas (in play only with hr-regions). */
export const AREAS: ReadonlyMap<string, AreaData> = new Map(ALL_AREAS.map((a) => [a.id, a]));
/** The printed board's areas. */
export const AREA_IDS: readonly string[] = AAE_DATA.map.areas.map((a) => a.id);
/** The regional areas of the house rules' map (house-map.json) and the printed territory each is carved from. */
export const REGION_HOST: ReadonlyMap<string, string | undefined> = new Map(HOUSE_MAP.regions.map((r) => [r.id, r.host]));

/**
 * The board: one node per area, links typed land / sea / coast / canal (AAE map). The regional areas come after the
 * printed ones (same indices for the printed areas) and are joined to their host and its neighbours only, so the
 * printed board's distances stand; without hr-regions nothing enters them.
 */
export const BOARD: Board = buildBoard({
  nodes: ALL_AREAS.map((a) => ({ id: a.id, kind: a.kind, name: a.name })),
  links: [...AAE_DATA.map.adjacency, ...HOUSE_MAP.adjacency].map(([a, b, kind]) => ({ a, b, kind })),
});

/** The switch a regional area comes with, when not the regional map's: the Gulf of Finland's mines (l.173). */
const REGION_OPTION: ReadonlyMap<string, string> = new Map([[HOUSE_MAP.gulfOfFinland.zone, 'mines']]);

/** Is the area on the board in this game (regional areas only with the regional map, house rules l.1). */
export function inPlay(s: AaeState, id: string): boolean {
  return !REGION_HOST.has(id) || s.opts.house[REGION_OPTION.get(id) ?? 'regions'] === true;
}

const linkKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
/** Printed links a regional sea zone takes over: Leningrad's and Vyborg's coast on the Gulf of Finland (ruling 86). */
const REPLACED: ReadonlySet<string> = new Set(HOUSE_MAP.gulfOfFinland.replaces.map(([a, b]) => linkKey(a, b)));

/** A link of the board that holds in this game (the printed links the Gulf of Finland replaces are closed with it). */
export function linkOpen(s: AaeState, a: string, b: string): boolean {
  return !REPLACED.has(linkKey(a, b)) || !inPlay(s, HOUSE_MAP.gulfOfFinland.zone);
}

/** Production value in this game: a host's shrinks when its regions are carved out. */
export function valueOf(s: AaeState, id: string): number {
  if (s.opts.house.regions && id in HOUSE_MAP.hostValues) return HOUSE_MAP.hostValues[id]!;
  return (area(id).value ?? 0) + factoryBonus(s, id);
}

/** The area standing for a regional area in this game: itself on the regional map, its host otherwise. */
export function standIn(s: AaeState, id: string): string {
  return inPlay(s, id) ? id : REGION_HOST.get(id) ?? id;
}

export function area(id: string): AreaData {
  const a = AREAS.get(id);
  if (!a) throw new Error(`aae: unknown area "${id}" (data/map.json)`);
  return a;
}

export const isSea = (id: string): boolean => area(id).kind === 'sea';
export const isLand = (id: string): boolean => area(id).kind === 'land';
export const isNeutral = (id: string): boolean => area(id).marks?.includes('neutral') ?? false;
export const hasMark = (id: string, mark: string): boolean => area(id).marks?.includes(mark as never) ?? false;
export const areaName = (id: string): string => AREAS.get(id)?.name ?? id;

const UNIT_DATA: Readonly<Record<UnitType, UnitTypeData>> = {
  ...(AAE_DATA.units.types as Record<string, UnitTypeData>),
  ...Object.fromEntries(HOUSE_UNIT_TYPES.map((t) => [t, houseUnitData(t)])),
} as Record<UnitType, UnitTypeData>;

export function unitData(type: UnitType): UnitTypeData {
  return UNIT_DATA[type]!;
}

export const sideOf = (p: Power): Alignment => SIDE_OF[p];
/** The side of a power that plays turns (never Vichy). */
export const playingSide = (p: Power): Side => SIDE_OF[p] as Side;
export const enemies = (a: Power, b: Power): boolean => SIDE_OF[a] !== SIDE_OF[b];

/** Neighbours in play in this game, by links that hold in it. */
export function neighboursIn(s: AaeState, id: string): { id: string; kind: string }[] {
  return neighbours(id).filter((n) => inPlay(s, n.id) && linkOpen(s, id, n.id));
}

/** Neighbouring area ids, with the kind of the link. */
export function neighbours(id: string): { id: string; kind: string }[] {
  const n = BOARD.index(id);
  const out: { id: string; kind: string }[] = [];
  for (let k = BOARD.adjStart[n]!, end = BOARD.adjStart[n + 1]!; k < end; k++) {
    out.push({ id: BOARD.id(BOARD.adjNode[k]!), kind: BOARD.edgeKind(BOARD.adjEdge[k]!) });
  }
  return out;
}

export const adjacent = (a: string, b: string): boolean => BOARD.edgeBetween(BOARD.index(a), BOARD.index(b)) >= 0;
/** Adjacent in this game: both in play and the link open. */
export const adjacentIn = (s: AaeState, a: string, b: string): boolean => adjacent(a, b) && inPlay(s, a) && inPlay(s, b) && linkOpen(s, a, b);

/** Controller of a territory or convoy centre; null for neutrals and open sea. */
export function controller(s: AaeState, id: string): Power | null {
  return s.control[id] ?? null;
}

/** A territory held by the power or its allies (AAE: friendly territory). */
export function friendlyLand(s: AaeState, id: string, p: Power): boolean {
  const c = controller(s, id);
  return isLand(id) && c !== null && !enemies(c, p);
}

/** A territory held by the other side. */
export function enemyLand(s: AaeState, id: string, p: Power): boolean {
  const c = controller(s, id);
  return isLand(id) && c !== null && enemies(c, p);
}

export const unitsAt = (s: AaeState, id: string): Unit[] => s.units.filter((u) => u.at === id);
export const enemyUnitsAt = (s: AaeState, id: string, p: Power): Unit[] => s.units.filter((u) => u.at === id && enemies(u.power, p));

/** Enemy units that make a sea zone hostile (submerged submarines do not). */
export function hostileSea(s: AaeState, id: string, p: Power): boolean {
  return s.units.some((u) => u.at === id && enemies(u.power, p) && unitData(u.type).domain === 'sea' && !u.submerged);
}

/** A canal is open to a side while that side controls every territory it names (AAE map: the Bosphorus, Turkey). */
export function canalOpen(s: AaeState, a: string, b: string, p: Power): boolean {
  const c = [...AAE_DATA.map.canals, ...HOUSE_MAP.canals].find((x) => (x.seas[0] === a && x.seas[1] === b) || (x.seas[0] === b && x.seas[1] === a));
  if (!c) return true;
  return c.land.every((l) => { const o = controller(s, l); return o !== null && !enemies(o, p); });
}

/** A power's capital; the Axis Minor has none of its own and goes with Germany's (ruling 79). */
export function capitalOf(p: Power): string {
  if (p === 'minor') return capitalOf('germany');
  return AAE_DATA.map.areas.find((a) => a.owner === p && a.marks?.includes('capital'))!.id;
}

export const factoryAreas: readonly string[] = AAE_DATA.map.areas.filter((a) => a.marks?.includes('factory')).map((a) => a.id);

/** Complexes moved in this game (house rules l.133): printed site -> where it stands now. */
const movedFactories = (s: AaeState): Record<string, string> => (s.house?.factories as { moved?: Record<string, string> } | undefined)?.moved ?? {};

/** The territories with an industrial complex in this game: the printed ones, as relocated (house rules l.133). */
export function factoriesIn(s: AaeState): readonly string[] {
  const moved = movedFactories(s);
  if (!Object.keys(moved).length) return factoryAreas;
  return [...new Set(factoryAreas.map((a) => moved[a] ?? a))].sort();
}

export const hasFactory = (s: AaeState, id: string): boolean => factoriesIn(s).includes(id);

/** Value added to a territory by complexes moved to the Ural cities (house rules l.133). */
export const factoryBonus = (s: AaeState, id: string): number => (s.house?.factories as { bonus?: Record<string, number> } | undefined)?.bonus?.[id] ?? 0;

export function unitLabel(u: Pick<Unit, 'type' | 'power'>, n = 1): string {
  const t = unitData(u.type).name;
  return `${n > 1 ? `${n} ` : ''}${POWER_NAMES[u.power]} ${n > 1 ? plural(t) : t.toLowerCase()}`.replace(/ ([A-Z])/g, (m) => m.toLowerCase()).replace(/^(\d+ )?([a-z])/, (m) => m.toUpperCase());
}

function plural(t: string): string {
  return t.toLowerCase().endsWith('y') ? `${t.toLowerCase().slice(0, -1)}ies` : `${t.toLowerCase()}s`;
}

/** "3 infantry, 1 armour" from units. */
export function describeUnits(us: Pick<Unit, 'type'>[]): string {
  const n = new Map<string, number>();
  for (const u of us) n.set(u.type, (n.get(u.type) ?? 0) + 1);
  return [...n].map(([t, c]) => `${c} ${unitData(t as UnitType).name.toLowerCase()}`).join(', ') || 'nothing';
}

export const hitsToSink = (t: UnitType): number => unitData(t).hits ?? 1;

/** Units counted in the order first listed: "4 armour, 4 infantry, 2 artillery" (not each one named). */
export function tally(units: readonly string[]): string {
  const n = new Map<string, number>();
  for (const u of units) n.set(u, (n.get(u) ?? 0) + 1);
  return [...n].map(([u, k]) => `${k} ${u}`).join(', ');
}
