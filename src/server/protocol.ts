// Wire types of the Theater server's HTTP API and WebSocket messages (docs/server.md).
// No Node imports: the browser client imports this file.
import { sameAction, type SeatView } from '../engine/kernel.ts';
import type { Action, Choice, GameEvent, Json, OptionInfo, Options, Outcome, ScenarioInfo, Seat } from '../engine/types.ts';
import type { Answer, Question } from './inspect.ts';
import type { GameLog } from '../engine/game.ts';

export type { SeatView, Action, GameEvent, Json, Outcome, Seat, GameLog, Options };

/**
 * A state id is the number of entries in the game's log (actions, undos, takebacks). It only ever grows, so an action
 * made against an older state id is stale even after an undo brought `view.seq` back to an earlier value.
 */
export type StateId = number;

// ---------------------------------------------------------------------------------------------- errors

/** Every 4xx/5xx body and every WS error message carries these. */
export interface ErrorBody {
  /** 'bad-request' | 'not-found' | 'forbidden' | 'stale' | 'illegal' | 'rate-limited' | 'conflict' | 'too-large' | 'internal' */
  error: ErrorCode;
  message: string;
  /** For 'illegal': the rule case that refused the action. */
  rule?: string;
  /** For 'illegal': labels of the legal choices. */
  legal?: string[];
  /** For 'stale': the current state id. */
  stateId?: StateId;
}
export type ErrorCode =
  | 'bad-request' | 'not-found' | 'forbidden' | 'stale' | 'illegal' | 'rate-limited' | 'conflict' | 'too-large'
  | 'internal';

/** The HTTP status of each error code (a WebSocket error carries the code only). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  'bad-request': 400, forbidden: 403, 'not-found': 404, stale: 409, conflict: 409, 'too-large': 413, illegal: 422,
  'rate-limited': 429, internal: 500,
};

// ---------------------------------------------------------------------------------------------- rule sets

/** GET /api/rulesets */
export interface RulesetInfo {
  id: string;
  title: string;
  rulesVersion: string;
  seats: Seat[];
  /** Each seat as players read it ("ussr": "Soviet Union"), from the rule set's assets (seatLabel), for lists such as the home page's. */
  seatNames: Record<Seat, string>;
  scenarios: ScenarioInfo[];
  options: OptionInfo[];
  /** Seats that play only with an option on (Ruleset.seatOptions; `optionOn` reads the form's values). */
  seatOptions?: Record<Seat, string>;
  /** A test game kept out of players' lists (clients show it only when asked for by id). */
  hidden?: boolean;
  /** Seats an AI can play (those the rule set's package has an AI for). */
  aiSeats: Seat[];
  /**
   * A scenario's scripted side (RulesetPackage.scripted): what it is, and by scenario the seats it plays when they are
   * AI seats. Absent: no scenario has one.
   */
  scripted?: { name: string; seats: Record<string, Seat[]> };
  /** The server computes exact combat odds for this rule set (POST /api/play/:token/inspect {kind:'odds'}). */
  odds: boolean;
  /** Games can start from a position (docs/positions.md): the editor works for it. */
  positions: boolean;
  /** A rules reference is served (GET /api/rulesets/:id/rules). */
  rules: boolean;
}
export type RulesetsResponse = RulesetInfo[];
/** GET /api/rulesets/:id/assets -> the rule set's assets() (or {}), cacheable. */
export type AssetsResponse = Json;

// ---------------------------------------------------------------------------------------------- games

export type SeatKind = 'human' | 'ai' | 'open';

export interface SeatSpec {
  kind: SeatKind;
  /** AI level (for kind 'ai'); the AI module decides what levels mean. */
  level?: number;
  /** Display name. */
  name?: string;
  /** "Your turn" webhook: a JSON POST {content} (Discord-compatible). http(s) only. */
  webhook?: string;
}

export interface ClockSpec {
  /** Time each seat starts with. */
  initialMs: number;
  /** Time added to a seat after each of its actions. */
  incrementMs: number;
}

/** POST /api/games */
export interface CreateGameRequest {
  ruleset: string;
  /** Defaults to the rule set's first scenario. */
  scenario?: string;
  options?: Options;
  /** Every seat of the scenario; a missing seat is 'open'. */
  seats?: Record<Seat, SeatSpec>;
  clock?: ClockSpec;
  /** Start from this position instead of the scenario's set-up (docs/positions.md). Its dice.rng is ignored: the
   * server's secret seed rolls the dice. */
  position?: Json;
}

