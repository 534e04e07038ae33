// Copy-on-write drafts of settled states: rule code changes `ctx.state` as plain JSON, and the kernel copies only the
// objects written to (and their parents); everything else is shared with the state the action applies to.

/** The draft's bookkeeping, reached from its proxy by this key. */
const DRAFT = Symbol('draft');

interface Draft {
  /** The settled object this draft stands for (never written to). */
  base: Record<PropertyKey, unknown>;
  /** Shallow copy of `base` made on the first write or the first child draft; holds the child drafts. */
  copy: Record<PropertyKey, unknown> | null;
  /** Written to (or one of its descendants was). */
  modified: boolean;
  parent: Draft | null;
  proxy: Record<PropertyKey, unknown>;
  /** Left by `finalize`: the draft may no longer be used (a stale reference in rule code would be a bug). */
  done: boolean;
}

const isObject = (v: unknown): v is Record<PropertyKey, unknown> => typeof v === 'object' && v !== null;

function draftOf(v: unknown): Draft | undefined {
  return isObject(v) ? (v[DRAFT] as Draft | undefined) : undefined;
}

function latest(d: Draft): Record<PropertyKey, unknown> {
  return d.copy ?? d.base;
}

function prepareCopy(d: Draft): Record<PropertyKey, unknown> {
  if (!d.copy) d.copy = Array.isArray(d.base) ? d.base.slice() as unknown as Record<PropertyKey, unknown> : { ...d.base };
  return d.copy;
}

function markModified(d: Draft): void {
  for (let x: Draft | null = d; x && !x.modified; x = x.parent) {
    x.modified = true;
    prepareCopy(x);
  }
}

function live(d: Draft): void {
  if (d.done) throw new Error('a draft of the state was used after its step ended (rule code kept a reference to ctx.state)');
}

const handler: ProxyHandler<Draft> = {
  get(t, prop) {
    const d = (t as unknown as { d: Draft }).d;
    if (prop === DRAFT) return d;
    live(d);
    const src = latest(d);
    const v = src[prop];
    if (!isObject(v) || !Object.hasOwn(src, prop)) return v;
    if (v[DRAFT]) return v;
    // A child of the base is drafted when read; an object put there during this apply is the draft's own.
    if (v !== d.base[prop]) return v;
    const child = createDraft(v, d);
    prepareCopy(d)[prop] = child;
    return child;
  },
  set(t, prop, value) {
    const d = (t as unknown as { d: Draft }).d;
    live(d);
    const src = latest(d);
    if (src[prop] === value && Object.hasOwn(src, prop) && !(value === undefined && !(prop in src))) return true;
    markModified(d);
    d.copy![prop] = value;
    return true;
  },
  deleteProperty(t, prop) {
    const d = (t as unknown as { d: Draft }).d;
    live(d);
    if (!Object.hasOwn(latest(d), prop)) return true;
    markModified(d);
    delete d.copy![prop];
    return true;
  },
  has(t, prop) {
    const d = (t as unknown as { d: Draft }).d;
    return prop === DRAFT || prop in latest(d);
  },
  ownKeys(t) {
    const d = (t as unknown as { d: Draft }).d;
    return Reflect.ownKeys(latest(d));
  },
  getOwnPropertyDescriptor(t, prop) {
    const d = (t as unknown as { d: Draft }).d;
    const src = latest(d);
    const desc = Reflect.getOwnPropertyDescriptor(src, prop);
    if (!desc) return undefined;
    // An array's length must be reported as the target's (non-configurable); everything else as plain data.
    const isLength = Array.isArray(src) && prop === 'length';
    return { writable: true, configurable: !isLength, enumerable: desc.enumerable, value: (handler.get as (t: Draft, p: PropertyKey) => unknown)(t, prop) };
  },
  defineProperty(t, prop, desc) {
    const d = (t as unknown as { d: Draft }).d;
    live(d);
    markModified(d);
    return Reflect.defineProperty(d.copy!, prop, desc);
  },
  getPrototypeOf(t) {
    const d = (t as unknown as { d: Draft }).d;
    return Object.getPrototypeOf(d.base);
  },
  setPrototypeOf() {
    throw new Error('a draft of the state cannot change its prototype');
  },
};

function createDraft(base: Record<PropertyKey, unknown>, parent: Draft | null): Record<PropertyKey, unknown> {
  const d: Draft = { base, copy: null, modified: false, parent, proxy: null as unknown as Record<PropertyKey, unknown>, done: false };
  // The target only carries the draft; an array target keeps Array.isArray(proxy) true.
  const target = Array.isArray(base) ? Object.assign([], { d }) : { d };
  d.proxy = new Proxy(target as unknown as Draft, handler) as unknown as Record<PropertyKey, unknown>;
  return d.proxy;
}

/** A copy-on-write draft of a settled state: reads see `base`, writes copy only the objects on their path. */
export function draftState<S>(base: S): S {
  return createDraft(base as Record<PropertyKey, unknown>, null) as S;
}

/**
 * The plain state a draft stands for: its unchanged objects are those of the base, its changed ones copies. Each copy
 * and each object the step made is added to `made` (see normalize). The draft and its children may not be used
 * afterwards.
 */
