// Tokens this browser holds (localStorage): the client's "my games" list; and what it learnt about each game when it
// created it (links to share, the dice seed commitment).
import type { CreateGameResponse } from '../server/protocol.ts';

export interface StoredToken {
  token: string;
  gameId: string;
  seat: string | null;
  ruleset: string;
  addedAt: number;
  /** The "your turn" webhook this browser set for the seat (the server never tells it back). */
  webhook?: string;
}

/** What the creator of a game (or of its rematch, or an import) received besides its own tokens. */
export interface StoredGame {
  gameId: string;
  /** The spectator's token. */
  spectator?: string;
  /** Every seat's token, to send as invites. */
  seats?: Record<string, string>;
  /** SHA-256 of the dice seed as first published (at creation, else as first seen): later answers must match it. */
  seedCommitment?: string;
}

const KEY = 'theater.tokens';
const GAMES = 'theater.games';
const NOTIFY = 'theater.notify';

function readList<T>(key: string, ok: (x: T) => boolean): T[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as T[]).filter((x) => x && ok(x)) : [];
  } catch {
    return [];
  }
}

export function loadTokens(): StoredToken[] {
  return readList<StoredToken>(KEY, (t) => typeof t.token === 'string');
}

/** Puts the token first in the list; fields it had and `t` lacks (its webhook) are kept. */
export function rememberToken(t: Omit<StoredToken, 'addedAt'>): void {
  const all = loadTokens();
  const old = all.find((x) => x.token === t.token);
  const list = all.filter((x) => x.token !== t.token);
  list.unshift({ ...old, ...t, addedAt: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 200)));
}

export function setTokenWebhook(token: string, url: string | null): void {
  const list = loadTokens().map((x) => {
    if (x.token !== token) return x;
    const { webhook: _old, ...rest } = x;
    return url ? { ...rest, webhook: url } : rest;
  });
  localStorage.setItem(KEY, JSON.stringify(list));
}

/** Drops the token; the game's record goes with its last token. */
export function forgetToken(token: string): void {
  const all = loadTokens();
  const gameId = all.find((x) => x.token === token)?.gameId;
  const list = all.filter((x) => x.token !== token);
  localStorage.setItem(KEY, JSON.stringify(list));
  if (gameId && !list.some((x) => x.gameId === gameId)) {
    localStorage.setItem(GAMES, JSON.stringify(loadGames().filter((g) => g.gameId !== gameId)));
  }
}

function loadGames(): StoredGame[] {
  return readList<StoredGame>(GAMES, (g) => typeof g.gameId === 'string');
}

export function loadGame(gameId: string): StoredGame | null {
  return loadGames().find((g) => g.gameId === gameId) ?? null;
}

/** Merges `g` into the game's record (newest first, at most 200 games). */
export function rememberGame(g: StoredGame): void {
  const all = loadGames();
  const old = all.find((x) => x.gameId === g.gameId);
  const list = [{ ...old, ...g }, ...all.filter((x) => x.gameId !== g.gameId)];
  localStorage.setItem(GAMES, JSON.stringify(list.slice(0, 200)));
}

/** Keeps what the server answered a game's creation with (new game, import, rematch, position). */
export function rememberCreatedGame(r: CreateGameResponse): void {
  const seats = Object.fromEntries(Object.entries(r.seats).map(([seat, t]) => [seat, t.token]));
  rememberGame({ gameId: r.gameId, spectator: r.spectator.token, seats, seedCommitment: r.seedCommitment });
}

/** Whether the player asked for "your turn" browser notifications (one choice for every game). */
export function notifyWanted(): boolean {
  return localStorage.getItem(NOTIFY) === 'on';
}

export function setNotifyWanted(on: boolean): void {
  localStorage.setItem(NOTIFY, on ? 'on' : 'off');
}

/** A token from a pasted link ("https://host/play/abc", "/play/abc") or a bare token. */
export function tokenFromLink(s: string): string | null {
  const t = s.trim();
  const m = /\/play\/([A-Za-z0-9_-]+)/.exec(t);
  if (m) return m[1]!;
  return /^[A-Za-z0-9_-]{8,}$/.test(t) ? t : null;
}

/** Display settings kept across reloads and games (this browser). */
export interface Settings {
  showIds: boolean;
  showLog: boolean;
  /** Overlay on the map: 'supply' rings units out of supply. */
  overlay: 'none' | 'supply';
  /** Phone layout: the bottom sheet open (choices shown) or down (only the question). */
  sheetOpen: boolean;
}

const SETTINGS = 'theater.settings';
const DEFAULT_SETTINGS: Settings = { showIds: false, showLog: true, overlay: 'none', sheetOpen: true };

export function loadSettings(): Settings {
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS) ?? '{}') as Partial<Settings>;
    return { ...DEFAULT_SETTINGS, ...(raw && typeof raw === 'object' ? raw : {}) };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(s: Settings): void {
  localStorage.setItem(SETTINGS, JSON.stringify(s));
}

/** The map's pan and zoom for a game, kept so that a reload shows the same part of the map. */
export function loadMapView(gameId: string): { x: number; y: number; k: number } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(`theater.view.${gameId}`) ?? 'null') as { x: number; y: number; k: number } | null;
    return v && [v.x, v.y, v.k].every((n) => typeof n === 'number' && Number.isFinite(n)) ? v : null;
  } catch {
    return null;
  }
}

export function saveMapView(gameId: string, v: { x: number; y: number; k: number }): void {
  sessionStorage.setItem(`theater.view.${gameId}`, JSON.stringify(v));
}
