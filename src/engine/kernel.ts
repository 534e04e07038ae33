// The kernel: setup, the procedure stack, prompts, apply and view for any rule set.
import { createRng, rollDice } from './rng.ts';
import { RECORD_KEYS } from './hash.ts';
import type { BoardView } from './board.ts';
import type {
  Action, ApplyResult, BaseState, Choice, Ctx, DieRoll, Frame, GameEvent, Json, Options, Outcome, Prompt, RngState, RollOptions, Ruleset,
  Seat,
} from './types.ts';

/** A roll's event: "rolled 4+5 = 9", or each die on its own "rolled 6, 2, 5"; a hidden roll is seen by no seat. */
function rollEvent(purpose: string, rule: string, r: DieRoll, opts?: RollOptions): GameEvent {
  const text = r.each ? `${purpose}: rolled ${r.faces.join(', ')}` : `${purpose}: rolled ${r.faces.join('+')}${r.count > 1 ? ` = ${r.total}` : ''}`;
  return opts?.hidden ? { text, rule, roll: r, visibleTo: [] } : { text, rule, roll: r };
}

/** An illegal action: names the rule case, what was wrong and what would be legal. The state is untouched. */
export class RuleViolation extends Error {
  readonly rule: string;
  readonly legal: string[];
  constructor(rule: string, message: string, legal: string[] = []) {
    super(`${rule}: ${message}`);
    this.name = 'RuleViolation';
    this.rule = rule;
    this.legal = legal;
  }
}

/** A bug in a rule set (a procedure that makes no progress, an unknown procedure...), never a player's fault. */
export class EngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineError';
  }
}

const MAX_STEPS = 1_000_000;

/** Canonical text of an action: keys sorted, so field order never matters. */
export function actionKey(action: Action): string {
  const keys = Object.keys(action).filter((k) => action[k] !== undefined).sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonical(action[k] as Json)).join(',') + '}';
}

function canonical(v: Json): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  return actionKey(v as Action);
}

/** actionKey(a) === actionKey(b), without building the keys (keys holding undefined are absent in both). */
export function sameAction(a: Action, b: Action): boolean {
  return sameJson(a, b);
}

type Loose = Json | undefined | { [k: string]: Json | undefined };

function sameJson(a: Loose, b: Loose): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  let n = 0;
  for (const k in a) {
    const v = a[k];
    if (v === undefined) continue;
    n++;
    if (!sameJson(v, b[k])) return false;
  }
  for (const k in b) if (b[k] !== undefined) n--;
  return n === 0;
}

/** A cheap exact pre-test for actionKey equality: string fields must match (prompts may list 1,000+ choices). */
function mayEqual(choice: Action, action: Action): boolean {
  for (const k in action) {
    const v = action[k];
    if (typeof v === 'string' && choice[k] !== v) return false;
  }
  return true;
}

function sealKey(state: BaseState): string {
  const top = state.stack[state.stack.length - 1];
  return `${state.stack.length}:${top?.proc ?? ''}`;
}

class ApplyCtx<S extends BaseState> implements Ctx<S> {
  events: GameEvent[] = [];
  isIrreversible = false;
  changes = 0;
  pendingResume: { depth: number; result: Json | undefined } | null = null;
  settled: S | undefined = undefined;
  /** A frame was pushed in the current step (one call of a procedure's run, resume, act or actAll). */
  private pushedInStep = false;
  constructor(readonly state: S) {}

  /** A procedure's handler is about to run. */
  step(): this {
    this.pushedInStep = false;
    return this;
  }

  roll(sides: number, count: number, purpose: string, rule: string, opts?: RollOptions): DieRoll {
    const r = rollDice(this.state.rng, sides, count, purpose, rule, opts);
    this.isIrreversible = true;
    this.events.push(rollEvent(purpose, rule, r, opts));
    return r;
  }
  log(text: string, rule?: string, data?: Json, visibleTo?: Seat[]): void {
    const e: GameEvent = { text };
    if (rule) e.rule = rule;
    if (data !== undefined) e.data = data;
    if (visibleTo) e.visibleTo = visibleTo;
    this.events.push(e);
  }
  irreversible(): void {
    this.isIrreversible = true;
  }
  push(proc: string, locals: Omit<Frame, 'proc'> = {}): void {
    this.state.stack.push({ proc, ...locals } as Frame);
    this.pushedInStep = true;
    this.changes++;
  }
  goto(proc: string, locals: Omit<Frame, 'proc'> = {}): void {
    if (this.state.stack.length === 0) throw new EngineError(`goto ${proc} with an empty stack`);
    // The top is then the frame just pushed, not the caller's: goto first, then push.
    if (this.pushedInStep) throw new EngineError(`goto ${proc} after a push in the same step would replace the pushed ${this.state.stack[this.state.stack.length - 1]!.proc}`);
    this.state.stack[this.state.stack.length - 1] = { proc, ...locals } as Frame;
    this.changes++;
  }
  pop(result?: Json): void {
    if (this.state.stack.length === 0) throw new EngineError('pop with an empty stack');
    this.state.stack.pop();
    this.pendingResume = { depth: this.state.stack.length, result };
    this.changes++;
  }
  end(outcome: Outcome): void {
    this.state.outcome = outcome;
    this.state.stack = [];
    this.changes++;
    this.log(`Game over: ${outcome.result}`, outcome.rule);
  }
}

function procedureOf<S extends BaseState>(ruleset: Ruleset<S>, frame: Frame) {
  const p = ruleset.procedures[frame.proc];
  if (!p) throw new EngineError(`${ruleset.id}: unknown procedure "${frame.proc}"`);
  return p;
}

// ---- facts derived from settled states ----