export interface TokenLink {
  token: string;
  /** Path of the client page for this token: /play/<token>. */
  link: string;
}

export interface CreateGameResponse {
  gameId: string;
  seats: Record<Seat, TokenLink>;
  spectator: TokenLink;
  /**
   * SHA-256 (hex) of the server's secret dice seed, revealed at the end (docs/fair-dice.md): keep it to verify the
   * game. For an imported game, the seed of the part played on this server.
   */
  seedCommitment: string;
  /** Set for an imported game. */
  imported?: ImportInfo;
}

/** An imported game (docs/fair-dice.md): its first `entries` log entries were played elsewhere. */
export interface ImportInfo {
  entries: number;
  /** The commitment the log carried for its own seed (null: none). Whoever imported the log knew that seed. */
  logSeedCommitment: string | null;
}

/** How a seat stands in the dice contributions: the AI's seed is the server's; the others commit, then reveal. */
export type DiceSeatStatus = 'server' | 'waiting' | 'committed' | 'revealed';

/**
 * The seats' dice contributions (docs/fair-dice.md). Each seat not played by the AI commits to a random value (its
 * SHA-256); once every one has committed, each reveals its value; the server then writes the log entry from which the
 * dice follow from its secret seed and every value. The game accepts no action before that.
 */
export interface DiceStatus {
  /** 'commit': seats are committing; 'reveal': every seat has committed, each reveals; 'done': the dice are keyed. */
  phase: 'commit' | 'reveal' | 'done';
  seats: Record<Seat, DiceSeatStatus>;
  /** Each committed seat's commitment (SHA-256 of its value, 64 hex digits). */
  commitments: Record<Seat, string>;
}

export interface SeatInfo {
  seat: Seat;
  kind: SeatKind;
  level?: number;
  name?: string;
  /** Some client holding this seat's token has a WebSocket open. */
  connected: boolean;
}

export interface ClockInfo {
  initialMs: number;
  incrementMs: number;
  /** Time left per seat at `asOf` (server time, ms since epoch). */
  remainingMs: Record<Seat, number>;
  /** Seats whose clock is running (they have a decision to make). */
  running: Seat[];
  asOf: number;
  /** Seats whose time has run out. */
  expired: Seat[];
}

/** Result decided by the server rather than the rules: resignation or a claim on time. */
export interface ServerResult {
  kind: 'resigned' | 'time';
  /** The seat that resigned or lost on time. */
  loser: Seat;
  winner: Seat | null;
  result: string;
}

export type GameStatus = 'running' | 'finished';

export interface TakebackRequest {
  /** Actions in force after the takeback. */
  to: number;
  requestedBy: Seat;
  /** State id when asked; the request lapses when the game moves on. */
  stateId: StateId;
  /** The players who have agreed so far, when the game has more than one other player: it takes all of them. */
  agreed?: Seat[];
}

/** GET /api/play/:token — everything a client needs to draw its page. */
export interface PlayResponse {
  gameId: string;
  /** The token's seat; null for a spectator. */
  seat: Seat | null;
  ruleset: string;
  scenario: string;
  status: GameStatus;
  /** Rules outcome or server result (resignation, time). */
  outcome: Outcome | null;
  serverResult: ServerResult | null;
  view: SeatView;
  /** Events this token may see, of the whole game so far (setup included). */
  events: GameEvent[];
  stateId: StateId;
  seats: SeatInfo[];
  clocks: ClockInfo | null;
  seedCommitment: string;
  /** Only after the end. */
  seed?: string;
  /** How many of its own last actions this seat may undo alone. */
  undoable: number;
  takeback: TakebackRequest | null;
  /** The seats' dice contributions; null for a game from before them. */
  dice: DiceStatus | null;
  /** Set for an imported game. */
  imported: ImportInfo | null;
  /** Set when a rematch of this game was created (its id). */
  rematchOf?: string | null;
  rematch?: string | null;
  /** This token's holder's link in the rematch (the seat it moved to, or the rematch's spectator link). */
  rematchToken?: TokenLink | null;
}

/** POST /api/play/:token/inspect: a question about this seat's decision that changes nothing (src/server/inspect.ts). */
export interface InspectRequest {
  stateId: StateId;
  question: Question;
}
export interface InspectResponse {
  stateId: StateId;
  answer: Answer;
}
export type { Question, Answer, OddsAnswer, ExplainAnswer, PreviewAnswer } from './inspect.ts';
export type { RulesReference, RuleCase } from '../rulesets/rules-reference.ts';
export type { OddsReport } from '../odds/types.ts';

