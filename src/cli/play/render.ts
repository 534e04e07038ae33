// Text for the terminal: colours (only on a TTY), events with dice and combat arithmetic, the seat's view.
import type { GameEvent, Json } from '../../engine/index.ts';
import type { Assets, BoardView, PieceView } from '../../web/map/board-model.ts';
import { factorText, markText, onMap, pieceFactors, pieceName, placeLabel, seatLabel } from '../../web/map/board-model.ts';

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
  // A list of records ("source 1504 points 1; source 1605 points 1") keeps each record apart.
  if (Array.isArray(v)) return v.map(scalar).join(v.some((x) => x !== null && typeof x === 'object' && !Array.isArray(x)) ? '; ' : ',');
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
  // A row too long for the width wraps under its last column.
  const lastColumn = w0 + ws.slice(0, -1).reduce((n, x) => n + x + 2, 0) + 2;
  for (const r of down) rows.push(...wrap(r.padEnd(w0) + across.map((c, i) => '  ' + cell(r, c).padEnd(ws[i]!)).join('').trimEnd(), width, ' '.repeat(lastColumn)));
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
    // Dice read one by one (a hit on 4 or less each) are listed, not summed: "4×d6: 6, 2, 5, 4".
    const dice = r.each ? `${r.count}×d${r.sides}: ${r.faces.join(', ')}` : `${r.count}d${r.sides}: ${r.faces.join('+')}${r.count > 1 ? `=${r.total}` : ''}`;
    // A long purpose (ETO's search by sixteen ships) wraps under itself; the dice and the rule keep their colours.
    const lines = wrap(`${indent}${dice}  ${r.purpose}${e.rule ? ` [${e.rule}]` : ''}`, width, `${indent}  `);
    lines[0] = indent + st.die(dice) + lines[0]!.slice(indent.length + dice.length);
    const last = lines.length - 1;
    if (e.rule && lines[last]!.endsWith(`[${e.rule}]`)) lines[last] = lines[last]!.slice(0, -(e.rule.length + 3)) + rule;
    lines[last] += r.forced ? st.dim(' (forced)') : '';
    return lines;
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

/**
 * Several events: a run of three or more single dice rolled for the same purpose and rule (BKG's shuffle of the card
 * stack: 28 of them) is one line, "28 dice: 24, 16, 8, ...  shuffle the card stack [BKG advanced 4.1]".
 */
export function eventsLines(events: GameEvent[], st: Style, indent = '  ', width = 100): string[] {
  const out: string[] = [];
  const same = (a: GameEvent, b: GameEvent) => !!a.roll && !!b.roll && a.roll.count === 1 && b.roll.count === 1
    && a.roll.purpose === b.roll.purpose && a.rule === b.rule && !a.roll.forced && !b.roll.forced;
  for (let i = 0; i < events.length;) {
    let j = i + 1;
    while (j < events.length && same(events[i]!, events[j]!)) j++;
    if (j - i >= 3) {
      const r = events[i]!.roll!;
      const faces = events.slice(i, j).map((e) => e.roll!.faces[0]).join(', ');
      const lines = wrap(`${indent}${j - i} dice: ${faces}  ${r.purpose}${events[i]!.rule ? ` [${events[i]!.rule}]` : ''}`, width, `${indent}  `);
      lines[0] = indent + st.die(`${j - i} dice:`) + lines[0]!.slice(indent.length + `${j - i} dice:`.length);
      out.push(...lines);
    } else for (const e of events.slice(i, j)) out.push(...eventLines(e, st, indent, width));
    i = j;
  }
  return out;
}

export interface ViewContext {
  /** The rule set's board and counters (src/engine/board.ts AssetsSchema); null for a rule set without a board. */
  assets: Assets | null;
  width: number;
  style: Style;
}

/** A place as the view lists it: an area with the side or power holding it now ("East Poland (Germany)"). */
function placeWithHolder(id: string, board: BoardView, ctx: ViewContext): string {
  const name = placeLabel(ctx.assets, id);
  const area = ctx.assets?.board.areas?.[id];
  const holder = area ? board.control[id] ?? area.owner : undefined;
  return holder ? `${name} (${seatLabel(ctx.assets, holder)})` : name;
}

/** "GE 4th infantry 3-5 (reduced, ops complete)": the piece's name, factors and marks. */
export function pieceLabel(p: PieceView, ctx: ViewContext): string {
  const counters = ctx.assets?.counters;
  const f = p.hidden ? '' : factorText(pieceFactors(p, counters));
  const flags = pieceFlags(p);
  return `${pieceName(p, counters)}${f ? ` ${f}` : ''}${flags.length ? ` (${flags.join(', ')})` : ''}`;
}

/** What a piece's counter shows besides its name: factors, then reduced, marks, aboard ("4-3, out of supply"). */
export function pieceDetails(p: PieceView, ctx: ViewContext): string {
  const f = p.hidden ? '' : factorText(pieceFactors(p, ctx.assets?.counters));
  return [...(f ? [f] : []), ...pieceFlags(p)].join(', ');
}