/**
 * A settled state is one the kernel returned (setupGame, applyAction) and that nobody changes afterwards: what the
 * rules derive from it (prompts, a structured prompt's group choices, a rule set's costly facts such as supply) is
 * computed once per state object. The kernel owns these caches; they die with their state. During a read-only query
 * of the kernel (prompts, choicesIn, allChoices, viewFor) any state is treated as settled.
 */
interface Facts {
  values: Map<unknown, unknown>;
  /** Facts made by `derivedFrom` here: the state's children inherit them. */
  reusable: Map<string, unknown> | undefined;
  /** Facts made here by `derivedFrom` with `carry: 'next'`: only the states applied from this one inherit them. */
  forNext: Map<string, unknown> | undefined;
  /** The `forNext` facts of the state this one was applied from. */
  fromParent: Map<string, unknown> | undefined;
  /** The `derivedFrom` facts known at the state this one was applied from (its own and those it inherited). */
  inherited: Inherited | undefined;
  /** Check mode: every fact reused from an earlier state is also computed from scratch and compared. */
  check: boolean;
  /** Made for one query on an unsettled state, dropped after it. */
  temporary?: boolean;
}

/**
 * Inherited facts as a short chain of the ancestors' maps, newest first (copying one map of several hundred facts
 * into every new state cost more than the lookups): merged into one map when it grows past INHERITED_DEPTH. A merged
 * map records the merge at which each of its facts was last made or asked for (`asked`, `merge`: merges counted from
 * the set-up); a fact no state asked for in the last INHERITED_MERGES merges is not carried into the next one.
 */
interface Inherited {
  facts: Map<string, unknown>; older: Inherited | undefined; depth: number; asked?: Map<string, number>; merge?: number;
}

const INHERITED_DEPTH = 8;
/**
 * Merges (of INHERITED_DEPTH states each) a fact is carried on unasked: 2, so 24 to 32 states. Older ones are rarely
 * reusable (a unit's moves from a turn before, whose surroundings have changed since) and were half of what a 2WW
 * game kept between actions on the server; one that is asked again is computed afresh, as on a state that never had it.
 */
const INHERITED_MERGES = 2;

function inheritedFact(chain: Inherited | undefined, key: string): unknown {
  for (let c = chain; c; c = c.older) {
    const v = c.facts.get(key);
    if (v !== undefined || c.facts.has(key)) return v;
  }
  return undefined;
}

const settledFacts = new WeakMap<object, Facts>();

function newFacts(inherited: Inherited | undefined, check: boolean, fromParent?: Map<string, unknown>): Facts {
  return { values: new Map(), reusable: undefined, forNext: undefined, fromParent, inherited, check };
}

/** Marks `state` settled; `from` is the settled state it was applied from (its reusable facts are inherited). */
function settle(state: object, from: object | null): Facts {
  const parent = from ? settledFacts.get(from) : undefined;
  let inherited = parent?.inherited;
  if (parent?.reusable?.size) {
    if (!inherited || inherited.depth < INHERITED_DEPTH) {
      inherited = { facts: parent.reusable, older: inherited, depth: (inherited?.depth ?? 0) + 1 };
    } else {
      const chain: Inherited[] = [];
      for (let c: Inherited | undefined = inherited; c; c = c.older) chain.push(c);
      const merge = (chain[chain.length - 1]!.merge ?? 0) + 1;
      const merged = new Map<string, unknown>();
      const asked = new Map<string, number>();
      // oldest first, so that a newer value (and its merge) replaces an older one
      for (let i = chain.length - 1; i >= 0; i--) {
        const c = chain[i]!;
        for (const [k, v] of c.facts) {
          const at = c.asked ? c.asked.get(k)! : merge;
          if (merge - at > INHERITED_MERGES) continue;
          merged.set(k, v);
          asked.set(k, at);
        }
      }
      for (const [k, v] of parent.reusable) {
        merged.set(k, v);
        asked.set(k, merge);
      }
      inherited = { facts: merged, older: undefined, depth: 1, asked, merge };
    }
  }
  const f = newFacts(inherited, parent?.check ?? false, parent?.forNext);
  settledFacts.set(state, f);
  return f;
}

/** Runs a read-only query with `state` treated as settled (its facts computed once) for the query's duration. */
function query<T>(state: object, run: () => T): T {
  if (settledFacts.has(state)) return run();
  settledFacts.set(state, { ...newFacts(undefined, false), temporary: true });
  try {
    return run();
  } finally {
    settledFacts.delete(state);
  }
}

/**
 * A fact derived from `state` by a pure function of it, computed once per settled state (key: what the fact is,
 * e.g. "2ww:move-facts:axis"). On a state that is not settled (a copy being changed inside apply, a test's hand-made
 * state outside a kernel query) it is computed every time.
 */
export function derived<T>(state: BaseState, key: string, compute: () => T): T {
  const f = settledFacts.get(state);
  if (!f) return compute();
  if (f.values.has(key)) return f.values.get(key) as T;
  const v = compute();
  f.values.set(key, v);
  return v;
}

/**
 * Like `derived`, but `compute` also gets the latest value of the same fact in the states this one was applied from
 * (inside withContentFacts, when none of them made it, the latest one made in that scope, of any state; undefined
 * when none is known), so that it may return it again while its inputs are unchanged; such facts must
 * hold no state objects (they are inherited from state to state), except parts of settled states of a copy-on-write
 * rule set (frozen, never changed: identity then says "unchanged"). `compute` must answer exactly what it would answer
 * from scratch: check mode (`checkDerivedFacts`) computes both and throws an EngineError on a difference.
 * `carry: 'next'`: the fact is offered only to the states applied from this one (a large fact, such as a unit's
 * moves, that is reused while asked at every state and otherwise costs more to keep than to compute again).
 */
