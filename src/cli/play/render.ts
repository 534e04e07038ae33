// Text for the terminal: colours (only on a TTY), events with dice and combat arithmetic, the seat's view.
import type { GameEvent, Json } from '../../engine/index.ts';

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  seat(s: string): string;
  rule(s: string): string;
  die(s: string): string;
  error(s: string): string;
  good(s: string): string;
  heading(s: string): string;
}

const ansi = (code: string) => (s: string) => `\x1b[${code}m${s}\x1b[0m`;

export function makeStyle(colour: boolean): Style {
  if (!colour) {
    const id = (s: string) => s;
    return { bold: id, dim: id, seat: id, rule: id, die: id, error: id, good: id, heading: id };
  }
  return {
    bold: ansi('1'), dim: ansi('2'), seat: ansi('1;36'), rule: ansi('33'), die: ansi('1;35'),
    error: ansi('1;31'), good: ansi('1;32'), heading: ansi('1;34'),
  };
}

/** Visible width of a string (ANSI codes do not count). */
export function visibleLength(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;]*m/g, '').length;
}

/** Lay items out in as many columns as fit the width, reading down each column. */
export function columns(items: string[], width: number, indent = '  '): string[] {
  if (!items.length) return [];
  const w = Math.max(...items.map(visibleLength)) + 3;
  const cols = Math.max(1, Math.min(items.length, Math.floor((width - indent.length) / w)));
  if (cols === 1) return items.map((i) => indent + i);
  const rows = Math.ceil(items.length / cols);
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = indent;
    for (let c = 0; c < cols; c++) {
      const item = items[c * rows + r];
      if (item === undefined) continue;
      const last = c === cols - 1 || (c + 1) * rows + r >= items.length;
      line += last ? item : item + ' '.repeat(w - visibleLength(item));
    }
    out.push(line.trimEnd());
  }
  return out;
}

function scalar(v: Json): string {
  if (v === null) return '-';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(scalar).join(',');
  return Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => `${k} ${scalar(x)}`).join(' ');
}

function hasNumber(v: Json): boolean {
  if (typeof v === 'number') return true;
  if (v && typeof v === 'object') return (Array.isArray(v) ? v : Object.values(v)).some(hasNumber);
  return false;
}

/**
 * An event's structured data as one line of arithmetic ("strengths: attacker 12, defender 6; die: attacker 4...").
 * Only data with figures is worth a line; {unit, from, to} repeats the event text.
 */
export function dataLine(data: Json | undefined): string | null {
  if (data === undefined || data === null || !hasNumber(data)) return null;
  if (typeof data !== 'object' || Array.isArray(data)) return scalar(data);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (v === null || v === undefined) continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = Object.entries(v).filter(([, x]) => x !== null).map(([ik, x]) => `${ik} ${scalar(x)}`).join(', ');
      if (inner) parts.push(`${k}: ${inner}`);
    } else {
      parts.push(`${k} ${scalar(v)}`);
    }
  }
  return parts.join('; ');
}

const isFlatRecord = (v: Json | undefined): v is Record<string, Json> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => x === null || typeof x !== 'object' || Array.isArray(x));

/**
 * A combat's arithmetic as a small table when its data allows: fields that are records with the same keys
 * ({strengths: {attacker, defender}, die: {attacker, defender}} or {attacker: {strength, die}, defender: {...}})
 * become rows and columns, the smaller side across. Anything else: one line (wrapped).
 */
