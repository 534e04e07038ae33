// The board as the client draws it: the contract's typed assets (src/engine/board.ts AssetsSchema) and a seat's
// BoardView. Helpers name places and pieces for people; nothing here reads a rule set's view or action fields.
import type { Assets, Board, BoardView, CounterManifest, HoldingView, PieceView } from '../../engine/board.ts';

export type { Assets, Board, BoardView, CounterManifest, HoldingView, PieceView };
export type { MarkerView, Chart, BoardArea, BoardHex } from '../../engine/board.ts';

export const EMPTY_BOARD: BoardView = { pieces: [], markers: [], control: {} };

/** Names of places that are not on the board (force pools, eliminated units...), for panels. */
const PSEUDO_PLACES: Record<string, string> = {
  pool: 'Force pool', eliminated: 'Eliminated', removed: 'Removed from play', future: 'Arriving later',
  setup: 'To set up', 'force-pool': 'Force pool', replenishment: 'Replenishment', sunk: 'Sunk',
};

/**
 * The assets cut to a scenario's window (`board.windows`): only the window's hexes, areas and the hexsides between
 * them, no coast polygons; boxes of other scenarios dropped. Scenarios without a window keep the whole board.
 */
export function windowAssets(assets: Assets, scenario: string | undefined): Assets {
  let board = assets.board;
  if (board.boxes?.some((b) => b.scenarios)) {
    board = { ...board, boxes: board.boxes.filter((b) => !b.scenarios || (scenario !== undefined && b.scenarios.includes(scenario))) };
  }
  const win = scenario !== undefined ? board.windows?.[scenario] : undefined;
  if (!win) return board === assets.board ? assets : { ...assets, board };
  const keep = new Set(win);
  const out: Board = { ...board };
  delete out.windows;
  if (board.hex) {
    const hexes = Object.fromEntries(Object.entries(board.hex.hexes).filter(([id]) => keep.has(id)));
    const hexsides = Object.fromEntries(Object.entries(board.hex.hexsides ?? {}).filter(([k]) => {
      const ab = splitHexside(k);
      return !!ab && keep.has(ab[0]) && keep.has(ab[1]);
    }));
    const { land: _land, ...rest } = board.hex;
    out.hex = Object.keys(hexes).length ? { ...rest, hexes, hexsides } : undefined;
    if (!out.hex) delete out.hex;
  }
  if (board.areas) out.areas = Object.fromEntries(Object.entries(board.areas).filter(([id]) => keep.has(id)));
  return { ...assets, board: out };
}

/** Whether the board draws anything on a map (hexes or areas); boxes alone are panels. */
export function hasMap(board: Board): boolean {
  return !!(board.hex && Object.keys(board.hex.hexes).length) || !!(board.areas && Object.keys(board.areas).length);
}

/** The name a player reads for a place: "2406 Lublin" for a hex with a city, an area's or a box's name. */
export function placeLabel(assets: Assets | null | undefined, id: string): string {
  const b = assets?.board;
  const h = b?.hex?.hexes[id];
  if (h) {
    const n = h.city?.name ?? h.label;
    return n ? `${id} ${n}` : id;
  }
  const a = b?.areas?.[id];
  if (a) return a.name;
  const box = b?.boxes?.find((x) => x.id === id);
  if (box) return box.name;
  return PSEUDO_PLACES[id] ?? id;
}

/** Only the name (a city, an area, a box), or null when the place has none beyond its id. */
export function placeName(assets: Assets | null | undefined, id: string): string | null {
  const b = assets?.board;
  const h = b?.hex?.hexes[id];
  if (h) return h.city?.name ?? h.label ?? null;
  return b?.areas?.[id]?.name ?? b?.boxes?.find((x) => x.id === id)?.name ?? PSEUDO_PLACES[id] ?? null;
}

const hexNames = new WeakMap<Assets, Map<string, string>>();

/**
 * A rule set's text with the named hexes it cites by id named too ("Attack on W3321" -> "Attack on W3321 Bastogne",
 * "moves 2206 > 2106" -> "moves 2206 Breslau > 2106 Berlin"), as the choices name them. Ids of four characters or more;
 * the war's years (1930-1949) are years, never hexes; an id already followed by its name, or in brackets after it
 * ("Bastogne (W3321)"), is left.
 */
export function nameHexesIn(assets: Assets | null | undefined, text: string): string {
  const hexes = assets?.board.hex?.hexes;
  if (!assets || !hexes) return text;
  let named = hexNames.get(assets);
  if (!named) {
    named = new Map();
    for (const [id, h] of Object.entries(hexes)) {
      const n = h.city?.name ?? h.label;
      if (n && id.length >= 4 && !/\s/.test(id) && !/^19[34]\d$/.test(id)) named.set(id, n);
    }
    hexNames.set(assets, named);
  }
  if (!named.size) return text;
  return text.replace(/[A-Za-z0-9]+/g, (tok, at: number) => {
    const n = named.get(tok);
    if (!n || text[at - 1] === '(' || text.startsWith(` ${n}`, at + tok.length)) return tok;
    return `${tok} ${n}`;
  });
}

/** Whether a place is drawn on the map (a hex or an area of the board). */
export function onMap(assets: Assets | null | undefined, id: string): boolean {
  const b = assets?.board;
  return !!(b?.hex?.hexes[id] || b?.areas?.[id]);
}

