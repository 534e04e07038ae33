// TRANSITIONAL (issue #18): the old untyped path for rule sets whose `assets()` do not yet follow the board contract
// (src/engine/board.ts AssetsSchema: a `board` field) or whose choices carry no `refs`. It turns their assets, view and
// actions into the contract's shapes, so every screen draws only typed data. Delete this file, and its one caller
// (nav.ts loadAssets), once 2WW and ETO conform and Ruleset.assets() is typed `Assets`.
import type { Assets, Board, BoardView, Chart, CounterManifest, PieceView } from '../../engine/board.ts';
import type { Action, ChoiceRefs, Json } from '../../engine/types.ts';

const isObj = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Where an old-style view keeps units (an ETO asset field), and how to read them. */
interface ViewUnitsPath {
  path: string;
  where?: string[];
  rename?: Record<string, string>;
  factors?: string[];
  reducedFactors?: string[];
  typeFactors?: Record<string, string[]>;
  placeIf?: Record<string, string>;
  unplaced?: string;
}

/** How to read one old-style rule set's view and actions. */
export interface LegacyReader {
  boardView(state: Json | undefined): BoardView;
  /** What an action points at, from its fields (the old guess). */
  refs(action: Action): ChoiceRefs | undefined;
}

/** Fields read as "the place an action goes to" and "the units it is about", in order of preference. */
const DEST_FIELDS = ['to', 'hex', 'target', 'at', 'where', 'box', 'dest', 'destination'];
const UNIT_FIELDS = ['unit', 'units'];

/** Old assets in the contract's shape, with the reader of their view; null when `raw` already conforms. */
export function readLegacy(raw: unknown): { assets: Assets; reader: LegacyReader } | null {
  const r: Record<string, any> = isObj(raw) ? raw : {};
  if (isObj(r.board)) return null;
  const board: Board = {};
  const starts: Record<string, string> = {};
  const m: any = r.map;
  if (isObj(m) && isObj(m.grid) && isObj(m.hexes)) {
    const hexes: NonNullable<Board['hex']>['hexes'] = {};
    for (const [k, h] of Object.entries(m.hexes)) {
      if (!isObj(h)) continue;
      const kind = ['land', 'coastal', 'sea', 'lake'].includes(h.kind) ? h.kind : 'land';
      hexes[k] = {
        kind, ...(typeof h.terrain === 'string' ? { terrain: h.terrain } : {}), ...(typeof h.country === 'string' ? { country: h.country } : {}),
        ...(isObj(h.city) ? { city: h.city as never } : {}), ...(typeof h.label === 'string' ? { label: h.label } : {}),
      };
    }
    const hexsides: Record<string, { features: string[] }> = {};
    for (const [k, v] of Object.entries(isObj(m.hexsides) ? m.hexsides : {})) {
      const f = hexsideFeatures(v);
      const ab = k.split(/[/|-]/);
      if (f.length && ab.length === 2) hexsides[ab[0]! < ab[1]! ? `${ab[0]}/${ab[1]}` : `${ab[1]}/${ab[0]}`] = { features: f };
    }
    const land = Array.isArray(m.land) ? m.land : isObj(m.render) && Array.isArray(m.render.coast) ? m.render.coast : undefined;
    const g = m.grid;
    const sheets = Array.isArray(g.sheets) && g.sheets.length ? g.sheets : [{
      prefix: g.prefix ?? '', cols: g.cols ?? span(Object.keys(hexes), 'col'), rows: g.rows ?? span(Object.keys(hexes), 'row'),
      offset: g.offset, ...(g.colDigits ? { colDigits: g.colDigits } : {}), ...(g.rowDigits ? { rowDigits: g.rowDigits } : {}),
    }];
    board.hex = { sheets, hexes, hexsides, ...(land ? { land } : {}) };
    if (isObj(m.windows)) board.windows = m.windows;
  }
  if (isObj(m)) {
    const boxes = Array.isArray(m.boxes) ? m.boxes : isObj(m.boxes) ? Object.entries(m.boxes).map(([id, b]) => ({ id, ...(b as object) })) : [];
    board.boxes = boxes.filter(isObj).map((b) => {
      const connects = b.connects ?? (Array.isArray(b.hexes) || Array.isArray(b.boxes) ? [...(b.hexes ?? []), ...(b.boxes ?? [])].map(String) : undefined);
      return {
        id: String(b.id), name: String(b.name ?? b.id), ...(typeof b.kind === 'string' ? { kind: b.kind } : {}),
        ...(connects?.length ? { connects } : {}), ...(typeof b.note === 'string' ? { note: b.note } : {}),
        ...(Array.isArray(b.scenarios) ? { scenarios: b.scenarios } : {}),
      };
    });
    if (isObj(m.countries)) {
      board.countries = {};
      for (const [k, c] of Object.entries(m.countries)) {
        if (!isObj(c)) continue;
        board.countries[k] = { name: String(c.name ?? k), ...(typeof c.color === 'string' ? { color: c.color } : {}) };
        if (typeof c.start === 'string') starts[k] = c.start;
      }
    }
  }
  const assets: Assets = { board };
  const c = r.counters;
  if (isObj(c) && isObj(c.powers)) assets.counters = c as CounterManifest;
  else if (isObj(c) && Array.isArray(c.counters)) assets.counters = countersFromList(c.counters, c);
  if (Array.isArray(r.turns)) assets.turns = r.turns.map(String);
  if (Array.isArray(r.charts)) assets.charts = r.charts.filter((x: any) => isObj(x) && Array.isArray(x.columns)) as Chart[];
  else if (isObj(r.charts)) assets.charts = Object.entries(r.charts).flatMap(([id, v]) => chartTables(id, v));
  if (Array.isArray(r.notes)) assets.notes = r.notes.map(String);
  if (Array.isArray(r.reconstructed)) {
    assets.reconstructed = r.reconstructed.map((x: any) => isObj(x) ? { subject: String(x.subject ?? x.id ?? ''), text: String(x.text ?? x.reason ?? '') } : { subject: '', text: String(x) });
  }
  const viewUnits: ViewUnitsPath[] = Array.isArray(r.viewUnits) ? r.viewUnits.filter((v: any) => isObj(v) && typeof v.path === 'string') : [{ path: 'units' }];
  const viewControl = typeof r.viewControl === 'string' ? r.viewControl : 'control';
  const units = isObj(r.actionFields) && Array.isArray(r.actionFields.units) ? r.actionFields.units.map(String) : UNIT_FIELDS;
  const places = isObj(r.actionFields) && Array.isArray(r.actionFields.places) ? r.actionFields.places.map(String) : DEST_FIELDS;
  const isPlace = (s: string) => !!(board.hex?.hexes[s] || board.boxes?.some((b) => b.id === s));
  return {
    assets,
    reader: {
      boardView: (state) => readBoardView(state, assets, viewUnits, viewControl, starts, board),
      refs(action) {
        const u: string[] = [];
        for (const f of units) {
          const v = action[f];
          if (typeof v === 'string') u.push(v);
          else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') u.push(x);
        }
        const place = places.map((f) => action[f]).find((v): v is string => typeof v === 'string' && isPlace(v));
        if (!u.length && !place) return undefined;
        return { ...(u.length ? { units: u } : {}), ...(place ? { place } : {}) };
      },
    },
  };
}