/** GET /api/rulesets/:id/positions/initial?scenario=&options= (docs/positions.md). */
export interface InitialPositionResponse {
  position: Json;
}
/** POST /api/rulesets/:id/positions/validate {position}. */
export interface ValidatePositionResponse {
  problems: { file: string; field: string; message: string }[];
}

/** POST /api/play/:token/action */
export interface ActionRequest {
  stateId: StateId;
  action: Action;
}
/** Success of action, undo, takeback answer, resign, claim. */
export interface StateIdResponse {
  stateId: StateId;
}
/** POST /api/play/:token/undo */
export interface UndoRequest {
  stateId: StateId;
}
/** POST /api/play/:token/takeback: ask the other seat(s) to take back to `to` actions in force. */
export interface TakebackAskRequest {
  to: number;
}
/** POST /api/play/:token/takeback/answer */
export interface TakebackAnswerRequest {
  accept: boolean;
}
/** POST /api/play/:token/resign -> StateIdResponse (body may be empty). */
/** POST /api/play/:token/rematch */
export interface RematchRequest {
  /** True: every player takes the next seat (two seats: they swap). */
  swap?: boolean;
}
/** The asking token's holder gets every new token (hot-seat); other players receive theirs by WS 'rematch'. */
export interface RematchResponse extends CreateGameResponse {
  /** The asker's new token. */
  yourToken: TokenLink;
}
/** POST /api/play/:token/claim — the claimer's opponent ran out of time. */
export interface ClaimRequest {
  /** 'win': end the game, the claimer wins; 'ai': the expired seat is handed to the AI. */
  mode: 'win' | 'ai';
  /** Which expired seat (needed only with several). */
  seat?: Seat;
}
/**
 * POST /api/play/:token/entropy — this seat's dice contribution: `commit` (SHA-256 of a random value, 64 hex digits)
 * while seats commit (again: replaces it; during the reveal: starts the round over), then `reveal` (the value) once
 * every seat has committed. Answer: StateIdResponse.
 */
export type EntropyRequest = { commit: string } | { reveal: string };

/** POST /api/play/:token/webhook — set or clear this seat's "your turn" webhook. */
export interface WebhookRequest {
  url: string | null;
}

/** GET /api/play/:token/log -> GameLog. The seed is '' (and sealed answers of other seats are hidden) until the end. */
export type ExportResponse = GameLog;

/** POST /api/games/import */
export interface ImportRequest {
  log: GameLog;
  seats?: Record<Seat, SeatSpec>;
}
export type ImportResponse = CreateGameResponse;

/** POST /api/my-games */
export interface MyGamesRequest {
  tokens: string[];
}
export interface GameSummary {
  gameId: string;
  token: string;
  seat: Seat | null;
  ruleset: string;
  scenario: string;
  status: GameStatus;
  outcome: Outcome | null;
  serverResult: ServerResult | null;
  /** This seat has a decision to make now. */
  yourTurn: boolean;
  /** The seats with a decision to make now (while the dice are keyed: the seats whose contribution is awaited); empty once finished. */
  toMove: Seat[];
  stateId: StateId;
  seats: SeatInfo[];
  createdAt: number;
  updatedAt: number;
  imported: ImportInfo | null;
}
/** Unknown tokens are left out. */
export type MyGamesResponse = GameSummary[];

/** GET /api/replay/:gameId?seat=&at= — state after `at` actions in force. Seat views only after the end. */
export interface ReplayResponse {
  gameId: string;
  seat: Seat | null;
  at: number;
  /** Actions in force in the game now (the last valid `at`). */
  length: number;
  view: SeatView;
  /** Events of the action that led to `at` (visible to `seat`). */
  events: GameEvent[];
  imported: ImportInfo | null;
}

// ---------------------------------------------------------------------------------------------- WebSocket

/** Client -> server. `reqId` is echoed in the matching error (or 'ack'). */
export type ClientMessage =
  | { type: 'hello'; lastStateId?: StateId }
  | { type: 'action'; reqId?: string; stateId: StateId; action: Action }
  | { type: 'undo'; reqId?: string; stateId: StateId }
  | { type: 'takeback'; reqId?: string; to: number }
  | { type: 'takeback-answer'; reqId?: string; accept: boolean }
  | { type: 'resign'; reqId?: string }
  | { type: 'entropy'; reqId?: string; commit: string }
  | { type: 'entropy'; reqId?: string; reveal: string }
  | { type: 'ping'; reqId?: string }
  /** The choices of one group of a structured prompt (Prompt.groups), for the state `stateId`. */
  | { type: 'choices'; reqId?: string; stateId: StateId; group: string };