/** Printed factors of a piece: the view's, else the manifest's side that is up. */
export function pieceFactors(p: PieceView, counters: CounterManifest | undefined): number[] | string | undefined {
  if (p.factors !== undefined) return p.factors;
  const c = counters?.units?.[p.id];
  if (!c) return undefined;
  return p.reduced && c.reduced !== undefined ? c.reduced : c.full;
}

/** Factors as printed: "4-3". */
export function factorText(f: number[] | string | undefined): string {
  if (f === undefined) return '';
  return Array.isArray(f) ? f.join('-') : String(f);
}

/** A piece as a player names it: "GE 4th infantry" (power, designation, type), with "3 ×" for a stack of several. */
export function pieceName(p: PieceView, counters: CounterManifest | undefined): string {
  if (p.hidden) return `${sideName(counters, p.side)} unit`;
  const power = counters?.powers[p.power];
  const abbr = power?.abbr ?? p.power.toUpperCase();
  const type = counters?.types[p.type]?.name ?? p.type;
  const printed = counters?.units?.[p.id];
  // A name the view gives other than the counter's printed designation is the unit's own ("Kriegsmarine", "German
  // transport (1 STP)"): the rules' choices and log call it so.
  if (p.name && printed && p.name !== printed.name) return `${(p.count ?? 1) > 1 ? `${p.count} × ` : ''}${p.name}`;
  let name = p.name ?? printed?.name;
  // A designation the type's name already says ("Surface" of a surface fleet) is not said twice.
  if (name && type.toLowerCase().split(' ')[0] === name.toLowerCase()) name = undefined;
  const n = (p.count ?? 1) > 1 ? `${p.count} × ` : '';
  // A designation that says the type is the unit's whole name ("German paratroops", "General Guderian"), as the rule
  // set's own choices and log name it.
  if (name && name.length > type.length && name.toLowerCase().includes(type.toLowerCase())) return `${n}${name}`;
  // A ship or fleet with a name of its own ("Bismarck", "Prince of Wales", "Kriegsmarine") is called by it, as the rules
  // call it; a designation that is a word of the type ("Fleet" of a surface fleet) is not such a name.
  const naval = counters?.types[p.type]?.domain === 'naval';
  if (naval && name && /^[A-Z]/.test(name) && /[a-z]{2}/.test(name) && !type.toLowerCase().split(/\W+/).includes(name.toLowerCase())) return `${n}${name}`;
  return `${n}${abbr} ${name ? `${name} ` : ''}${type}`.replace(/\s+/g, ' ').trim();
}

/** Characters of a designation that fit beside the power's code at the face's font; a longer one is squeezed. */
export const FACE_CHARS = 8;

/**
 * What a counter's face prints of a designation: a unit's whole name ("German fighter 4*-4/3", "General Guderian",
 * "Volksgrenadier infantry") loses the words the face already shows (the nation, the type, the factors), so it stays
 * within the counter instead of running over the next hex; what is left is squeezed to the counter's width.
 */
export function faceDesignation(name: string | undefined, typeName: string | undefined, powerName: string | undefined): string | undefined {
  if (!name || name.length <= FACE_CHARS) return name;
  const typeWords = new Set((typeName ?? '').toLowerCase().split(/\W+/).filter(Boolean));
  const nation = (powerName ?? '').toLowerCase().slice(0, 4);
  const left = name.split(/\s+/).filter((w) => {
    const l = w.toLowerCase();
    return !typeWords.has(l) && !/^[\d*/-]+$/.test(w) && !(nation.length === 4 && l.startsWith(nation));
  }).join(' ');
  return left ? left.slice(0, 16) : undefined;
}

/** A side's display name ("Axis"), from the manifest's sides, else the id capitalised. */
export function sideName(counters: CounterManifest | undefined, side: string): string {
  return counters?.sides?.[side]?.name ?? (side ? side[0]!.toUpperCase() + side.slice(1) : side);
}

/** A seat as players read it ("ussr" -> "Soviet Union"): the manifest's power or side, the board's country, else capitalised. */
export function seatLabel(assets: Assets | null | undefined, seat: string): string {
  const c = assets?.counters;
  return c?.powers[seat]?.name ?? c?.sides?.[seat]?.name ?? assets?.board.countries?.[seat]?.name ?? (seat ? seat[0]!.toUpperCase() + seat.slice(1) : seat);
}

/** The colour of a side or power controlling a place (manifest), for shading areas and markers. */
export function controllerColor(counters: CounterManifest | undefined, who: string): string | undefined {
  return counters?.powers[who]?.color ?? counters?.sides?.[who]?.color;
}

/** Readable words of a status mark ("out-of-supply" -> "out of supply"). */
export function markText(m: string): string {
  return m.replace(/-/g, ' ');
}

/** Hexside key of two hexes, order-free. */
export function hexsideKey(a: string, b: string): string {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

/** Splits a hexside key "AAAA/BBBB"; null when it is not two ids. */
export function splitHexside(key: string): [string, string] | null {
  const parts = key.split('/');
  return parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : null;
}

/** Pieces by place, carried pieces left out (they are listed with their carrier). */
export function piecesByPlace(board: BoardView): Map<string, PieceView[]> {
  const m = new Map<string, PieceView[]>();
  for (const p of board.pieces) {
    if (p.aboard) continue;
    let l = m.get(p.where);
    if (!l) m.set(p.where, (l = []));
    l.push(p);
  }
  return m;
}
