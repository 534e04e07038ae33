// The kernel's contract with rule sets and with every controller (web client, AI, server, CLI, fuzzer, tests).
import type { Assets, BoardView } from './board.ts';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A seat is one side at the table ("axis", "allies"). */
export type Seat = string;

/** An action is plain JSON with a `type`; its other fields are the rule set's. */
export interface Action {
  type: string;
  [k: string]: Json | undefined;
}

/**
 * What a choice points at, so that clients highlight, group and explain it without reading the action's fields.
 * Places are hex, area or box ids of the rule set's board; units are unit ids of its view.
 */
export interface ChoiceRefs {
  /** The units the choice acts on (moved, placed, attacking, taking a loss...). */
  units?: string[];
  /** Where the choice leads or what place it is about (a destination, a hex to attack, a box). */
  place?: string;
  /** Where the units start, when it is not obvious from the view. */
  from?: string;
  /** Places passed through, in order, ending at `place`. */
  path?: string[];
  /** Enemy units the choice aims at (a combat target, an interception). */
  targets?: string[];
}

/** One entry of a seat's choice list: the exact action to send back, and how to present it. */
export interface Choice {
  action: Action;
  /**
   * Short text for a menu or the CLI ("Move 4th infantry to 2214 Berlin"). Where several choices of a prompt, or of a
   * group's list as `choicesIn` gives it to a client, share a label, the kernel numbers them ("... (1 of 2)").
   */
  label: string;
  refs?: ChoiceRefs;
}

/**
 * A group of a structured prompt (pick a unit, then one of its destinations). Its choices are asked for when needed
 * (`choicesIn` in the kernel), so a movement phase does not list every unit x destination pair.
 */
export interface ChoiceGroup {
  /** Stable within the prompt's state (usually a unit or stack id). */
  key: string;
  /** "4th Panzer at 2214 Berlin" (numbered by the kernel where several groups share it, as choices are). */
  label: string;
  refs?: ChoiceRefs;
}

/**
 * A decision the engine waits for. Several prompts at once mean several seats must decide (for example secret
 * simultaneous choices); each seat sees only its own.
 */
export interface Prompt {
  seat: Seat;
  /** Rule case the decision comes from ("2WW 9.1"). */
  rule: string;
  /** What is asked, in a sentence. */
  text: string;
  /** Kind of decision, for a client to pick a widget: 'move', 'attack', 'allocate-loss', 'retreat', 'yes-no'... */
  kind: string;
  /**
   * Legal actions. With `groups`, these are the choices outside any group (end the phase...); otherwise every legal
   * action. A client only ever offers listed choices; the kernel refuses anything else.
   */
  choices: Choice[];
  /** A structured prompt's groups: each group's choices come from the kernel's `choicesIn` (never listed here). */
  groups?: ChoiceGroup[];
  /** Optional structured context for clients (units involved, combat figures, ...). */
  context?: Json;
}

/** One entry of the procedure stack: which procedure, and its local variables. */
export interface Frame {
  proc: string;
  [k: string]: Json | undefined;
}

export interface DieRoll {
  sides: number;
  count: number;
  faces: number[];
  total: number;
  purpose: string;
  rule: string;
  forced?: boolean;
  /** Each die is read on its own (a hit on 4 or less, one die a ship), not added up: no total is shown. */
  each?: true;
}

/**
 * How a roll is read: `each` when every die counts on its own rather than their sum; `hidden` when no seat may see it
 * (a shuffle of a face-down stack): its event goes to nobody, and the revealed seed shows it after the end.
 */
export interface RollOptions {
  each?: boolean;
  hidden?: boolean;
}

/** Something that happened, for the game log shown to players. */
export interface GameEvent {
  text: string;
  rule?: string;
  /** Present when the event is a die roll. */
  roll?: DieRoll;
  /** Structured details (a combat's arithmetic...). */
  data?: Json;
  /** Seats that may see the event; absent = everyone. */
  visibleTo?: Seat[];
}

export interface Outcome {
  /** Winning seat, or null for a draw. */
  winner: Seat | null;
  /** Rule set's name for the result ("Decisive Axis victory"). */
  result: string;
  rule?: string;
}

export interface RngState {
  /** sfc32 state words. */
  s: [number, number, number, number];
  /** Dice forced by tests or a sandbox, consumed before the generator. */
  forced: number[];
  /** Number of dice drawn so far (for verification). */
  drawn: number;
  /** Set only on private copies by the exact-odds engine: a roll without forced faces throws DiceNeeded. */
  enumerating?: boolean;
}