/** Server -> client. */
export type ServerMessage =
  | StateMessage
  | { type: 'ack'; reqId?: string; stateId: StateId }
  | ({ type: 'error'; reqId?: string } & ErrorBody)
  | { type: 'your-turn'; gameId: string; seat: Seat; text: string }
  | ({ type: 'takeback-request' } & TakebackRequest)
  | { type: 'takeback-answer'; accepted: boolean; by: Seat }
  | { type: 'presence'; seats: SeatInfo[] }
  | { type: 'rematch'; gameId: string; token: TokenLink }
  | { type: 'pong'; reqId?: string }
  | { type: 'choices'; reqId?: string; stateId: StateId; group: string; choices: Choice[] };

/**
 * Sent on connect, after 'hello' and after every change. `events` are the events since the state id the client
 * last had (on connect/hello: since `lastStateId`, or all when unknown/too old).
 */
export interface StateMessage {
  type: 'state';
  gameId: string;
  stateId: StateId;
  view: SeatView;
  events: GameEvent[];
  undoable: number;
  clocks: ClockInfo | null;
  status: GameStatus;
  serverResult: ServerResult | null;
  takeback: TakebackRequest | null;
  /** Only after the end. */
  seed?: string;
  /** While the seats' dice contributions are under way (absent once the dice are keyed, and for older games). */
  dice?: DiceStatus;
  /**
   * On a WebSocket, the prompt's choices as a change to those of the previous state message on the same connection:
   * `view.prompt.choices` is then empty and the list is rebuilt by `patchChoices`. Absent: the list is whole.
   */
  choicesDelta?: ChoiceRun[];
  /**
   * On a WebSocket, the view as a change to the previous state message's view on the same connection (`view` is then
   * absent; `StateReceiver` rebuilds it). Sent for rule sets whose settled states share unchanged parts
   * (`Ruleset.copyOnWrite`): a 2WW move changes one unit and one piece of a view of 25 KiB. Absent: the view is whole
   * (always on connect and on `hello`).
   */
  viewDelta?: JsonPatch;
}

/**
 * A change of a JSON value: `[0, value]` the new value whole; `[1, fields, gone?]` an object with the patches of its
 * changed fields and the names of the fields it lost; `[2, runs]` an array as runs of the previous one kept
 * (`[start, count]`) and new elements (`{v}`).
 */
export type JsonPatch = [0, unknown] | [1, Record<string, JsonPatch>, string[]?] | [2, ArrayRun[]];
export type ArrayRun = [start: number, count: number] | { v: unknown };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * `next` as a change of `prev` (null: the same JSON). Parts that are the same object are skipped at once, so a view
 * whose unchanged parts are shared with the previous one (copy-on-write states) costs what changed, not its size.
 */
export function diffJson(prev: unknown, next: unknown, memo?: DiffMemo, depth = 0): JsonPatch | null {
  if (prev === next) return null;
  // Seats' views share their large parts near the top (2WW's board, its pieces' list): remembering deeper objects as
  // well cost more (a map entry per compared object) than it saved.
  if (memo && depth < MEMO_DEPTH && typeof next === 'object' && next !== null) {
    const known = memo.get(next);
    if (known && known.prev === prev) return known.patch;
    const patch = diffJsonOnce(prev, next, memo, depth);
    memo.set(next, { prev, patch });
    return patch;
  }
  return diffJsonOnce(prev, next, memo, depth);
}

/** Levels of a value whose objects a broadcast's `DiffMemo` remembers (0: the view itself). */
const MEMO_DEPTH = 3;

/**
 * Changes already found, by the new object: the views of several seats share parts (2WW's board, the state's units),
 * each compared once per broadcast.
 */
export type DiffMemo = Map<object, { prev: unknown; patch: JsonPatch | null }>;

