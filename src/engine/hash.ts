// State hashes: a fast 53-bit hash (cyrb53) of the state's JSON, run twice with different seeds for 106 bits.

/** cyrb53 of `str` with seeds 0 and 0x9e3779b9 in one pass (the two runs are independent). */
export function hashString(str: string): string {
  const h = new Hasher();
  h.feed(str);
  return h.digest();
}

function hex53(h1: number, h2: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** cyrb53 (both seeds) fed piece by piece: `hashString` of the pieces joined. */
class Hasher {
  // As int32 (every operation on them converts to int32 or uint32 first, so the seeds' wrap changes nothing).
  private readonly h = Int32Array.of(0xdeadbeef, 0x41c6ce57, 0xdeadbeef ^ 0x9e3779b9, 0x41c6ce57 ^ 0x9e3779b9);
  feed(str: string): void {
    const h = this.h;
    let a1 = h[0]!, a2 = h[1]!, b1 = h[2]!, b2 = h[3]!;
    for (let i = 0; i < str.length; i++) {
      const ch = str.charCodeAt(i);
      a1 = Math.imul(a1 ^ ch, 2654435761);
      a2 = Math.imul(a2 ^ ch, 1597334677);
      b1 = Math.imul(b1 ^ ch, 2654435761);
      b2 = Math.imul(b2 ^ ch, 1597334677);
    }
    h[0] = a1; h[1] = a2; h[2] = b1; h[3] = b2;
  }
  digest(): string {
    const h = this.h;
    return hex53(h[0]!, h[1]!) + hex53(h[2]!, h[3]!);
  }
}

type Obj = Record<string, unknown>;

/**
 * JSON text of deeply frozen objects, kept by identity (settled copy-on-write states share their frozen parts from state
 * to state, and such an object never changes); dropped with the object.
 */
const frozenText = new WeakMap<object, string>();

/**
 * Objects with more keys than this are records by id (units, hexes...): the kernel freezes them in place, and their
 * hash text is joined from their members' kept texts.
 */
export const RECORD_KEYS = 32;

/** Record keys as JSON text with the colon (ids of units, hexes...: a few thousand at most). */
const keyText = new Map<string, string>();

function keyTextOf(k: string): string {
  let kt = keyText.get(k);
  if (kt === undefined) {
    kt = `${JSON.stringify(k)}:`;
    if (keyText.size < 100_000) keyText.set(k, kt);
  }
  return kt;
}

const skipped = (x: unknown): boolean => x === undefined || typeof x === 'function' || typeof x === 'symbol';

/** JSON.stringify(v), kept, when `v` and everything in it is frozen; else undefined (it may still change). */
function frozenJson(v: object): string | undefined {
  const known = frozenText.get(v);
  if (known !== undefined) return known;
  if (!Object.isFrozen(v) || typeof (v as Obj).toJSON === 'function') return undefined;
  let t: string;
  if (Array.isArray(v)) {
    for (const x of v) if (typeof x === 'object' && x !== null && frozenJson(x) === undefined) return undefined;
    t = JSON.stringify(v);
  } else {
    const keys = Object.keys(v);
    if (!membersKept(v as Obj, keys)) return undefined;
    if (keys.length <= RECORD_KEYS) t = JSON.stringify(v);
    else {
      const parts: string[] = [];
      recordPieces(v as Obj, keys, { feed: (p) => parts.push(p) });
      // Joined, not concatenated: one flat string (a rope reads slowly when hashed).
      t = parts.join('');
    }
  }
  frozenText.set(v, t);
  return t;
}

/** Every object member of `v` is frozen all through, its JSON text kept (frozenJson). */
function membersKept(v: Obj, keys: string[]): boolean {
  for (const k of keys) {
    const x = v[k];
    if (typeof x === 'object' && x !== null && frozenJson(x) === undefined) return false;
  }
  return true;
}

/** A record's JSON text, piece by piece, from its members' kept texts (membersKept must hold). */
function recordPieces(v: Obj, keys: string[], to: { feed(piece: string): void }): void {
  let sep = '{';
  for (const k of keys) {
    const x = v[k];
    if (skipped(x)) continue;
    to.feed(sep);
    to.feed(keyTextOf(k));
    to.feed(typeof x === 'object' && x !== null ? frozenText.get(x)! : JSON.stringify(x));
    sep = ',';
  }
  to.feed(sep === '{' ? '{}' : '}');
}

/**
 * Records hashed once as members of a state, their text not kept: a copy-on-write state's record that an action
 * changed (2WW's units after a move) is hashed once, with the state the action made, so its joined text (7-8 KB a 2WW
 * action, kept as long as the record) was made for nothing; a record that a later state shares is joined the second
 * time.
 */
const fedOnce = new WeakSet<object>();

/** Members per chunk of a record's text kept for the hash of the next state (chunksOf). */
const CHUNK = 16;

/**
 * A frozen record's JSON text in chunks of CHUNK members (without its braces; each chunk after the first begins with
 * its comma), kept for the hash of the game's next state only: that state's record, copied from this one with a member
 * or two changed (2WW's units after a move), takes every chunk whose keys and member objects are the same and builds
 * the others, and the chunks of the record before are dropped (its state is not hashed again). One weak entry a game,
 * where kept texts by member (frozenText) take one a unit: a 2WW server game keeps about 4 % less.
 */
interface Chunks { keys: readonly string[]; texts: readonly string[] }
const recordChunks = new WeakMap<object, Chunks>();

/** `x` and every object in it are frozen (so its JSON text never changes), and none has a toJSON. */
function deepFrozen(x: object): boolean {
  if (!Object.isFrozen(x) || typeof (x as Obj).toJSON === 'function') return false;
  for (const k in x) {
    const y = (x as Obj)[k];
    if (typeof y === 'object' && y !== null && !deepFrozen(y)) return false;
  }
  return true;
}

/** The chunks of the frozen record `v` (its keys `keys`), reusing those of `from`; undefined when a member may change. */
function chunksOf(v: Obj, keys: string[], from: unknown): Chunks | undefined {
  const kept = recordChunks.get(v);
  if (kept) return kept;
  const old = typeof from === 'object' && from !== null && from !== v ? recordChunks.get(from) : undefined;
  const was = from as Obj;
  const texts: string[] = [];
  let sameKeys = old !== undefined && old.keys.length === keys.length;
  for (let c = 0; c * CHUNK < keys.length; c++) {
    const start = c * CHUNK, end = Math.min(keys.length, start + CHUNK);
    let reuse = sameKeys;
    for (let i = start; reuse && i < end; i++) {
      const k = keys[i]!;
      if (k !== old!.keys[i]) sameKeys = reuse = false;
      else if (v[k] !== was[k]) reuse = false;
    }
    if (reuse) {
      texts.push(old!.texts[c]!);
      continue;
    }
    const parts: string[] = [];
    for (let i = start; i < end; i++) {
      const k = keys[i]!, x = v[k];
      if (skipped(x) || (typeof x === 'object' && x !== null && !deepFrozen(x))) return undefined;
      parts.push(i === 0 ? '' : ',', keyTextOf(k), JSON.stringify(x));
    }
    texts.push(parts.join(''));
  }
  if (old) recordChunks.delete(from as object);
  const made: Chunks = { keys: sameKeys ? old!.keys : keys, texts };
  recordChunks.set(v, made);
  return made;
}

/**
 * Feeds the JSON text of the state member `x` (not skipped) to `h`: JSON.stringify(x), its kept parts where it has
 * them. `next`: the hash of a game's next state, `before` the same member of the state it was applied from (a large
 * record is then fed from its chunks: chunksOf).
 */
function feedMember(h: Hasher, x: unknown, next: boolean, before: unknown): void {
  if (typeof x !== 'object' || x === null) {
    h.feed(JSON.stringify(x));
    return;
  }
  const known = frozenText.get(x);
  if (known !== undefined) {
    h.feed(known);
    return;
  }
  if (next && !Array.isArray(x) && Object.isFrozen(x)) {
    const keys = Object.keys(x);
    const chunks = keys.length > RECORD_KEYS ? chunksOf(x as Obj, keys, before) : undefined;
    if (chunks) {
      h.feed('{');
      for (const t of chunks.texts) h.feed(t);
      h.feed('}');
      return;
    }
  }
  if (!Array.isArray(x) && !fedOnce.has(x) && Object.isFrozen(x) && typeof (x as Obj).toJSON !== 'function') {
    const keys = Object.keys(x);
    if (keys.length > RECORD_KEYS && membersKept(x as Obj, keys)) {
      recordPieces(x as Obj, keys, h);
      fedOnce.add(x);
      return;
    }
  }
  h.feed(frozenJson(x) ?? JSON.stringify(x));
}

/**
 * Hash of a JSON value: hashString(JSON.stringify(state)), fed member by member, with the text of deeply frozen members
 * kept between calls. Key order is insertion order, which deterministic rules code reproduces exactly. For a game's
 * states (Game), `before` is the state `state` was applied from, or null: their large records are then fed from chunks
 * of text kept for the game's next state (chunksOf), reusing those of `before`.
 */
export function stateHash(state: unknown, before?: object | null): string {
  if (typeof state !== 'object' || state === null || Array.isArray(state) || typeof (state as Obj).toJSON === 'function') {
    return hashString(JSON.stringify(state));
  }
  const h = new Hasher();
  const next = before !== undefined;
  let sep = '{';
  for (const k of Object.keys(state)) {
    const x = (state as Obj)[k];
    if (skipped(x)) continue;
    h.feed(sep);
    h.feed(JSON.stringify(k));
    h.feed(':');
    feedMember(h, x, next, before ? (before as Obj)[k] : undefined);
    sep = ',';
  }
  h.feed(sep === '{' ? '{}' : '}');
  return h.digest();
}