export function dataLines(data: Json | undefined, width: number): string[] {
  const line = dataLine(data);
  if (line === null) return [];
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [line];
  const bySig = new Map<string, string[]>();
  for (const [k, v] of Object.entries(data)) {
    if (!isFlatRecord(v) || !Object.keys(v).length) continue;
    const sig = Object.keys(v).sort().join('|');
    bySig.set(sig, [...(bySig.get(sig) ?? []), k]);
  }
  const best = [...bySig.values()].sort((x, y) => y.length - x.length)[0];
  if (!best || best.length < 2) return wrap(line, width, '  ');
  const inner = Object.keys(data[best[0]!] as Record<string, Json>);
  // Columns: the smaller dimension (usually the two sides).
  const across = inner.length <= best.length ? inner : best;
  const down = across === inner ? best : inner;
  const cell = (row: string, col: string) => {
    const [outer, key] = across === inner ? [row, col] : [col, row];
    const v = (data[outer] as Record<string, Json>)[key];
    return v === null || v === undefined ? '-' : scalar(v);
  };
  const w0 = Math.max(...down.map((r) => r.length));
  const ws = across.map((c) => Math.max(c.length, ...down.map((r) => cell(r, c).length)));
  const rows = [' '.repeat(w0) + across.map((c, i) => '  ' + c.padEnd(ws[i]!)).join('').trimEnd()];
  for (const r of down) rows.push(r.padEnd(w0) + across.map((c, i) => '  ' + cell(r, c).padEnd(ws[i]!)).join('').trimEnd());
  const rest = Object.fromEntries(Object.entries(data).filter(([k]) => !best.includes(k)));
  const tail = Object.keys(rest).length ? dataLine(rest as Json) ?? Object.entries(rest).filter(([, v]) => v !== null).map(([k, v]) => `${k} ${scalar(v)}`).join('; ') : '';
  if (tail) rows.push(...wrap(tail, width, '  '));
  return rows;
}

/** Break plain text into lines of at most `width` characters at spaces; later lines get `indent`. */
export function wrap(text: string, width: number, indent: string): string[] {
  const lead = /^ */.exec(text)![0];
  const out: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(' ')) {
    if (line.trim() && line.length + 1 + word.length > width) {
      out.push(line);
      line = indent + word;
    } else line = line.trim() ? `${line} ${word}` : line + word;
  }
  out.push(line);
  return out;
}

/** One event: a die shows its faces, purpose and rule; a logged event its text, rule and arithmetic. */
export function eventLines(e: GameEvent, st: Style, indent = '  ', width = 100): string[] {
  const rule = e.rule ? ' ' + st.rule(`[${e.rule}]`) : '';
  if (e.roll) {
    const r = e.roll;
    const faces = r.faces.join('+') + (r.count > 1 ? `=${r.total}` : '');
    return [`${indent}${st.die(`${r.count}d${r.sides}: ${faces}`)}  ${r.purpose}${rule}${r.forced ? st.dim(' (forced)') : ''}`];
  }
  const lines = wrap(`${indent}${e.text}`, width, indent + '  ');
  if (e.rule) {
    const last = lines.length - 1;
    if (lines[last]!.length + e.rule.length + 3 <= width) lines[last] += rule;
    else lines.push(`${indent}  ${st.rule(`[${e.rule}]`)}`);
  }
  for (const l of dataLines(e.data, width - indent.length - 4)) lines.push(st.dim(`${indent}    ${l}`));
  return lines;
}

/** Names of places from a rule set's assets (the board contract, src/engine/board.ts): city names, boxes, areas. */
export function placeNames(assets: Json | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const board = (assets as any)?.board;
  if (!board || typeof board !== 'object') return out;
  for (const [id, h] of Object.entries((board.hex?.hexes ?? {}) as Record<string, any>)) if (typeof h?.city?.name === 'string') out.set(id, h.city.name);
  for (const [id, a] of Object.entries((board.areas ?? {}) as Record<string, any>)) if (typeof a?.name === 'string') out.set(id, a.name);
  for (const b of (Array.isArray(board.boxes) ? board.boxes : []) as any[]) if (typeof b?.id === 'string' && typeof b.name === 'string') out.set(b.id, b.name);
  return out;
}

export interface CounterInfo {
  name?: string;
  factors?: { full: string; reduced?: string };
}

