// What the browser client expects from a rule set's `assets()` (static board data) and `view()` (units, markers).
// Generic over rule sets: anything absent is simply not drawn. docs/web.md documents the same interface.
import type { SheetSpec } from '../../board/board.ts';
import type { Json } from '../../engine/types.ts';

/** Hex geometry: flat-topped columns; centre x = 1.5*col, y = sqrt(3)*(row + 0.5 in shifted columns). */
export interface GridData {
  /** 'flat-top columns' ('flat-top-columns' is read the same). */
  layout: string;
  offset: 'odd-down' | 'even-down';
  /** Optional sheet prefix and digit counts of hex ids (default "", 2, 2: "CCRR"). */
  prefix?: string;
  colDigits?: number;
  rowDigits?: number;
  /**
   * Several sheets (src/board SheetSpec: prefix, cols, rows, offset, and a `join` onto an earlier sheet, with
   * colSign/rowSign -1 for a sheet numbered the other way). When given, positions come from the assembled board.
   */
  sheets?: SheetSpec[];
}

/** One hex. `kind`: 'land' | 'sea' | 'coastal' | 'lake' (unknown kinds draw as land). */
export interface HexData {
  kind: string;
  /** 'clear' | 'forest' | 'mountain' | 'marsh' | 'desert' ... (unknown terrains draw as clear). */
  terrain?: string;
  /** Country or territory id (borders are drawn where it changes between two land hexes). */
  country?: string;
  city?: CityData;
  /** Short label printed in the hex when there is no city (a strait, a named sea...). */
  label?: string;
}

export interface CityData {
  name: string;
  port?: boolean;
  capital?: boolean;
  /** Production city: drawn with a star. */
  production?: boolean;
  /** Fortress, fort line... (drawn as a small bastion). */
  fort?: boolean;
}

/**
 * One hexside, keyed "AAAA/BBBB" (the two hex ids, any order; "-" also accepted).
 * features: 'river' | 'major-river' | 'strait' | 'border' | 'all-sea' | 'impassable' | any other (drawn dashed).
 */
export interface HexsideData {
  features: string[];
}

/** An off-map box (Atlantic box, force pool, turn track...), drawn as a panel beside the map. */
export interface BoxData {
  id: string;
  name: string;
  /** 'sea' | 'land' | 'pool' | 'track' | other. */
  kind?: string;
  /** Hexes or boxes this box lists (shown as text; a rule's reference). */
  connects?: string[];
  note?: string;
  /** Scenarios that use this box (absent: every scenario). */
  scenarios?: string[];
}

/** A polygon ring in map coordinates (same units as hex centres). */
export type Ring = [number, number][];

export interface MapData {
  grid: GridData;
  hexes: Record<string, HexData>;
  hexsides?: Record<string, HexsideData>;
  boxes?: BoxData[];
  /** Land polygons (coastlines); when absent, land hexes are filled whole. */
  land?: Ring[];
  /** Display names of countries, for tooltips: {ge: "Germany"}. */
  countries?: Record<string, { name: string; color?: string; start?: string }>;
  /**
   * The part of the map a scenario is played on, by scenario id: the hexes drawn for it (an empty list: no map for
   * that scenario). Scenarios not listed draw the whole map. A window draws land hexes whole (no coast polygons).
   */
  windows?: Record<string, string[]>;
}

/** A power (nation) that owns counters. `pattern` keeps nations apart without colour. */
export interface PowerData {
  name: string;
  side: string;
  /** Fill colour of its counters (CSS). */
  color: string;
  /** Text colour on the counter. */
  text?: string;
  /** Two- or three-letter code printed on every counter (colour-blind safe). */
  abbr?: string;
}

/** A unit type; `symbol` names the NATO symbol drawn ('armor' | 'infantry' | 'air' | 'fleet' | ...). */
export interface UnitTypeData {
  name: string;
  symbol: string;
  /** 'land' | 'air' | 'naval' | 'fort'. */
  domain?: string;
}

