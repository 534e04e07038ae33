// Names for people: unit ids and place ids become "GE 4th infantry" and "2406 Lublin" wherever a player reads them
// (choice labels, log details, actions of the log file, the inspector). One resolver per screen, from the board.
import { createContext } from 'preact';
import type { Action, Json } from '../../engine/types.ts';
import { nameHexesIn, pieceName, placeLabel, seatLabel, type Assets, type BoardView, type PieceView } from '../map/board-model.ts';

export interface Names {
  /** A unit's or place's name for an id; the text itself when it is neither. */
  of(s: string): string;
  unit(id: string): PieceView | undefined;
}

export function makeNames(assets: Assets | null, board: BoardView): Names {
  const pieces = new Map(board.pieces.map((p) => [p.id, p]));
  const manifest = assets?.counters?.units ?? {};
  return {
    unit: (id) => pieces.get(id),
    of(s) {
      const p = pieces.get(s);
      if (p) return pieceName(p, assets?.counters);
      const c = manifest[s];
      if (c) return pieceName({ id: s, where: '', side: '', power: c.power, type: c.type }, assets?.counters);
      return placeLabel(assets, s);
    },
  };
}

/** A seat's prompt text without the seat's name it may start with ("Soviet Union: spend..." under "Soviet Union"). */
export function withoutSeatName(text: string, name: string): string {
  return text.startsWith(`${name}: `) ? text.slice(name.length + 2) : text;
}

/**
 * Who decides now, for the top bar, when the rule set's status line ("Round 1, Germany: combat move") does not name
 * them (the defender choosing losses, the Allies' special cash advance, a reaction); null when it does or nobody does.
 */
export function toPlayNote(status: string, deciding: string[]): string | null {
  if (!deciding.length || deciding.every((n) => status.includes(n))) return null;
  return `${deciding.join(', ')} to play`;
}

export const NamesContext = createContext<Names>({ of: (s) => s, unit: () => undefined });

/**
 * Names for the log that need only the assets, so they stay the same from one state to the next and the log's
 * memoised events are not drawn again: hexes cited by id in a line, seats.
 */
export interface LogNames {
  text(s: string): string;
  seat(s: string): string;
}
export const LogNamesContext = createContext<LogNames>({ text: (s) => s, seat: (s) => s });
export function makeLogNames(assets: Assets | null): LogNames {
  return { text: (s) => nameHexesIn(assets, s), seat: (s) => seatLabel(assets, s) };
}

/** Game abbreviations kept as the rulebooks print them. */
const ABBREVIATIONS: Record<string, string> = { ipcs: 'IPCs', ipc: 'IPC', hq: 'HQ', hqs: 'HQs', mp: 'MP', ep: 'EP', bp: 'BP', atp: 'ATP', stp: 'STP', zoc: 'ZOC', vp: 'VP', vps: 'VPs', drm: 'DRM', crt: 'CRT', aa: 'AA' };

/** "attackerStrength" -> "Attacker strength", "hex_cleared" -> "Hex cleared", "ipcs" -> "IPCs". */
export function humanize(key: string): string {
  const s = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim()
    .split(' ').map((w) => ABBREVIATIONS[w] ?? w).join(' ');
  return s ? s[0]!.toUpperCase() + s.slice(1) : key;
}

/** An action in words, for the log file's actions and the replay: "Move: GE 4th infantry, 2305 Lublin, rail". */
export function actionWords(a: Action, names: Names): string {
  const word = (v: Json | undefined): string => {
    if (v === undefined || v === null) return '';
    if (typeof v === 'string') return names.of(v);
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (Array.isArray(v)) return v.map(word).filter(Boolean).join(' + ');
    return Object.entries(v).map(([k, x]) => `${humanize(k).toLowerCase()} ${word(x)}`).join(', ');
  };
  const parts = Object.entries(a).filter(([k]) => k !== 'type').map(([, v]) => word(v)).filter(Boolean);
  return `${humanize(a.type)}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** A result the server decided (a resignation, a clock), with seats as players read them ("Allies resigned: Axis wins"). */
export function serverResultText(r: { kind: 'resigned' | 'time'; loser: string; winner: string | null }, name: (seat: string) => string): string {
  const what = r.kind === 'resigned' ? 'resigned' : 'ran out of time';
  return `${name(r.loser)} ${what}${r.winner ? `: ${name(r.winner)} wins` : ''}`;
}