/** Fields the kernel owns in every game state. Rule sets extend this with their own (plain JSON) fields. */
export interface BaseState {
  ruleset: string;
  scenario: string;
  rng: RngState;
  stack: Frame[];
  /** Actions applied so far. */
  seq: number;
  outcome: Outcome | null;
  /** Sealed answers to simultaneous decisions, by frame depth and seat; redacted from views. */
  sealed: Record<string, Record<Seat, Action>>;
}

export interface ScenarioInfo {
  id: string;
  name: string;
  description: string;
  seats: Seat[];
}

export interface OptionInfo {
  id: string;
  name: string;
  description: string;
  default: Json;
  values?: Json[];
  /** A switch whose null (or absent) value follows another option, a preset: on when the preset is (optionOn). */
  preset?: string;
}

export type Options = Record<string, Json>;

/** What an apply reports besides the new state. */
export interface ApplyResult<S extends BaseState = BaseState> {
  state: S;
  events: GameEvent[];
  /** True when the action cannot be taken back by its seat alone (a die was rolled, something hidden was revealed). */
  irreversible: boolean;
}

/**
 * Context handed to procedures while an action is applied. The state in it is a private copy: mutate freely, or, for
 * a rule set with `copyOnWrite`, through `write` (kernel.ts) only.
 */
export interface Ctx<S extends BaseState = BaseState> {
  readonly state: S;
  /**
   * In `act` only: the settled state the action applies to, equal in content to `state` until the handler first
   * changes it, so that its facts (`derived`, computed for the prompt already) may be read instead of rebuilt.
   * Read-only; undefined in `run`, `resume` and `actAll`.
   */
  readonly settled?: S;
  /** Roll `count` dice of `sides` faces; recorded with purpose and rule case (and `each` when not summed). */
  roll(sides: number, count: number, purpose: string, rule: string, opts?: RollOptions): DieRoll;
  log(text: string, rule?: string, data?: Json, visibleTo?: Seat[]): void;
  /** Marks the current action as not undoable (the kernel does this itself for dice). */
  irreversible(): void;
  /** Push a sub-procedure; it runs after the current handler returns. */
  push(proc: string, locals?: Omit<Frame, 'proc'>): void;
  /** Replace the top frame. Refused (EngineError) after a push in the same handler: goto first, then push. */
  goto(proc: string, locals?: Omit<Frame, 'proc'>): void;
  /** End the top frame; the frame below gets `result` through its `resume`. */
  pop(result?: Json): void;
  /** End the game. */
  end(outcome: Outcome): void;
}

export interface Procedure<S extends BaseState = BaseState, F extends Frame = Frame> {
  /** Decisions awaited while this frame is on top (never depending on `seq`). Empty or absent: the kernel calls `run`. */
  prompts?(state: S, frame: F): Prompt[];
  /** Automatic step: must change the stack (push, goto, pop) or end the game. */
  run?(ctx: Ctx<S>, frame: F): void;
  /** A structured prompt's choices in one of its groups (`Prompt.groups`); [] for an unknown group. */
  choicesIn?(state: S, frame: F, seat: Seat, group: string): Choice[];
  /**
   * Some of this procedure's groups may hold no choice, which only listing them shows (a unit with nowhere to go): a
   * player is shown only the groups that hold one (the kernel's `playerPrompt`). The AI's `prompts` keep them all.
   */
  sparseGroups?: boolean;
  /** The group an action would belong to (so legality is checked within one group); null: not in any group. */
  groupOf?(state: S, frame: F, seat: Seat, action: Action): string | null;
  /**
   * The choices of `group` that may equal `action`: every one of `choicesIn`'s list that does, others optional (the
   * legality check of one action without listing the whole group, e.g. one unit's destinations). Absent: choicesIn.
   */
  choicesFor?(state: S, frame: F, seat: Seat, group: string, action: Action): Choice[];
  /** Handle a legal action of one of this frame's prompts. */
  act?(ctx: Ctx<S>, frame: F, seat: Seat, action: Action): void;
  /**
   * For simultaneous decisions: when true, answers are sealed until every prompted seat has answered, then
   * `actAll` receives them together.
   */
  simultaneous?: boolean;
  actAll?(ctx: Ctx<S>, frame: F, answers: Record<Seat, Action>): void;
  /** A child procedure returned into this frame. Absent: the kernel calls `run` again. */
  resume?(ctx: Ctx<S>, frame: F, result: Json | undefined): void;
  /**
   * Explain why an action that is not among the legal choices is illegal, naming the rule case. Return null to
   * fall back to the generic message.
   */
  explain?(state: S, frame: F, seat: Seat, action: Action): RuleViolationInfo | null;
}

export interface RuleViolationInfo {
  rule: string;
  message: string;
}