function diffJsonOnce(prev: unknown, next: unknown, memo: DiffMemo | undefined, depth: number): JsonPatch | null {
  if (isRecord(prev) && isRecord(next)) {
    let fields: Record<string, JsonPatch> | null = null;
    let gone: string[] | null = null;
    let matched = 0, before = 0;
    // for...in rather than Object.keys: no array of keys per compared object (plain JSON objects: own keys only)
    for (const k in next) {
      const v = next[k];
      if (v === undefined || typeof v === 'function') continue;
      const was = prev[k];
      if (was === undefined) (fields ??= {})[k] = [0, v];
      else {
        matched++;
        const p = was === v ? null : diffJson(was, v, memo, depth + 1);
        if (p) (fields ??= {})[k] = p;
      }
    }
    // every field of prev was met in next unless prev has more (or undefined ones)
    for (const _ in prev) before++;
    if (before !== matched) {
      for (const k in prev) if (prev[k] !== undefined && (next[k] === undefined || typeof next[k] === 'function')) (gone ??= []).push(k);
    }
    if (!fields && !gone) return null;
    return gone ? [1, fields ?? {}, gone] : [1, fields!];
  }
  if (Array.isArray(prev) && Array.isArray(next)) return diffArray(prev, next);
  if (typeof prev === 'number' && typeof next === 'number' && Number.isNaN(prev) && Number.isNaN(next)) return null;
  return [0, next];
}

/**
 * An array as runs of the previous one: an element is kept when it is the element after the last one kept (or the one
 * after that: a removal) and has the same JSON, or when it is the same object anywhere in the previous array. Nothing
 * is allocated while the elements are the same in the same places (most arrays of a view after one action).
 */
function diffArray(prev: readonly unknown[], next: readonly unknown[]): JsonPatch | null {
  const n = next.length, m = prev.length;
  let i = 0;
  while (i < n && i < m && (prev[i] === next[i] || sameJson(prev[i], next[i]))) i++;
  if (i === n && n === m) return null;
  const runs: ArrayRun[] = i > 0 ? [[0, i]] : [];
  const differs = i; // prev[i] and next[i] are already known to differ
  let at = i, kept = i, misses = 0;
  let index: Map<unknown, number> | null = null;
  for (; i < n; i++) {
    const x = next[i];
    let k = -1;
    if (at < m && (i !== differs || at !== i) && (prev[at] === x || sameJson(prev[at], x))) k = at;
    else if (at + 1 < m && prev[at + 1] === x) k = at + 1;
    else if (typeof x === 'object' && x !== null) {
      // the same object elsewhere (a move in the list): a scan for the first few, then an index
      if (!index && misses++ >= 8) index = indexOf(prev);
      k = index ? index.get(x) ?? -1 : prev.lastIndexOf(x);
    }
    if (k < 0 && at + 1 < m && sameJson(prev[at + 1], x)) k = at + 1;
    if (k < 0) {
      runs.push({ v: x });
      at++;
      continue;
    }
    const last = runs[runs.length - 1];
    if (Array.isArray(last) && last[0] + last[1] === k) last[1]++;
    else runs.push([k, 1]);
    at = k + 1;
    kept++;
  }
  return kept === 0 ? [0, next] : [2, runs];
}

/**
 * `diffJson(prev, next) === null` without making the change: the arrays' elements compared, the first difference ends
 * the walk and nothing is allocated (most elements a list compares by value differ, e.g. a new prompt's choices).
 */
export function sameJson(prev: unknown, next: unknown): boolean {
  if (prev === next) return true;
  if (isRecord(prev) && isRecord(next)) {
    let matched = 0, before = 0;
    for (const k in next) {
      const v = next[k];
      if (v === undefined || typeof v === 'function') continue;
      const was = prev[k];
      if (was === undefined) return false;
      matched++;
      if (was !== v && !sameJson(was, v)) return false;
    }
    for (const _ in prev) before++;
    if (before !== matched) {
      for (const k in prev) if (prev[k] !== undefined && (next[k] === undefined || typeof next[k] === 'function')) return false;
    }
    return true;
  }
  if (Array.isArray(prev) && Array.isArray(next)) {
    if (prev.length !== next.length) return false;
    for (let i = 0; i < next.length; i++) if (prev[i] !== next[i] && !sameJson(prev[i], next[i])) return false;
    return true;
  }
  return typeof prev === 'number' && typeof next === 'number' && Number.isNaN(prev) && Number.isNaN(next);
}

/** Each element's (last) position. */
function indexOf(list: readonly unknown[]): Map<unknown, number> {
  const m = new Map<unknown, number>();
  for (let i = 0; i < list.length; i++) m.set(list[i], i);
  return m;
}