function span(ids: string[], which: 'col' | 'row'): [number, number] {
  const ns = ids.filter((id) => /^\d{4}$/.test(id)).map((id) => Number(which === 'col' ? id.slice(0, 2) : id.slice(2)));
  return ns.length ? [Math.min(...ns), Math.max(...ns)] : [1, 1];
}

function hexsideFeatures(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string') return [v];
  if (isObj(v)) return Array.isArray(v.features) ? v.features.map(String) : Object.entries(v).filter(([, x]) => x === true).map(([k]) => k);
  return [];
}

function factorsOf(v: unknown): number[] | string | undefined {
  if (Array.isArray(v) || typeof v === 'string') return v as number[] | string;
  if (!isObj(v)) return undefined;
  return ['combat', 'asw', 'movement'].filter((k) => typeof v[k] === 'number').map((k) => v[k] as number);
}

function countersFromList(list: unknown[], raw: Record<string, any>): CounterManifest {
  const units: NonNullable<CounterManifest['units']> = {};
  const types: CounterManifest['types'] = {};
  for (const x of list) {
    if (!isObj(x) || typeof x.id !== 'string') continue;
    const type = String(x.type ?? '');
    const full = factorsOf(x.full), reduced = x.steps === 1 ? undefined : factorsOf(x.reduced);
    const name = typeof x.designation === 'string' ? x.designation : typeof x.name === 'string' ? x.name : undefined;
    units[x.id] = { power: String(x.nationality ?? x.power ?? ''), type, ...(name ? { name } : {}), ...(full ? { full } : {}), ...(reduced ? { reduced } : {}) };
    types[type] ??= { name: type.replace(/-/g, ' '), symbol: type };
  }
  return { powers: isObj(raw.powers) ? raw.powers : {}, types: isObj(raw.types) ? raw.types : types, units };
}