export function derivedFrom<T>(state: BaseState, key: string, compute: (previous: T | undefined) => T, opts?: { carry: 'next' }): T {
  const f = settledFacts.get(state);
  if (!f) return compute(undefined);
  if (f.values.has(key)) return f.values.get(key) as T;
  // Inside a content scope (an AI search), a fact its ancestors never made is offered the scope's latest one: the
  // same unit's moves listed in a sibling plan, where the plans differ only in other units.
  const scope = contentScopes[contentScopes.length - 1];
  const next = opts?.carry === 'next';
  const previous = ((next ? f.fromParent?.get(key) : inheritedFact(f.inherited, key)) ?? scope?.latest.get(key)) as T | undefined;
  const v = compute(previous);
  scope?.latest.set(key, v);
  if (f.check && previous !== undefined) {
    const fresh = compute(undefined);
    if (!sameFacts(v, fresh)) throw new EngineError(`derived fact "${key}" reused from an earlier state differs from the same fact computed afresh (seq ${state.seq})`);
  }
  f.values.set(key, v);
  if (next) (f.forNext ??= new Map()).set(key, v);
  else (f.reusable ??= new Map()).set(key, v);
  return v;
}

/**
 * `state` with another dice generator (the exact-odds engine replays one action from the same position once per dice
 * branch): a shallow copy that shares the settled facts of `state` (its prompts...), as no prompt or derived fact
 * reads the dice. In check mode the copy's facts are computed afresh instead.
 */
export function withRng<S extends BaseState>(state: S, rng: RngState): S {
  const copy = { ...state, rng };
  const f = settledFacts.get(state);
  if (f && !f.temporary && !f.check) settledFacts.set(copy, f);
  return copy;
}

/**
 * Check mode for the facts of `state` and of every state applied from it: each fact reused from an earlier state is
 * also computed from scratch and compared (the fuzzer turns it on). `state` must be settled.
 */
export function checkDerivedFacts(state: BaseState): void {
  const f = settledFacts.get(state);
  if (!f || f.temporary) throw new EngineError('checkDerivedFacts: the state is not one the kernel settled (setupGame, applyAction)');
  f.check = true;
}

/**
 * Facts by content for the duration of `run` (the exact-odds engine's enumeration, which replays one action from
 * the same position once per dice branch): inside it, `derivedByContent` answers equal positions once. The memo is
 * the kernel's, opened and dropped here.
 */
export function withContentFacts<T>(run: () => T): T {
  if (contentScopes.length) return run();
  contentScopes.push({ facts: new Map(), ids: new WeakMap(), interned: new Map(), names: new Map(), keys: new WeakMap(), latest: new Map() });
  try {
    return run();
  } finally {
    contentScopes.pop();
  }
}

/** An open content memo: the facts, and a number for each distinct content met (frozen objects keep theirs). */
interface ContentScope {
  facts: Map<string, unknown>;
  ids: WeakMap<object, number>;
  interned: Map<string, number>;
  /** Object keys and string values as JSON strings. */
  names: Map<string, string>;
  /** Defined keys, in order, of objects that copies were made from. */
  keys: WeakMap<object, string[]>;
  /** The latest value of each `derivedFrom` fact made in the scope (offered where a state inherits none). */
  latest: Map<string, unknown>;
}

/** Open content memos (at most one): see withContentFacts. */
const contentScopes: ContentScope[] = [];

/**
 * Number of the content of `v` in `scope`: equal content, equal number. A frozen object whose parts are all frozen
 * or primitive never changes, so its number is kept by identity: copy-on-write states share such subtrees, and only
 * what an apply wrote is read again. Negative when `v` may still change (its number is then not kept).
 */
function contentId(scope: ContentScope, v: object): number {
  const known = scope.ids.get(v);
  if (known !== undefined) return known;
  let stable = Object.isFrozen(v);
  let text: string;
  if (Array.isArray(v)) {
    text = '[';
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x !== 'object' || x === null) text += `${primitiveText(scope, x)},`;
      else {
        const id = contentId(scope, x);
        if (id < 0) stable = false;
        text += `#${id < 0 ? -id : id},`;
      }
    }
  } else {
    const from = copiedFrom.get(v) as Record<string, unknown> | undefined;
    const diff = from && contentDiff(scope, v as Record<string, unknown>, from);
    if (diff) {
      text = diff.text;
      if (!diff.stable) stable = false;
    } else text = '{';
    if (!diff) for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      if (x === undefined) continue;
      let name = scope.names.get(k);
      if (name === undefined) scope.names.set(k, (name = JSON.stringify(k)));
      if (typeof x !== 'object' || x === null) text += `${name}:${primitiveText(scope, x)},`;
      else {
        const id = contentId(scope, x);
        if (id < 0) stable = false;
        text += `${name}:#${id < 0 ? -id : id},`;
      }
    }
  }
  let id = scope.interned.get(text);
  if (id === undefined) scope.interned.set(text, (id = scope.interned.size + 1));
  if (!stable) return -id;
  scope.ids.set(v, id);
  return id;
}

/**
 * The content of `v`, an object copied from `from` (copy-on-write), as `from`'s number and the values that differ;
 * null when `from` may change or `v` does not keep `from`'s keys in their order (the caller then lists every key).
 */
function contentDiff(scope: ContentScope, v: Record<string, unknown>, from: Record<string, unknown>): { text: string; stable: boolean } | null {
  const base = contentId(scope, from);
  if (base < 0) return null;
  let keys = scope.keys.get(from);
  if (!keys) {
    keys = [];
    for (const k in from) if (from[k] !== undefined) keys.push(k);
    scope.keys.set(from, keys);
  }
  let text = `~${base}{`, stable = true, i = 0;
  for (const k in v) {
    const x = v[k];
    if (x === undefined) continue;
    if (i < keys.length && keys[i] !== k) return null;
    i++;
    if (x === from[k]) continue;
    let name = scope.names.get(k);
    if (name === undefined) scope.names.set(k, (name = JSON.stringify(k)));
    if (typeof x !== 'object' || x === null) text += `${name}:${primitiveText(scope, x)},`;
    else {
      const id = contentId(scope, x);
      if (id < 0) stable = false;
      text += `${name}:#${id < 0 ? -id : id},`;
    }
  }
  return i >= keys.length ? { text, stable } : null;
}