/** One counter of the sheet: static facts the view need not repeat. */
export interface CounterData {
  power: string;
  type: string;
  /** Designation printed on the counter ("4", "Home", "1T"). */
  name?: string;
  /** Factors of the full side, e.g. [4,3] or "4-3". */
  full?: number[] | string;
  /** Factors of the reduced side (absent: a one-sided counter). */
  reduced?: number[] | string;
}

export interface CounterManifest {
  powers: Record<string, PowerData>;
  types: Record<string, UnitTypeData>;
  /** Counters by unit id; the view's units are joined with these (view fields win). */
  units?: Record<string, CounterData>;
  /** Display colours of the sides, e.g. {axis: "#555", allies: "#2a5"}. */
  sides?: Record<string, { name: string; color?: string }>;
}

/** A note on data that is not from the rulebook (shown to players). */
export interface ReconstructedNote {
  /** What it concerns: "Combat Results Table", "map.hexes.2416"... */
  subject: string;
  text: string;
}

/** What `Ruleset.assets()` returns, as the client reads it. Every field optional. */
export interface BoardAssets {
  map?: MapData;
  counters?: CounterManifest;
  /** Charts to show as tables: {title, columns, rows}. */
  charts?: ChartData[];
  notes?: string[];
  reconstructed?: ReconstructedNote[];
  /** Labels of the turn track, index 0 = turn 1 ("Autumn 1939", ...). */
  turns?: string[];
  /** Where the view keeps its units when not at `units` (default: [{path: 'units'}]). */
  viewUnits?: ViewUnitsPath[];
  /** Dotted path of the control record in the view (default "control"). */
  viewControl?: string;
  /** Action fields naming units and places, when a rule set uses others than the defaults (picks.ts). */
  actionFields?: ActionFields;
}

/** Which action fields name the units an action is about and the place it leads to (in order of preference). */
export interface ActionFields {
  units?: string[];
  places?: string[];
}

/** One collection of units in the view: a list or an object keyed by id, at a dotted path ("land.units"). */
export interface ViewUnitsPath {
  path: string;
  /** Fields holding the unit's place, the first string wins (default ["where"]): e.g. ["hex", "where"]. */
  where?: string[];
  /** View field -> client field, e.g. {depleted: "reduced"}. */
  rename?: Record<string, string>;
  /** Numeric view fields printed as the factors, e.g. ["strength", "ma"]; `reducedFactors` for a reduced unit. */
  factors?: string[];
  reducedFactors?: string[];
  /** Factor fields for units of one type (after `rename`), instead of `factors`: e.g. {general: ["combat", "exploit"]}. */
  typeFactors?: Record<string, string[]>;
  /** Places of units with a true flag, e.g. {sunk: "sunk"}: a sunk ship is shown there, not where it went down. */
  placeIf?: Record<string, string>;
  /** Place of units whose place field is the empty string (not yet set up), e.g. "setup". */
  unplaced?: string;
}

/** A chart: a table ({columns, rows}), or any other JSON shown as a data tree ({data}). */
export interface ChartData {
  id: string;
  title: string;
  columns?: string[];
  rows?: (string | number)[][];
  data?: Json;
  reconstructed?: boolean;
}

/** A unit as the rule set's view shows it. */
export interface UnitView {
  id: string;
  /** A hex id of the map, a box id, or another place ("pool", "eliminated", "pool:ge"); non-hex places are panels. */
  where: string;
  side: string;
  power: string;
  type: string;
  /** Printed factors, e.g. [4,3] or "4-3". */
  factors?: number[] | string;
  reduced?: boolean;
  /** Ops Complete marker. */
  ops?: boolean;
  /** Designation printed on the counter ("4", "Home", "1T"). */
  name?: string;
  /** Unit carried by a fleet: the fleet's id. */
  aboard?: string;
  /** Hidden unit (only its side is known). */
  hidden?: boolean;
}

/** A marker on the map: control markers, the turn marker... */
export interface MarkerView {
  kind: string;
  where: string;
  side?: string;
  label?: string;
}