function pieceFlags(p: PieceView): string[] {
  return [...(p.reduced ? ['reduced'] : []), ...(p.marks ?? []).map(markText), ...(p.aboard ? [`aboard ${p.aboard}`] : [])];
}

/**
 * A compact text summary of a seat's view: with a board, its turn and phase and a table of pieces by place (names from
 * the board); without, the view's fields one line each. `filter` keeps only places/pieces containing the text.
 */
export function viewSummary(state: Json, board: BoardView | null, ctx: ViewContext, filter = ''): string[] {
  const st = ctx.style;
  if (!board || !board.pieces.length) {
    if (!state || typeof state !== 'object' || Array.isArray(state)) return JSON.stringify(state, null, 2).split('\n');
    const out: string[] = [];
    const scalars = Object.entries(state).filter(([, v]) => v !== null && typeof v !== 'object').map(([k, v]) => `${k} ${st.bold(String(v))}`);
    if (scalars.length) out.push(...columns(scalars, ctx.width, ''));
    for (const [k, v] of Object.entries(state)) {
      if (v === null || typeof v !== 'object') continue;
      const one = JSON.stringify(v);
      out.push(`${st.heading(k)}: ${one.length <= ctx.width - k.length - 2 ? one : JSON.stringify(v, null, 2)}`);
    }
    return out;
  }
  const out: string[] = [];
  const head = [board.turn?.label, board.phase, board.activeSide ? `${board.activeSide} to play` : ''].filter(Boolean).join(', ');
  if (head) out.push(st.bold(head));
  const f = filter.toLowerCase();
  const byWhere = new Map<string, string[]>();
  const offBoard = new Map<string, number>();
  const boxes = new Set((ctx.assets?.board.boxes ?? []).map((b) => b.id));
  for (const p of board.pieces) {
    if (!onMap(ctx.assets, p.where) && !boxes.has(p.where)) {
      offBoard.set(p.where, (offBoard.get(p.where) ?? 0) + (p.count ?? 1));
      continue;
    }
    const label = pieceLabel(p, ctx);
    const place = placeWithHolder(p.where, board, ctx);
    if (f && !place.toLowerCase().includes(f) && !label.toLowerCase().includes(f) && !p.id.toLowerCase().includes(f)) continue;
    const list = byWhere.get(place);
    if (list) list.push(label);
    else byWhere.set(place, [label]);
  }
  // An area asked for by name is shown with its holder even when no piece stands in it.
  if (f) {
    for (const id of Object.keys(ctx.assets?.board.areas ?? {})) {
      const place = placeWithHolder(id, board, ctx);
      if (place.toLowerCase().includes(f) && !byWhere.has(place)) byWhere.set(place, [st.dim('no pieces')]);
    }
  }
  out.push(st.heading(`Pieces by location${f ? ` matching "${filter}"` : ''} (${byWhere.size} location${byWhere.size === 1 ? '' : 's'})`));
  const wide = Math.max(4, ...[...byWhere.keys()].map((w) => w.length));
  for (const w of [...byWhere.keys()].sort()) {
    // Long stacks wrap under their own column.
    const lines: string[] = [];
    let line = '';
    // Identical pieces in one place are counted once ("2 × US infantry 6-4").
    const counts = new Map<string, number>();
    for (const label of byWhere.get(w)!) counts.set(label, (counts.get(label) ?? 0) + 1);
    for (const label of [...counts].map(([l, n]) => (n > 1 ? `${n} × ${l}` : l)).sort()) {
      const next = line ? `${line}, ${label}` : label;
      if (line && wide + 4 + next.length > ctx.width) {
        lines.push(line + ',');
        line = label;
      } else line = next;
    }
    lines.push(line);
    lines.forEach((l, i) => out.push(`  ${i === 0 ? st.bold(w.padEnd(wide)) : ' '.repeat(wide)}  ${l}`));
  }
  if (offBoard.size) out.push(st.dim(`  off the board: ${[...offBoard].map(([k, n]) => `${placeLabel(ctx.assets, k)} ${n}`).join(', ')}`));
  const changed = Object.entries(board.control);
  if (changed.length && !f) {
    const shown = changed.slice(0, 10).map(([pl, who]) => `${placeLabel(ctx.assets, pl)} (${who})`).join(', ');
    out.push(st.dim(`  held by another side than at the start: ${shown}${changed.length > 10 ? `, … (${changed.length} in all)` : ''}`));
  }
  // Off the map: hands of cards (the viewer's by name), the cards in effect, the stack.
  for (const h of f ? [] : board.holdings ?? []) {
    const items = [...h.items.map((x) => (x.note ? `${x.label} (${x.note})` : x.label)), ...(h.hidden ? [`${h.hidden} face down`] : [])];
    out.push(`${st.heading(h.title)}: ${items.join(', ') || st.dim('none')}`);
  }
  return out;
}