/** A JSON primitive as text for contentId (strings quoted, so that "1" and 1 differ). */
function primitiveText(scope: ContentScope, x: unknown): string {
  if (typeof x !== 'string') return String(x);
  let text = scope.names.get(x);
  if (text === undefined) scope.names.set(x, (text = JSON.stringify(x)));
  return text;
}

/**
 * Inside withContentFacts: a key equal for positions of equal content (dice and action count aside), cheap for
 * copy-on-write states (only what differs from frozen shared parts is read). Outside: null.
 */
export function contentKey(state: object): string | null {
  const scope = contentScopes[contentScopes.length - 1];
  if (!scope) return null;
  const { rng: _rng, seq: _seq, ...content } = state as Record<string, unknown>;
  return `c${Math.abs(contentId(scope, content))}`;
}

/**
 * A fact of `state` that depends only on its content (never on its dice or action count): inside withContentFacts,
 * computed once per distinct position; elsewhere as `derived`. The value must be plain data that keeps no state.
 */
export function derivedByContent<T>(state: BaseState, key: string, compute: () => T): T {
  const scope = contentScopes[contentScopes.length - 1];
  if (!scope) return derived(state, key, compute);
  const k = `${contentKey(state)}|${key}`;
  if (scope.facts.has(k)) return scope.facts.get(k) as T;
  const v = compute();
  scope.facts.set(k, v);
  return v;
}

/** Deep equality of derived facts: JSON values, arrays, Maps, Sets, typed arrays and plain or class objects. */
export function sameFacts(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  const proto = Object.getPrototypeOf(a);
  if (proto !== Object.getPrototypeOf(b)) return false;
  // Plain objects and arrays first (most of what check mode compares: choice lists), without allocating.
  if (proto === Object.prototype) return sameRecords(a as Record<string, unknown>, b as Record<string, unknown>);
  if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    const x = a as ArrayLike<unknown>, y = b as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i] && !sameFacts(x[i], y[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    const m = b as Map<unknown, unknown>;
    if (a.size !== m.size) return false;
    for (const [k, v] of a) if (!m.has(k) || !sameFacts(v, m.get(k))) return false;
    return true;
  }
  if (a instanceof Set) {
    const t = b as Set<unknown>;
    if (a.size !== t.size) return false;
    for (const v of a) if (!t.has(v)) return false;
    return true;
  }
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!Object.hasOwn(b, k) || !sameFacts((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** Plain objects: the same own keys (in any order) with the same values. */
function sameRecords(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let n = 0;
  for (const k in a) {
    const x = a[k], y = b[k];
    if (x !== y && !sameFacts(x, y)) return false;
    if (y === undefined && !Object.hasOwn(b, k)) return false;
    n++;
  }
  for (const _ in b) n--;
  return n === 0;
}

/** What the kernel itself keeps of a settled state, per rule set: its prompts and the choices of its groups. */
interface KernelFacts {
  prompts?: Prompt[];
  groups: Map<string, Choice[]>;
  /** Prompts as players are shown them (playerPrompt), by seat. */
  shown?: Map<Seat, Prompt>;
}

function kernelFacts(state: object, ruleset: Ruleset<any>): KernelFacts | undefined {
  const f = settledFacts.get(state);
  if (!f) return undefined;
  let k = f.values.get(ruleset) as KernelFacts | undefined;
  if (!k) f.values.set(ruleset, (k = { groups: new Map() }));
  return k;
}

/**
 * Prompts of settled states, by state object. The kernel memoises the prompts of every settled state itself; a
 * caller's memo is still honoured (no longer needed).
 */
export type PromptMemo = WeakMap<object, Prompt[]>;

/** Every decision awaited now (none when the game is over). */
export function prompts<S extends BaseState>(ruleset: Ruleset<S>, state: S, memo?: PromptMemo): Prompt[] {
  return memo?.get(state) ?? query(state, () => promptsOf(ruleset, state, memo));
}

function promptsOf<S extends BaseState>(ruleset: Ruleset<S>, state: S, memo?: PromptMemo): Prompt[] {
  const k = kernelFacts(state, ruleset);
  let ps = k?.prompts;
  if (!ps) {
    ps = awaited(ruleset, state, null);
    if (k) k.prompts = ps;
  }
  memo?.set(state, ps);
  return ps;
}

/** One group's choices from the top frame's procedure, once per settled state. */
function groupChoices<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat, group: string): Choice[] {
  const k = kernelFacts(state, ruleset);
  const key = `${seat}\u0000${group}`;
  let cs = k?.groups.get(key);
  if (!cs) {
    const top = state.stack[state.stack.length - 1]!;
    cs = procedureOf(ruleset, top).choicesIn?.(state, top, seat, group) ?? [];
    k?.groups.set(key, cs);
  }
  return cs;
}

/**
 * Items as a player tells them apart: where several share a label (two identical units in one hex, two fighters of one
 * kind attacking one bomber), each gets its place among them, "(1 of 2)". The same array when all labels differ.
 */
function distinctLabels<T extends { label: string }>(items: T[]): T[] {
  if (items.length < 2) return items;
  const count = new Map<string, number>();
  let dup = false;
  for (const x of items) {
    const n = (count.get(x.label) ?? 0) + 1;
    count.set(x.label, n);
    if (n > 1) dup = true;
  }
  if (!dup) return items;
  const seen = new Map<string, number>();
  return items.map((x) => {
    const of = count.get(x.label)!;
    if (of < 2) return x;
    const i = (seen.get(x.label) ?? 0) + 1;
    seen.set(x.label, i);
    return { ...x, label: `${x.label} (${i} of ${of})` };
  });
}

/** A prompt whose choices and groups each have labels a player tells apart (distinctLabels). */
function withDistinctLabels(p: Prompt): Prompt {
  const choices = distinctLabels(p.choices), groups = p.groups && distinctLabels(p.groups);
  return choices === p.choices && groups === p.groups ? p : { ...p, choices, ...(groups ? { groups } : {}) };
}

/** The prompts of the top frame, less the seats that have sealed their answer; `raw`: the top's prompts if known. */
function awaited<S extends BaseState>(ruleset: Ruleset<S>, state: S, raw: Prompt[] | null): Prompt[] {
  if (state.outcome) return [];
  const top = state.stack[state.stack.length - 1];
  if (!top) return [];
  const proc = procedureOf(ruleset, top);
  const all = (raw ?? proc.prompts?.(state, top) ?? []).map(withDistinctLabels);
  if (!proc.simultaneous) return all;
  const sealed = state.sealed[sealKey(state)] ?? {};
  return all.filter((p) => !(p.seat in sealed));
}

/** The prompt for one seat, if that seat must decide now. */
export function promptFor<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat): Prompt | undefined {
  return prompts(ruleset, state).find((p) => p.seat === seat);
}

/**
 * The prompt `seat` is shown (the views' and the terminal's): `promptFor`'s, less the groups that hold no choice where
 * the procedure says some may (`sparseGroups`). Listing every group costs what the AI's `allChoices` does, so only
 * the prompts players read pay it.
 */
export function playerPrompt<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat, memo?: PromptMemo): Prompt | undefined {
  return query(state, () => {
    const prompt = prompts(ruleset, state, memo).find((p) => p.seat === seat);
    const top = state.stack[state.stack.length - 1];
    if (!prompt?.groups?.length || !top) return prompt;
    const proc = procedureOf(ruleset, top);
    if (!proc.sparseGroups) return prompt;
    const k = kernelFacts(state, ruleset);
    let shown = k?.shown?.get(seat);
    if (!shown) {
      // From the procedure's own prompt, so that labels are numbered among the groups kept.
      const raw = proc.prompts!(state, top).find((p) => p.seat === seat)!;
      const kept = raw.groups!.filter((g) => groupChoices(ruleset, state, seat, g.key).length > 0);
      shown = kept.length === raw.groups!.length ? prompt : withDistinctLabels({ ...raw, groups: kept });
      if (k) (k.shown ??= new Map()).set(seat, shown);
    }
    return shown;
  });
}