/** Counter names and factors from a rule set's counter manifest (the board contract, src/engine/board.ts). */
export function counterInfo(assets: Json | undefined): Map<string, CounterInfo> {
  const out = new Map<string, CounterInfo>();
  const units = (assets as any)?.counters?.units;
  if (!units || typeof units !== 'object') return out;
  const f = (x: unknown) => (Array.isArray(x) ? x.join('-') : typeof x === 'string' ? x : undefined);
  for (const [id, c] of Object.entries(units as Record<string, any>)) {
    const full = f(c?.full);
    // Counters are named as the rules name them: nationality, designation, type ("GE 1st infantry").
    const made = typeof c?.power === 'string' && typeof c.type === 'string'
      ? `${c.power.toUpperCase()} ${typeof c.name === 'string' ? c.name : ''} ${c.type}`.replace('  ', ' ') : undefined;
    out.set(id, { name: made, factors: full ? { full, reduced: f(c.reduced) } : undefined });
  }
  return out;
}

/** A piece on the board (unit, ship...) as a view holds it: where it is and its other fields. */
export interface Piece {
  where: string;
  fields: Record<string, Json>;
  /** Boolean fields true for every piece of its collection: they say nothing about this one. */
  common: Set<string>;
}

/** Field names a view may use for a piece's location. */
const LOCATION_KEYS = ['where', 'space', 'hex', 'area', 'location', 'zone'];

/**
 * The pieces of a view: every top-level record of objects that each name a location ({id: {where, ...}}), so
 * `units` and `ships` alike.
 */
export function piecesOf(state: Json): Map<string, Piece> {
  const out = new Map<string, Piece>();
  if (!state || typeof state !== 'object' || Array.isArray(state)) return out;
  for (const coll of Object.values(state)) {
    if (!coll || typeof coll !== 'object' || Array.isArray(coll)) continue;
    const vals = Object.values(coll);
    if (!vals.length) continue;
    const key = LOCATION_KEYS.find((k) => vals.every((x: any) => x && typeof x === 'object' && !Array.isArray(x) && typeof x[k] === 'string'));
    if (!key) continue;
    const common = new Set<string>();
    const first = vals[0] as Record<string, Json>;
    for (const [k, v] of Object.entries(first)) if (v === true && vals.every((x: any) => x[k] === true)) common.add(k);
    for (const [id, x] of Object.entries(coll as Record<string, Record<string, Json>>)) {
      out.set(id, { where: x[key] as string, fields: x, common });
    }
  }
  return out;
}

/** Where pieces are kept off the board; listed as counts, not tables. */
const OFF_BOARD = new Set(['pool', 'future', 'removed', 'eliminated', 'sunk', 'dead']);

export interface ViewContext {
  places: Map<string, string>;
  counters: Map<string, CounterInfo>;
  width: number;
  style: Style;
}

/** "ge-arm-1 3-5 (reduced, ops)": id, factors from the assets, and the flags that are set. */
export function pieceLabel(id: string, p: Piece, ctx: ViewContext): string {
  const f = p.fields;
  const info = ctx.counters.get(id);
  const fac = info?.factors ? (f.reduced ? info.factors.reduced ?? info.factors.full : info.factors.full) : undefined;
  const flags: string[] = [];
  for (const [k, v] of Object.entries(f)) {
    if (v === true && !p.common.has(k)) flags.push(k);
    else if (k === 'aboard' && typeof v === 'string') flags.push(`aboard ${v}`);
  }
  return `${id}${fac ? ` ${fac}` : ''}${flags.length ? ` (${flags.join(', ')})` : ''}`;
}

/**
 * A compact text summary of a seat's view: the top-level figures, for rule sets with pieces a table by location,
 * the rest one line per field. `filter` keeps only locations/pieces containing the text.
 */