/** The parts of the rule set's view the map reads (view.state). */
export interface BoardView {
  units: UnitView[];
  markers: MarkerView[];
  /** Hex id -> controlling side, for hexes whose control differs from their country's owner. */
  control: Record<string, string>;
  /** Turn number (1-based) and label, when the view has `turn`. */
  turn?: { index: number; label: string };
  /** Phase text and active side, when the view has them. */
  phase?: string;
  activeSide?: string | null;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads the assets JSON. Besides the shapes above it accepts: boxes as an object keyed by id (with `hexes`/`boxes`
 * lists as `connects`), coast polygons at `map.render.coast`, hexsides keyed "AAAA|BBBB" with flags ({river: true}),
 * counters as `{counters: [{id, nationality, type, designation, full: {combat, movement}, reduced}]}`, and charts as an
 * object keyed by id.
 */
export function readAssets(raw: Json | undefined): BoardAssets {
  if (!isObj(raw)) return {};
  const out: BoardAssets = {};
  const m = raw.map;
  if (isObj(m) && isObj(m.grid) && isObj(m.hexes)) {
    const map = { ...m } as unknown as MapData;
    if (isObj(m.boxes)) {
      map.boxes = Object.entries(m.boxes).map(([id, b]) => {
        const box = { id, name: id, ...(b as object) } as BoxData & { hexes?: unknown; boxes?: unknown };
        if (!box.connects && (Array.isArray(box.hexes) || Array.isArray(box.boxes))) {
          box.connects = [...(Array.isArray(box.hexes) ? box.hexes : []), ...(Array.isArray(box.boxes) ? box.boxes : [])].map(String);
        }
        return box;
      });
    }
    if (isObj(m.hexsides)) {
      const hs: Record<string, HexsideData> = {};
      for (const [k, v] of Object.entries(m.hexsides)) {
        const f = hexsideFeatures(v);
        if (f.length) hs[k] = { features: f };
      }
      map.hexsides = hs;
    }
    if (!map.land && isObj(m.render) && Array.isArray(m.render.coast)) map.land = m.render.coast as unknown as Ring[];
    const hexes: Record<string, HexData> = {};
    for (const [k, h] of Object.entries(m.hexes)) {
      if (!isObj(h)) continue;
      const hex = { ...h } as unknown as HexData;
      if (h.terrain === null) delete hex.terrain;
      if (h.country === null) delete hex.country;
      hexes[k] = hex;
    }
    map.hexes = hexes;
    out.map = map;
  }
  const c = raw.counters;
  if (isObj(c) && isObj(c.powers)) out.counters = c as unknown as CounterManifest;
  else if (isObj(c) && Array.isArray(c.counters)) out.counters = countersFromList(c.counters, c);
  if (Array.isArray(raw.turns)) out.turns = raw.turns.map(String);
  if (Array.isArray(raw.charts)) out.charts = raw.charts as unknown as ChartData[];
  else if (isObj(raw.charts)) {
    out.charts = Object.entries(raw.charts).map(([id, v]) =>
      isObj(v) && Array.isArray(v.columns) && Array.isArray(v.rows)
        ? ({ id, title: String(v.title ?? id), ...v } as unknown as ChartData)
        : { id, title: isObj(v) && typeof v.title === 'string' ? v.title : id, data: v, reconstructed: JSON.stringify(v).includes('"reconstructed"') });
  }
  if (Array.isArray(raw.viewUnits)) out.viewUnits = raw.viewUnits.filter((v): v is Record<string, Json> => isObj(v) && typeof v.path === 'string') as unknown as ViewUnitsPath[];
  if (typeof raw.viewControl === 'string') out.viewControl = raw.viewControl;
  if (isObj(raw.actionFields)) {
    const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
    out.actionFields = { units: strs(raw.actionFields.units), places: strs(raw.actionFields.places) };
  }
  if (Array.isArray(raw.notes)) out.notes = raw.notes.map(String);
  if (Array.isArray(raw.reconstructed)) {
    out.reconstructed = raw.reconstructed.map((r) =>
      isObj(r) ? { subject: String(r.subject ?? r.id ?? ''), text: String(r.text ?? r.reason ?? '') } : { subject: '', text: String(r) });
  }
  return out;
}

/** Factors object {combat, asw?, movement} as printed numbers. */
function factorsOf(v: unknown): number[] | string | undefined {
  if (Array.isArray(v) || typeof v === 'string') return v as number[] | string;
  if (!isObj(v)) return undefined;
  return ['combat', 'asw', 'movement'].filter((k) => typeof v[k] === 'number').map((k) => v[k] as number);
}

/** A counter-sheet list ({id, nationality|power, type, designation|name, full, reduced}) as a manifest. */
function countersFromList(list: unknown[], raw: Record<string, unknown>): CounterManifest {
  const units: Record<string, CounterData> = {};
  const types: Record<string, UnitTypeData> = {};
  for (const x of list) {
    if (!isObj(x) || typeof x.id !== 'string') continue;
    const type = String(x.type ?? '');
    units[x.id] = {
      power: String(x.nationality ?? x.power ?? ''), type, name: typeof x.designation === 'string' ? x.designation : typeof x.name === 'string' ? x.name : undefined,
      full: factorsOf(x.full), reduced: x.steps === 1 ? undefined : factorsOf(x.reduced),
    };
    types[type] ??= { name: type.replace(/-/g, ' '), symbol: type };
  }
  return {
    powers: isObj(raw.powers) ? (raw.powers as unknown as Record<string, PowerData>) : {},
    types: isObj(raw.types) ? (raw.types as unknown as Record<string, UnitTypeData>) : types,
    units,
  };
}

/** A hexside value may be {features:[...]}, a list of features, one feature name, or {river:true, ...}. */
function hexsideFeatures(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string') return [v];
  if (isObj(v)) {
    if (Array.isArray(v.features)) return v.features.map(String);
    return Object.entries(v).filter(([, x]) => x === true).map(([k]) => k);
  }
  return [];
}

/**
 * Reads units and markers from a rule set's view; `units` may be a list or an object keyed by id. Fields a unit
 * lacks (power, type, side, factors, name) come from the counter manifest; side from the power's side.
 */
export function readBoardView(state: Json | undefined, assets: BoardAssets = {}): BoardView {
  const out: BoardView = { units: [], markers: [], control: {} };
  if (!isObj(state)) return out;
  const counters = assets.counters;
  const list: Record<string, unknown>[] = [];
  for (const vu of assets.viewUnits ?? [{ path: 'units' }]) {
    const u = atPath(state, vu.path);
    const xs: unknown[] = Array.isArray(u) ? u : isObj(u) ? Object.entries(u).map(([id, x]) => (isObj(x) ? { id, ...x } : x)) : [];
    for (const x of xs) {
      if (!isObj(x)) continue;
      const y: Record<string, unknown> = { ...x };
      for (const [from, to] of Object.entries(vu.rename ?? {})) if (from in x) { y[to] = x[from]; delete y[from]; }
      let where = (vu.where ?? ['where']).map((f) => x[f]).find((w) => typeof w === 'string');
      if (where === '' && vu.unplaced) where = vu.unplaced;
      for (const [flag, place] of Object.entries(vu.placeIf ?? {})) if (x[flag] === true) where = place;
      if (where !== undefined) y.where = where;
      const ff = vu.typeFactors?.[String(y.type)] ?? (y.reduced === true && vu.reducedFactors ? vu.reducedFactors : vu.factors);
      const nums = ff?.map((f) => x[f]);
      if (nums?.length && nums.every((n) => typeof n === 'number')) y.factors = nums;
      list.push(y);
    }
  }
  for (const x of list) {
    if (typeof x.id !== 'string' || typeof x.where !== 'string') continue;
    const c = counters?.units?.[x.id];
    const unit = { ...x } as unknown as UnitView;
    if (c) {
      unit.power ??= c.power;
      unit.type ??= c.type;
      unit.name ??= c.name;
      unit.factors ??= unit.reduced && c.reduced !== undefined ? c.reduced : c.full;
    }
    unit.power ??= '';
    unit.type ??= '';
    unit.side ??= counters?.powers[unit.power]?.side ?? controllerOf(state, unit.power) ?? '';
    out.units.push(unit);
  }
  if (Array.isArray(state.markers)) {
    for (const m of state.markers) if (isObj(m) && typeof m.where === 'string') out.markers.push(m as unknown as MarkerView);
  }
  const control = atPath(state, assets.viewControl ?? 'control');
  if (isObj(control)) for (const [h, s] of Object.entries(control)) if (typeof s === 'string') out.control[h] = s;
  const t = state.turn;
  if (typeof t === 'number') out.turn = { index: t, label: assets.turns?.[t - 1] ?? `Turn ${t}` };
  else if (isObj(t) && typeof t.index === 'number') out.turn = { index: t.index, label: String(t.label ?? `Turn ${t.index}`) };
  if (typeof state.phase === 'string') out.phase = state.phase;
  if (typeof state.activeSide === 'string' || state.activeSide === null) out.activeSide = state.activeSide as string | null;
  return out;
}

/** The value at a dotted path ("land.units") of a view. */
function atPath(v: unknown, path: string): unknown {
  for (const k of path.split('.')) v = isObj(v) ? v[k] : undefined;
  return v;
}

/**
 * The assets with the map cut to a scenario's window (MapData.windows): only the window's hexes and the hexsides
 * between them, no coast polygons; for an empty window no hexes, and no map at all unless the scenario has boxes.
 * Boxes of other scenarios are dropped. Scenarios without a window keep the whole map.
 */
export function windowAssets(assets: BoardAssets, scenario: string | undefined): BoardAssets {
  let map = assets.map;
  if (map?.boxes?.some((b) => b.scenarios)) {
    map = { ...map, boxes: map.boxes.filter((b) => !b.scenarios || (scenario !== undefined && b.scenarios.includes(scenario))) };
  }
  const win = scenario !== undefined ? map?.windows?.[scenario] : undefined;
  if (!map || !win) return map === assets.map ? assets : { ...assets, map };
  if (!win.length) {
    if (!map.boxes?.length) return { ...assets, map: undefined };
    const { land: _l, windows: _ws, ...bare } = map;
    return { ...assets, map: { ...bare, hexes: {}, hexsides: {} } };
  }
  const keep = new Set(win.filter((h) => map.hexes[h]));
  const hexes: Record<string, HexData> = {};
  for (const h of keep) hexes[h] = map.hexes[h]!;
  const hexsides: Record<string, HexsideData> = {};
  for (const [k, v] of Object.entries(map.hexsides ?? {})) {
    const ab = splitHexside(k);
    if (ab && keep.has(ab[0]) && keep.has(ab[1])) hexsides[k] = v;
  }
  const { land: _land, windows: _w, ...rest } = map;
  return { ...assets, map: { ...rest, hexes, hexsides } };
}

/** The side controlling a power, when the view has `countries: {[power]: {controller}}`. */
function controllerOf(state: Record<string, unknown>, power: string): string | undefined {
  const c = isObj(state.countries) ? state.countries[power] : undefined;
  return isObj(c) && typeof c.controller === 'string' ? c.controller : undefined;
}

/** Factors as printed: "4-3". */
export function factorText(f: UnitView['factors']): string {
  if (f === undefined) return '';
  return Array.isArray(f) ? f.join('-') : String(f);
}

/** Hexside key of two hexes, order-free. */
export function hexsideKey(a: string, b: string): string {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

/** Splits a hexside key "AAAA/BBBB" or "AAAA-BBBB"; null when it is not two ids. */
export function splitHexside(key: string): [string, string] | null {
  const parts = key.split(/[/|-]/);
  return parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : null;
}