export function finalize<S>(draft: S, made: Set<object>): S {
  const d = draftOf(draft);
  if (!d) return draft;
  return finalizeDraft(d, made) as S;
}

function finalizeDraft(d: Draft, made: Set<object>): unknown {
  d.done = true;
  const c = d.copy;
  if (!d.modified) {
    if (c) for (const k of Object.keys(c)) retire(c[k]);
    return d.base;
  }
  return plainFrom(c!, made, d.base);
}

/** Ends the drafts left in an unmodified copy (read, never written). */
function retire(v: unknown): void {
  const d = draftOf(v);
  if (!d || d.done) return;
  d.done = true;
  if (d.copy) for (const k of Object.keys(d.copy)) retire(d.copy[k]);
}

/** Objects known to hold no draft (every object of a settled state: the kernel never changes them again). */
const plainObjects = new WeakSet<object>();

/** Marks every object of a settled state as such (the walk stops at those already known). */
export function markPlain(v: unknown): void {
  if (!isObject(v) || plainObjects.has(v)) return;
  plainObjects.add(v);
  for (const k of Object.keys(v)) markPlain(v[k]);
}

/**
 * `o` (a draft's copy, or an object made during the apply) with drafts replaced by their plain values; the values it
 * shares with `base` (the draft's base) are plain already.
 */
function plainFrom(o: Record<PropertyKey, unknown>, made: Set<object>, base?: Record<PropertyKey, unknown>): unknown {
  made.add(o);
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (!isObject(x) || (base && x === base[k])) continue;
    const v = plainValue(x, made);
    if (v !== x) o[k] = v;
  }
  return o;
}

/** An object put in the state during a step, without drafts. */
function plainValue(v: Record<PropertyKey, unknown>, made: Set<object>): unknown {
  const d = v[DRAFT] as Draft | undefined;
  // A draft put in two places (a.x = b.y) is finalised once; its other places take the same value.
  if (d) return d.done ? (d.modified ? d.copy : d.base) : finalizeDraft(d, made);
  if (plainObjects.has(v) || made.has(v)) return v;
  return plainFrom(v, made);
}

/**
 * At the end of an apply, the objects it made (`made`) as the JSON copy of the state that the kernel made before
 * drafts kept them: no undefined fields (null in arrays), no -0, NaN or Infinity. Only these objects can hold such
 * values: every other object of the state is one of an earlier settled state. True when a value changed.
 */
export function normalize(made: Iterable<object>): boolean {
  let changed = false;
  for (const o of made) {
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        const v = o[i];
        if (typeof v === 'number' ? !Number.isFinite(v) || Object.is(v, -0) : v === undefined || typeof v === 'function' || typeof v === 'symbol') {
          o[i] = jsonScalar(v);
          changed = true;
        }
      }
      continue;
    }
    const r = o as Record<string, unknown>;
    for (const k of Object.keys(r)) {
      const v = r[k];
      if (typeof v === 'number') {
        if (!Number.isFinite(v) || Object.is(v, -0)) {
          r[k] = jsonScalar(v);
          changed = true;
        }
      } else if (v === undefined || typeof v === 'function' || typeof v === 'symbol') {
        delete r[k];
        changed = true;
      }
    }
  }
  return changed;
}

function jsonScalar(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) ? 0 : null;
}

/**
 * A plain snapshot of a draft as it is now, for rule code that reads much (no proxy on the way): the objects not
 * changed in this apply are those of the base (so facts derived from a settled state are found again), the changed
 * ones fresh copies. Read only; the draft stays in use. Anything else is returned as it is.
 */
export function snapshot<T>(v: T): T {
  const d = draftOf(v);
  return d ? snapshotOf(d) as T : v;
}

function snapshotOf(d: Draft): unknown {
  if (!d.modified) return d.base;
  const c = d.copy!;
  const out: Record<PropertyKey, unknown> = Array.isArray(c) ? new Array(c.length) as unknown as Record<PropertyKey, unknown> : {};
  for (const k of Object.keys(c)) {
    const x = c[k];
    out[k] = isObject(x) && x !== d.base[k] ? snapshotValue(x) : x;
  }
  return out;
}

/** An object put in a draft during the apply: itself, or a copy when it holds drafts. */
function snapshotValue(v: Record<PropertyKey, unknown>): unknown {
  const d = v[DRAFT] as Draft | undefined;
  if (d) return snapshotOf(d);
  if (plainObjects.has(v)) return v;
  let out: Record<PropertyKey, unknown> | null = null;
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (!isObject(x)) continue;
    const y = snapshotValue(x);
    if (y !== x) (out ??= Array.isArray(v) ? v.slice() as unknown as Record<PropertyKey, unknown> : { ...v })[k] = y;
  }
  return out ?? v;
}

/** Deep-freezes a settled state's objects (check mode: any write to a shared object then throws). */
export function deepFreeze(v: unknown): void {
  if (!isObject(v) || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const k of Object.keys(v)) deepFreeze(v[k]);
}