export function viewSummary(state: Json, ctx: ViewContext, filter = ''): string[] {
  const st = ctx.style;
  if (!state || typeof state !== 'object' || Array.isArray(state)) return JSON.stringify(state, null, 2).split('\n');
  const pieces = piecesOf(state);
  const out: string[] = [];
  const scalars: string[] = [];
  const rest: [string, Json][] = [];
  for (const [k, v] of Object.entries(state)) {
    if (HIDDEN_FIELDS.has(k) || v === null) continue;
    if (typeof v !== 'object') scalars.push(`${k} ${st.bold(String(v))}`);
    else if (!(pieces.size && v && !Array.isArray(v) && Object.keys(v).some((id) => pieces.has(id)))) rest.push([k, v]);
  }
  if (scalars.length) out.push(...columns(scalars, ctx.width, ''));
  if (!pieces.size) {
    for (const [k, v] of rest) {
      const one = JSON.stringify(v);
      out.push(`${st.heading(k)}: ${one.length <= ctx.width - k.length - 2 ? one : JSON.stringify(v, null, 2)}`);
    }
    return out;
  }
  const f = filter.toLowerCase();
  const byWhere = new Map<string, string[]>();
  const offBoard = new Map<string, number>();
  for (const [id, p] of pieces) {
    if (OFF_BOARD.has(p.where)) {
      offBoard.set(p.where, (offBoard.get(p.where) ?? 0) + 1);
      continue;
    }
    const place = `${p.where} ${ctx.places.get(p.where) ?? ''}`.toLowerCase();
    if (f && !place.includes(f) && !id.toLowerCase().includes(f)) continue;
    const list = byWhere.get(p.where);
    const label = pieceLabel(id, p, ctx);
    if (list) list.push(label);
    else byWhere.set(p.where, [label]);
  }
  out.push(st.heading(`Pieces by location${f ? ` matching "${filter}"` : ''} (${byWhere.size} locations)`));
  const nameOf = (w: string) => (w === '' ? '(not placed)' : w + (ctx.places.has(w) ? ' ' + ctx.places.get(w) : ''));
  const wide = Math.max(4, ...[...byWhere.keys()].map((w) => nameOf(w).length));
  for (const w of [...byWhere.keys()].sort()) {
    // Long stacks wrap under their own column.
    const lines: string[] = [];
    let line = '';
    for (const label of byWhere.get(w)!.sort()) {
      const next = line ? `${line}, ${label}` : label;
      if (line && wide + 4 + next.length > ctx.width) {
        lines.push(line + ',');
        line = label;
      } else line = next;
    }
    lines.push(line);
    lines.forEach((l, i) => out.push(`  ${i === 0 ? st.bold(nameOf(w).padEnd(wide)) : ' '.repeat(wide)}  ${l}`));
  }
  if (offBoard.size) out.push(st.dim(`  off the board: ${[...offBoard].map(([k, n]) => `${k} ${n}`).join(', ')}`));
  if (!f) for (const [k, v] of rest) out.push(`${st.heading(k)}: ${compactField(v, ctx.width * 3)}`);
  return out;
}

/** Fields of a view that say nothing to a player at the table (the kernel's bookkeeping). */
const HIDDEN_FIELDS = new Set(['stack', 'ruleset', 'scenario', 'seq', 'world', 'sealed', 'rng']);

/**
 * A field of the view in one line: a big map of names to words as counts ("allies 60, axis 41"), a map of small
 * records as "id a/b", anything else as JSON, cut at `max` characters.
 */
export function compactField(v: Json, max: number): string {
  let text: string;
  const entries = v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : null;
  if (entries && entries.length > 10 && entries.every(([, x]) => typeof x === 'string')) {
    const count = new Map<string, number>();
    for (const [, x] of entries) count.set(x as string, (count.get(x as string) ?? 0) + 1);
    text = `${entries.length} entries: ` + [...count].map(([x, n]) => `${x} ${n}`).join(', ');
  } else if (entries && entries.length && entries.every(([, x]) => x && typeof x === 'object' && !Array.isArray(x) &&
      Object.values(x).every((y) => y === null || typeof y !== 'object'))) {
    text = entries.map(([k, x]) => `${k} ${Object.values(x as Record<string, Json>).filter((y) => y !== null).join('/')}`).join(', ');
  } else {
    text = JSON.stringify(v);
  }
  return text.length > max ? text.slice(0, max) + ' ...' : text;
}