/**
 * The choices in one group of `seat`'s structured prompt (pick a unit, then one of these); [] when the seat is not
 * asked now or the prompt has no such group.
 */
export function choicesIn<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat, group: string, memo?: PromptMemo): Choice[] {
  return query(state, () => {
    const prompt = prompts(ruleset, state, memo).find((p) => p.seat === seat);
    if (!prompt?.groups?.some((g) => g.key === group)) return [];
    // As a player reads them (the AI's and the fuzzer's allChoices skip the numbering: they list every group).
    return distinctLabels(groupChoices(ruleset, state, seat, group));
  });
}

/** Every legal choice of a prompt: the listed ones and those of each group (for the AI, the fuzzer and tests). */
export function allChoices<S extends BaseState>(ruleset: Ruleset<S>, state: S, prompt: Prompt): Choice[] {
  const groups = prompt.groups;
  if (!groups?.length) return prompt.choices;
  return query(state, () => {
    const out = [...prompt.choices];
    for (const g of groups) out.push(...groupChoices(ruleset, state, prompt.seat, g.key));
    return out;
  });
}

/** Is `action` (with canonical text `key`) among the prompt's legal choices, listed or in its group? */
function isLegal<S extends BaseState>(ruleset: Ruleset<S>, state: S, prompt: Prompt, action: Action, key: string): boolean {
  const match = (c: Choice) => mayEqual(c.action, action) && actionKey(c.action) === key;
  if (prompt.choices.some(match)) return true;
  if (!prompt.groups?.length) return false;
  const top = state.stack[state.stack.length - 1]!;
  const proc = procedureOf(ruleset, top);
  const group = proc.groupOf?.(state, top, prompt.seat, action) ?? null;
  if (group === null || !prompt.groups.some((g) => g.key === group)) return false;
  // The group's whole list when it is known; else the procedure's choices for this action alone, when it offers them.
  const listed = kernelFacts(state, ruleset)?.groups.get(`${prompt.seat}\u0000${group}`);
  const narrowed = listed ? undefined : proc.choicesFor?.(state, top, prompt.seat, group, action);
  if (!narrowed) return (listed ?? groupChoices(ruleset, state, prompt.seat, group)).some(match);
  const legal = narrowed.some(match);
  // Check mode: the one-action answer must be the whole list's.
  if (settledFacts.get(state)?.check && legal !== groupChoices(ruleset, state, prompt.seat, group).some(match)) {
    throw new EngineError(`${ruleset.id}: "${top.proc}" choicesFor finds ${key} ${legal ? 'legal' : 'illegal'}, its whole group "${group}" does not (seq ${state.seq})`);
  }
  return legal;
}