/** An old chart object as tables: each list of records one table, the remaining figures one table of two columns. */
function chartTables(id: string, v: unknown): Chart[] {
  const title = isObj(v) && typeof v.title === 'string' ? v.title : id.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
  const reconstructed = JSON.stringify(v).includes('"reconstructed"');
  if (!isObj(v)) return [];
  if (Array.isArray(v.columns) && Array.isArray(v.rows)) return [{ id, title, columns: v.columns.map(String), rows: v.rows, reconstructed }];
  const out: Chart[] = [];
  const pairs: (string | number)[][] = [];
  const cell = (x: unknown): string | number => typeof x === 'number' ? x : typeof x === 'string' ? x : typeof x === 'boolean' ? (x ? 'yes' : 'no')
    : x === null || x === undefined ? '' : isObj(x) && 'value' in x ? cell(x.value) : Array.isArray(x) && x.every((y) => !isObj(y)) ? x.join(', ') : '…';
  for (const [k, x] of Object.entries(v)) {
    if (k === 'format' || k === 'provenance' || k.endsWith('Provenance')) continue;
    if (Array.isArray(x) && x.length && x.every(isObj)) {
      const cols = [...new Set(x.flatMap((r) => Object.keys(r).filter((c) => c !== 'provenance' && !isObj(r[c]))))];
      out.push({ id: `${id}.${k}`, title: `${title}: ${k}`, columns: cols, rows: x.map((r) => cols.map((c) => cell(r[c]))), reconstructed });
    } else if (!isObj(x) || 'value' in x) pairs.push([k, cell(x)]);
  }
  if (pairs.length) out.unshift({ id, title, columns: ['', ''], rows: pairs, reconstructed });
  return out;
}

function atPath(v: unknown, path: string): unknown {
  for (const k of path.split('.')) v = isObj(v) ? v[k] : undefined;
  return v;
}

function readBoardView(raw: Json | undefined, assets: Assets, viewUnits: ViewUnitsPath[], viewControl: string,
  starts: Record<string, string>, board: Board): BoardView {
  const out: BoardView = { pieces: [], markers: [], control: {} };
  if (!isObj(raw)) return out;
  const state: Record<string, any> = raw;
  const counters = assets.counters;
  for (const vu of viewUnits) {
    const u = atPath(state, vu.path);
    const xs: unknown[] = Array.isArray(u) ? u : isObj(u) ? Object.entries(u).map(([id, x]) => (isObj(x) ? { id, ...x } : x)) : [];
    for (const x of xs) {
      if (!isObj(x) || typeof x.id !== 'string') continue;
      const y: Record<string, any> = { ...x };
      for (const [from, to] of Object.entries(vu.rename ?? {})) if (from in x) { y[to] = x[from]; delete y[from]; }
      let where = (vu.where ?? ['where']).map((f) => x[f]).find((w) => typeof w === 'string') as string | undefined;
      if (where === '' && vu.unplaced) where = vu.unplaced;
      for (const [flag, place] of Object.entries(vu.placeIf ?? {})) if (x[flag] === true) where = place;
      if (where === undefined) continue;
      const ff = vu.typeFactors?.[String(y.type)] ?? (y.reduced === true && vu.reducedFactors ? vu.reducedFactors : vu.factors);
      const nums = ff?.map((f) => x[f]);
      const c = counters?.units?.[x.id];
      const power = typeof y.power === 'string' ? y.power : c?.power ?? '';
      const p: PieceView = {
        id: x.id, where, power, type: typeof y.type === 'string' ? y.type : c?.type ?? '',
        side: typeof y.side === 'string' ? y.side : counters?.powers[power]?.side ?? controllerOf(state, power) ?? '',
      };
      const name = typeof y.name === 'string' ? y.name : c?.name;
      if (name) p.name = name;
      if (nums?.length && nums.every((n) => typeof n === 'number')) p.factors = nums as number[];
      else if (Array.isArray(y.factors) || typeof y.factors === 'string') p.factors = y.factors;
      if (y.reduced === true) p.reduced = true;
      if (typeof y.aboard === 'string') p.aboard = y.aboard;
      if (y.hidden === true) p.hidden = true;
      if (y.ops === true) p.marks = ['ops-complete'];
      out.pieces.push(p);
    }
  }
  if (Array.isArray(state.markers)) for (const mk of state.markers) if (isObj(mk) && typeof mk.where === 'string') out.markers.push(mk as never);
  const control = atPath(state, viewControl);
  if (isObj(control)) {
    for (const [h, s] of Object.entries(control)) {
      if (typeof s !== 'string') continue;
      const country = board.hex?.hexes[h]?.country;
      if (country && starts[country] === s) continue;
      out.control[h] = s;
    }
  }
  const t = state.turn;
  if (typeof t === 'number') out.turn = { index: t, label: assets.turns?.[t - 1] ?? `Turn ${t}` };
  else if (isObj(t) && typeof t.index === 'number') out.turn = { index: t.index, label: String(t.label ?? `Turn ${t.index}`) };
  if (typeof state.phase === 'string') out.phase = state.phase;
  if (typeof state.activeSide === 'string' || state.activeSide === null) out.activeSide = state.activeSide as string | null;
  return out;
}

function controllerOf(state: Record<string, any>, power: string): string | undefined {
  const c = isObj(state.countries) ? state.countries[power] : undefined;
  return isObj(c) && typeof c.controller === 'string' ? c.controller : undefined;
}