export interface Ruleset<S extends BaseState = BaseState> {
  id: string;
  title: string;
  rulesVersion: string;
  seats: Seat[];
  scenarios: ScenarioInfo[];
  /** The scenario's seats that play under these options (default: all of them); the others get no seat in a game. */
  seatsIn?(scenario: string, options: Options): Seat[];
  /** Seats that play only with an option on (optionOn): served to clients, so a form offers the seat only then. */
  seatOptions?: Record<Seat, string>;
  options: OptionInfo[];
  procedures: Record<string, Procedure<S, any>>;
  /**
   * Structural sharing: an apply copies only the state's top level (and the kernel's stack, dice and sealed answers);
   * the rules change anything else through `write(state, ...path)`, which copies just the objects on that path, and
   * every settled state is frozen, so a write that bypasses it throws. Absent: every apply copies the whole state.
   */
  copyOnWrite?: boolean;
  /**
   * Build the initial state (without the kernel fields, which the kernel adds) and the first frame(s) of the
   * procedure stack. Must be deterministic; dice go through `ctx.roll` when setup needs them.
   */
  setup(ctx: SetupCtx, scenario: string, options: Options): Omit<S, keyof BaseState> & { stack: Frame[] };
  /** What one seat (or a spectator: null) may know. The kernel removes its own secrets (rng, sealed) first. */
  view(state: S, seat: Seat | null): Json;
  /**
   * True when, under these options, a seat may not read the other seats' actions before the end (fog of war: an
   * action names what it moves). The server then shows them as `{type:'hidden'}` in a log export until the game ends.
   * Absent: actions are public (only sealed answers are hidden until revealed).
   */
  hiddenActions?(options: Options): boolean;
  /** Checks that must hold in every reachable state; each broken one is described in a string. */
  invariants?(state: S): string[];
  /**
   * What the board shows to one seat (or a spectator: null): pieces, markers, control, turn. Redacted like `view`;
   * the kernel hands it to every client as `SeatView.board`.
   */
  boardView?(state: S, seat: Seat | null): BoardView;
  /** Short one-line status for logs and the CLI ("Autumn 1939, Axis movement"). */
  describe?(state: S): string;
  /**
   * Static data a client needs to draw the game: the board (hex sheets, areas, boxes, tracks), the counter manifest,
   * charts, notes on reconstructed data, conforming to `AssetsSchema` (src/engine/board.ts); the same for every game
   * of the rule set, so clients may cache it.
   */
  assets?(): Assets;
  /** Check the rule set's data files (schemas and cross-references); every problem names file and field. */
  validateData?(): DataProblem[];
  /** Start a game from any position (docs/positions.md). */
  positions?: PositionSupport<S>;
}

/** A rule set's position format: a documented JSON description of a game at any step. */
export interface PositionSupport<S extends BaseState = BaseState> {
  /** Every problem of a position, by schema and by the rules; empty when it can be played. */
  validate(position: Json): DataProblem[];
  /** The state a valid position describes (without kernel fields, like `setup`). Throws when invalid. */
  fromPosition(ctx: SetupCtx, position: Json): Omit<S, keyof BaseState> & { stack: Frame[] };
  /** The position of a state, so that fromPosition(toPosition(s)) plays exactly like s. */
  toPosition(state: S): Json;
}

export interface DataProblem {
  file: string;
  field: string;
  message: string;
}

export interface SetupCtx {
  roll(sides: number, count: number, purpose: string, rule: string, opts?: RollOptions): DieRoll;
}

/** Whether a yes/no option is on: true or false decides; otherwise its preset's value, else its default. */
export function optionOn(options: OptionInfo[], values: Options, id: string): boolean {
  const v = values[id];
  if (v === true || v === false) return v;
  const o = options.find((x) => x.id === id);
  return o?.preset ? optionOn(options, values, o.preset) : o?.default === true;
}

/**
 * The seats of a game of `scenario` under `options`: the scenario's, less those its options leave out
 * (Ruleset.seatsIn, Ruleset.seatOptions).
 */
export function seatsInPlay(
  ruleset: Pick<Ruleset<any>, 'seats' | 'scenarios' | 'seatsIn' | 'seatOptions' | 'options'>, scenario: string, options: Options,
): Seat[] {
  const all = ruleset.scenarios.find((x) => x.id === scenario)?.seats ?? ruleset.seats;
  const inPlay = ruleset.seatsIn?.(scenario, options);
  const needs = ruleset.seatOptions ?? {};
  return all.filter((x) => (!inPlay || inPlay.includes(x)) && (!needs[x] || optionOn(ruleset.options, options, needs[x])));
}