/** Run automatic steps until a decision is awaited or the game ends; returns the top frame's prompts then. */
function advance<S extends BaseState>(ruleset: Ruleset<S>, ctx: ApplyCtx<S>, from: S | null): Prompt[] {
  const state = ctx.state;
  for (let steps = 0; ; steps++) {
    if (steps > MAX_STEPS) throw new EngineError(`${ruleset.id}: the procedure stack did not settle (${describeStack(state)})`);
    if (state.outcome) return [];
    const top = state.stack[state.stack.length - 1];
    if (!top) return [];
    const proc = procedureOf(ruleset, top);
    const pending = ctx.pendingResume;
    if (pending && pending.depth === state.stack.length) {
      ctx.pendingResume = null;
      if (proc.resume) {
        proc.resume(ctx.step(), top, pending.result);
        continue;
      }
    } else if (pending && pending.depth > state.stack.length) {
      ctx.pendingResume = null;
    }
    // If the state stops here these prompts are the new state's: its facts are derived once, inheriting those of the
    // state the action applies to, and kept (applyAction); dropped when a step runs on and changes the state again.
    settle(state, from);
    const ps = proc.prompts?.(state, top) ?? [];
    if (ps.length > 0) return ps;
    settledFacts.delete(state);
    if (!proc.run) throw new EngineError(`${ruleset.id}: procedure "${top.proc}" awaits no decision and has no run step`);
    const before = ctx.changes;
    proc.run(ctx.step(), top);
    if (ctx.changes === before) throw new EngineError(`${ruleset.id}: procedure "${top.proc}" made no progress`);
  }
}

function describeStack(state: BaseState): string {
  return state.stack.map((f) => f.proc).join(' > ');
}

/** State fields only the kernel owns, named for a refusal. */
const KERNEL_FIELDS: Record<keyof BaseState, string> = {
  ruleset: 'the rule set id', scenario: 'the scenario id', rng: 'the dice generator', stack: 'the procedure stack',
  seq: 'the action count', outcome: 'the result', sealed: 'sealed answers',
};

export interface SetupOptions {
  /**
   * Refuse a position that sets a field the kernel owns (the dice generator, sealed answers, the action count, the
   * result...), as a server does so that its committed seed alone rolls the dice (docs/fair-dice.md). Off for a local
   * sandbox, where a position may carry the generator to replay the original's dice.
   */
  refuseKernelFields?: boolean;
}

/** Start a game: the rule set's initial state plus the kernel's fields, advanced to the first decision. */
export function setupGame<S extends BaseState>(
  ruleset: Ruleset<S>, scenario: string, options: Options, seed: string, position?: Json, opts: SetupOptions = {},
): ApplyResult<S> {
  if (position !== undefined && !ruleset.positions) {
    throw new RuleViolation('setup', `${ruleset.id} cannot start from a position`);
  }
  if (!ruleset.scenarios.some((s) => s.id === scenario)) {
    throw new RuleViolation('setup', `${ruleset.id} has no scenario "${scenario}"`, ruleset.scenarios.map((s) => s.id));
  }
  const rng = createRng(seed);
  const setupEvents: GameEvent[] = [];
  const setupCtx = {
    roll(sides: number, count: number, purpose: string, rule: string, opts?: RollOptions) {
      const r = rollDice(rng, sides, count, purpose, rule, opts);
      setupEvents.push(rollEvent(purpose, rule, r, opts));
      return r;
    },
  };
  const merged = { ...fullOptions(ruleset, options) };
  let body;
  if (position !== undefined) {
    const problems = ruleset.positions!.validate(position);
    if (problems.length) {
      throw new RuleViolation('position', problems.map((p) => `${p.field}: ${p.message}`).join('; '));
    }
    const built = ruleset.positions!.fromPosition(setupCtx, position);
    body = built;
    const owned = opts.refuseKernelFields
      ? (Object.keys(KERNEL_FIELDS) as (keyof BaseState)[]).filter((k) => k !== 'stack' && Object.hasOwn(built, k)) : [];
    if (owned.length) {
      throw new RuleViolation('position', `the position sets ${owned.map((k) => `"${k}" (${KERNEL_FIELDS[k]})`).join(', ')}, which only the kernel may set: here the committed seed alone rolls the dice`);
    }
  } else {
    body = ruleset.setup(setupCtx, scenario, merged);
  }
  const state = {
    ruleset: ruleset.id, scenario, rng, seq: 0, outcome: null, sealed: {},
    ...body,
  } as unknown as S;
  const ctx = new ApplyCtx(state);
  ctx.events.push(...setupEvents);
  const raw = advance(ruleset, ctx, null);
  if (ruleset.copyOnWrite) freezeSettled(state);
  if (!settledFacts.has(state)) settle(state, null);
  kernelFacts(state, ruleset)!.prompts = awaited(ruleset, state, raw);
  return { state, events: ctx.events, irreversible: true };
}

/** Options with the rule set's defaults filled in; unknown options are refused. */
export function fullOptions(ruleset: Ruleset<any>, options: Options): Options {
  const out: Options = {};
  for (const o of ruleset.options) out[o.id] = o.default;
  for (const [k, v] of Object.entries(options)) {
    const info = ruleset.options.find((o) => o.id === k);
    if (!info) throw new RuleViolation('setup', `${ruleset.id} has no option "${k}"`, ruleset.options.map((o) => o.id));
    if (info.values && !info.values.some((x) => JSON.stringify(x) === JSON.stringify(v))) {
      throw new RuleViolation('setup', `option "${k}" may not be ${JSON.stringify(v)}`, info.values.map((x) => JSON.stringify(x)));
    }
    out[k] = v;
  }
  return out;
}

/** The same copy as JSON.parse(JSON.stringify(state)) for JSON data, about twice as fast (one clone per action). */
function cloneState<S>(state: S): S {
  return jsonCopy(state as Json) as S;
}