/** The value a `JsonPatch` of `prev` stands for; parts it does not change are `prev`'s own objects. */
export function patchJson(prev: unknown, patch: JsonPatch): unknown {
  switch (patch[0]) {
    case 0: return patch[1];
    case 1: {
      if (!isRecord(prev)) throw new Error('viewDelta: an object change of a value that is not an object');
      const out: Record<string, unknown> = { ...prev };
      for (const k of Object.keys(patch[1])) out[k] = patchJson(prev[k], patch[1][k]!);
      for (const k of patch[2] ?? []) delete out[k];
      return out;
    }
    case 2: {
      if (!Array.isArray(prev)) throw new Error('viewDelta: an array change of a value that is not an array');
      let n = 0;
      for (const r of patch[1]) {
        if (!Array.isArray(r)) n++;
        else if (r[0] < 0 || r[0] + r[1] > prev.length) throw new Error(`viewDelta: run ${r[0]}+${r[1]} outside ${prev.length} elements`);
        else n += r[1];
      }
      // sized once: a long list (a board's pieces) changed in one place is not grown push by push
      const out: unknown[] = new Array(n);
      let j = 0;
      for (const r of patch[1]) {
        if (!Array.isArray(r)) out[j++] = r.v;
        else for (let i = r[0]; i < r[0] + r[1]; i++) out[j++] = prev[i];
      }
      return out;
    }
    default: throw new Error('viewDelta: not a change');
  }
}

/** A run of the previous list kept as it was ([start, count]), or a new choice. */
export type ChoiceRun = [start: number, count: number] | Choice;

/**
 * `next` as runs of `prev` and new choices, or null when sending it whole is as short. A choice is kept when it is
 * the same object (rule sets that cache their choices, as 2WW movement does) or has the same label and action.
 */
export function diffChoices(prev: readonly Choice[] | null, next: readonly Choice[]): ChoiceRun[] | null {
  if (!prev || prev.length < 16 || next.length < 16) return null;
  // By label (-1: the label is not unique, then by object only); labels almost always tell choices apart.
  const at = new Map<string, number>();
  prev.forEach((c, i) => at.set(c.label, at.has(c.label) ? -1 : i));
  let byObject: Map<Choice, number> | null = null;
  const out: ChoiceRun[] = [];
  let kept = 0;
  for (const c of next) {
    let i = at.get(c.label);
    if (i === -1) {
      byObject ??= new Map(prev.map((p, j) => [p, j]));
      i = byObject.get(c);
    } else if (i !== undefined && prev[i] !== c && !sameAction(prev[i]!.action, c.action)) i = undefined;
    if (i === undefined) {
      out.push(c);
      continue;
    }
    kept++;
    const last = out[out.length - 1];
    if (Array.isArray(last) && last[0] + last[1] === i) last[1]++;
    else out.push([i, 1]);
  }
  return kept * 2 >= next.length ? out : null;
}

/** The list a `choicesDelta` stands for. */
export function patchChoices(prev: readonly Choice[], runs: readonly ChoiceRun[]): Choice[] {
  const out: Choice[] = [];
  for (const r of runs) {
    if (!Array.isArray(r)) {
      out.push(r);
      continue;
    }
    const [start, count] = r;
    if (start < 0 || start + count > prev.length) throw new Error(`choicesDelta: run ${start}+${count} outside ${prev.length} choices`);
    for (let i = start; i < start + count; i++) out.push(prev[i]!);
  }
  return out;
}


/**
 * Client side of `viewDelta` and `choicesDelta`: keeps the last view of one connection and makes every state message
 * whole. Throws when a change arrives without a view or list before it (the connection should then be reopened).
 */
export class StateReceiver {
  private view: SeatView | null = null;
  private last: Choice[] | null = null;
  receive(m: StateMessage): StateMessage {
    if (m.viewDelta !== undefined) {
      if (!this.view) throw new Error('viewDelta without a previous view on this connection');
      const { viewDelta, ...rest } = m;
      m = { ...rest, view: patchJson(this.view, viewDelta) as SeatView };
    }
    if (m.choicesDelta && m.view.prompt) {
      if (!this.last) throw new Error('choicesDelta without a previous list on this connection');
      m = { ...m, view: { ...m.view, prompt: { ...m.view.prompt, choices: patchChoices(this.last, m.choicesDelta) } } };
      delete m.choicesDelta;
    }
    this.view = m.view;
    this.last = m.view.prompt?.choices ?? null;
    return m;
  }
}

/** Limits the server enforces (defaults; see docs/server.md). */
export const MAX_WS_MESSAGE_BYTES = 64 * 1024;
export const TOKEN_HEX_LENGTH = 32;