function jsonCopy(v: Json | undefined): Json {
  if (typeof v !== 'object' || v === null) {
    if (typeof v === 'number') return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    return v === undefined || typeof v === 'function' || typeof v === 'symbol' ? null : v;
  }
  if (Array.isArray(v)) {
    const out: Json[] = new Array<Json>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = jsonCopy(v[i]);
    return out;
  }
  const out: { [k: string]: Json } = {};
  for (const k of Object.keys(v)) {
    const x = (v as { [k: string]: Json | undefined })[k];
    if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
    out[k] = jsonCopy(x);
  }
  return out;
}

// ---- copy-on-write states (Ruleset.copyOnWrite) ----

/** The objects an apply in progress has copied into its draft state (writable until the apply ends), by draft. */
const drafts = new WeakMap<object, Set<object>>();

/**
 * The settled object each object of a draft (and its settled rebuild) was copied from: contentId reads the difference.
 * Kept only while a content memo is open (withContentFacts): an entry keeps its origin alive, and that origin its own,
 * so kept for every apply it would hold every earlier version of a changed object back to the set-up (a server game's
 * whole history of its units record, about 1.5 MB a 2WW game after 130 actions). Outside a memo contentId lists the
 * object's keys instead (its number then differs, never its content).
 */
const copiedFrom = new WeakMap<object, object>();

/**
 * The draft of a copy-on-write apply: the top level of `state` copied (sharing every subtree), with the kernel's own
 * fields (stack, dice, sealed answers: small, written by the kernel) copied whole.
 */
function draftOf<S extends BaseState>(state: S): S {
  const next = { ...state, stack: jsonCopy(state.stack as unknown as Json), rng: jsonCopy(state.rng as unknown as Json), sealed: jsonCopy(state.sealed as Json) } as unknown as S;
  drafts.set(next, new Set([next.stack, next.rng, next.sealed]));
  return next;
}

type Obj = Record<string | number, any>;

/**
 * The object at `path` in `state`, writable: in the draft of a copy-on-write apply, each object on the path that the
 * draft still shares with the state it was applied from is copied first (shallow), so nothing settled changes. On any
 * other state (a whole copy, a state being set up) it is the object itself. Throws when the path names no object.
 */
export function write<S extends object, K1 extends keyof S>(state: S, k1: K1): NonNullable<S[K1]>;
export function write<S extends object, K1 extends keyof S, K2 extends keyof NonNullable<S[K1]>>(state: S, k1: K1, k2: K2): NonNullable<NonNullable<S[K1]>[K2]>;
export function write<S extends object, K1 extends keyof S, K2 extends keyof NonNullable<S[K1]>, K3 extends keyof NonNullable<NonNullable<S[K1]>[K2]>>(
  state: S, k1: K1, k2: K2, k3: K3): NonNullable<NonNullable<NonNullable<S[K1]>[K2]>[K3]>;
export function write<S extends object, K1 extends keyof S, K2 extends keyof NonNullable<S[K1]>, K3 extends keyof NonNullable<NonNullable<S[K1]>[K2]>,
  K4 extends keyof NonNullable<NonNullable<NonNullable<S[K1]>[K2]>[K3]>>(
  state: S, k1: K1, k2: K2, k3: K3, k4: K4): NonNullable<NonNullable<NonNullable<NonNullable<S[K1]>[K2]>[K3]>[K4]>;
export function write(state: object, ...path: (string | number | symbol)[]): unknown {
  const owned = drafts.get(state);
  let obj = state as Obj;
  for (const k of path) {
    let child = obj[k as string] as unknown;
    if (typeof child !== 'object' || child === null) throw new EngineError(`write: no object at ${path.map(String).join('.')}`);
    if (owned && !owned.has(child)) {
      const from = child as object;
      child = Array.isArray(child) ? child.slice() : { ...child };
      if (contentScopes.length) copiedFrom.set(child as object, from);
      obj[k as string] = child;
      owned.add(child as object);
    }
    obj = child as Obj;
  }
  return obj;
}

/**
 * Freezes the rules' part of a settled copy-on-write state (the kernel's own fields are copied whole by every apply, and
 * tests force dice into them). What the apply made is first rebuilt as a fresh object without undefined fields, as the
 * whole JSON copy had it: an object the rules deleted fields from would stay in V8's slow dictionary mode, shared by
 * every later state.
 */
function freezeSettled(state: BaseState): void {
  const s = state as unknown as Obj;
  for (const k in s) if (k !== 'rng' && k !== 'stack' && k !== 'sealed') s[k] = settledCopy(s[k]);
}

/** `v` frozen, rebuilt where it is not frozen yet (settled copy-on-write states share frozen subtrees). */
function settledCopy(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = settledCopy(v[i]);
    return Object.freeze(v);
  }
  const keys = Object.keys(v);
  if (keys.length > RECORD_KEYS) {
    // A record by id (V8 keeps it as a dictionary anyway), frozen in place: rewriting an existing key keeps its place,
    // so the key order (and the state's JSON) is the rebuild's.
    const o = v as Obj;
    for (const k of keys) {
      const x = o[k];
      if (x === undefined) delete o[k];
      else if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) o[k] = settledCopy(x);
    }
    return Object.freeze(o);
  }
  const out: Obj = {};
  for (const k in v) {
    const x = (v as Obj)[k];
    if (x !== undefined) out[k] = settledCopy(x);
  }
  const from = copiedFrom.get(v);
  if (from) copiedFrom.set(out, from);
  return Object.freeze(out);
}

/**
 * A state built outside the kernel (an AI's determinisation of a view) made settled as if the kernel had applied it:
 * frozen for a copy-on-write rule set and given its own facts, so its prompts, group choices and derived facts are
 * computed once instead of at every query. It must not be changed afterwards.
 */
export function adoptState<S extends BaseState>(ruleset: Ruleset<S>, state: S): S {
  if (settledFacts.has(state)) return state;
  if (ruleset.copyOnWrite) freezeSettled(state);
  settle(state, null);
  return state;
}

/**
 * A twin of `state` that keeps none of its derived facts (a shallow copy, the same content, sharing every part): what
 * a long-lived copy of an old state holds (a game's checkpoints), so that the facts derived from the state and those it
 * inherited die with it. A settled state's twin is settled too, with no facts yet and in check mode when `state` is.
 */
export function withoutFacts<S extends BaseState>(state: S): S {
  const twin = { ...state };
  const f = settledFacts.get(state);
  if (f && !f.temporary) settledFacts.set(twin, newFacts(undefined, f.check));
  return twin;
}

/** Throws a RuleViolation unless `action` is one of `seat`'s legal choices now. */
function checkLegal<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat, action: Action, memo?: PromptMemo): void {
  const all = prompts(ruleset, state, memo);
  const prompt = all.find((p) => p.seat === seat);
  if (!prompt) {
    const waiting = all.map((p) => `${p.seat} (${p.text})`).join(', ') || 'nobody';
    throw new RuleViolation(all[0]?.rule ?? 'sequence of play', `it is not ${seat}'s decision now; waiting for ${waiting}`);
  }
  if (!action || typeof action !== 'object' || typeof action.type !== 'string') {
    throw new RuleViolation(prompt.rule, 'an action must be an object with a "type"', prompt.choices.slice(0, 10).map((c) => c.label));
  }
  const key = actionKey(action);
  if (!isLegal(ruleset, state, prompt, action, key)) {
    const top = state.stack[state.stack.length - 1]!;
    const why = procedureOf(ruleset, top).explain?.(state, top, seat, action);
    const legal = [...prompt.choices.map((c) => c.label), ...(prompt.groups ?? []).map((g) => `${g.label} (…)`)];
    if (why) throw new RuleViolation(why.rule, why.message, legal);
    const shown = legal.slice(0, 8).join('; ') + (legal.length > 8 ? `; ... (${legal.length} in all)` : '');
    throw new RuleViolation(prompt.rule, `${key} is not a legal choice for "${prompt.text}". Legal: ${shown}`, legal);
  }
}

/**
 * Apply one seat's action. Pure: the input state is never modified; an illegal action throws a RuleViolation.
 */
export function applyAction<S extends BaseState>(
  ruleset: Ruleset<S>, state: S, seat: Seat, action: Action, memo?: PromptMemo,
): ApplyResult<S> {
  if (state.outcome) throw new RuleViolation('game over', `the game has ended (${state.outcome.result})`);
  query(state, () => checkLegal(ruleset, state, seat, action, memo));
  const next = ruleset.copyOnWrite ? draftOf(state) : cloneState(state);
  const ctx = new ApplyCtx(next);
  const top = next.stack[next.stack.length - 1]!;
  const proc = procedureOf(ruleset, top);
  if (proc.simultaneous) {
    const k = sealKey(next);
    const box = (next.sealed[k] ??= {});
    box[seat] = action;
    const stillWaiting = prompts(ruleset, next).length;
    if (stillWaiting === 0) {
      delete next.sealed[k];
      if (!proc.actAll) throw new EngineError(`${ruleset.id}: simultaneous procedure "${top.proc}" has no actAll`);
      ctx.irreversible(); // the sealed answers are revealed
      proc.actAll(ctx.step(), top, box);
    }
  } else {
    if (!proc.act) throw new EngineError(`${ruleset.id}: procedure "${top.proc}" prompts but has no act handler`);
    ctx.settled = state;
    proc.act(ctx.step(), top, seat, action);
    ctx.settled = undefined;
  }
  const raw = advance(ruleset, ctx, state);
  next.seq = state.seq + 1;
  if (ruleset.copyOnWrite) {
    drafts.delete(next);
    freezeSettled(next);
  }
  // The prompts advance() listed last are those of the settled state (prompts never read seq).
  const ps = awaited(ruleset, next, raw);
  if (!settledFacts.has(next)) settle(next, state);
  kernelFacts(next, ruleset)!.prompts = ps;
  if (memo) memo.set(next, ps);
  return { state: next, events: ctx.events, irreversible: ctx.isIrreversible };
}

/** What one seat (or a spectator: null) receives: the rule set's view, the seat's own prompt, and who is awaited. */
export interface SeatView {
  ruleset: string;
  scenario: string;
  seq: number;
  outcome: Outcome | null;
  status: string;
  prompt: Prompt | null;
  waitingFor: { seat: Seat; text: string; rule: string }[];
  state: Json;
  /** What the board shows this seat (the rule set's `boardView`), when the rule set declares one. */
  board?: BoardView;
}

export function viewFor<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat | null, memo?: PromptMemo): SeatView {
  return query(state, () => seatView(ruleset, state, seat, memo));
}

function seatView<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat | null, memo?: PromptMemo): SeatView {
  const all = prompts(ruleset, state, memo);
  const v = ruleset.view(state, seat);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    delete (v as Record<string, Json>).rng;
    delete (v as Record<string, Json>).sealed;
  }
  const out: SeatView = {
    ruleset: state.ruleset,
    scenario: state.scenario,
    seq: state.seq,
    outcome: state.outcome,
    status: ruleset.describe?.(state) ?? '',
    prompt: (seat !== null && all.some((p) => p.seat === seat) && playerPrompt(ruleset, state, seat, memo)) || null,
    waitingFor: all.map((p) => ({ seat: p.seat, text: p.text, rule: p.rule })),
    state: v,
  };
  if (ruleset.boardView) out.board = ruleset.boardView(state, seat);
  return out;
}

/** Events a seat may see. */
export function eventsFor(events: GameEvent[], seat: Seat | null): GameEvent[] {
  return events.filter((e) => !e.visibleTo || (seat !== null && e.visibleTo.includes(seat)));
}
