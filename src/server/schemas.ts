// Input validation (zod) for every request body and WebSocket message: checked at the edge, trusted inside.
import { z } from 'zod';

/** A name or label shown to players: one line, at most 100 characters. */
const name = z.string().min(1).max(100).regex(/^[^\n\r\t]*$/, 'must be one line');
const jsonValue = z.json();

export const actionSchema = z.object({ type: z.string().min(1).max(200) }).catchall(jsonValue);

export const webhookUrl = z.string().max(2000).refine((u) => {
  try {
    const p = new URL(u).protocol;
    return p === 'http:' || p === 'https:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

export const seatSpecSchema = z.object({
  kind: z.enum(['human', 'ai', 'open']),
  level: z.number().int().min(0).max(100).optional(),
  name: name.optional(),
  webhook: webhookUrl.optional(),
}).strict();

const seatsSchema = z.record(z.string().min(1).max(100), seatSpecSchema)
  .refine((r) => Object.keys(r).length <= 16, 'at most 16 seats');

export const clockSchema = z.object({
  initialMs: z.number().int().min(1000).max(90 * 24 * 3600 * 1000),
  incrementMs: z.number().int().min(0).max(7 * 24 * 3600 * 1000),
}).strict();

export const createGameSchema = z.object({
  ruleset: name,
  scenario: name.optional(),
  options: z.record(z.string().max(200), jsonValue).optional(),
  seats: seatsSchema.optional(),
  clock: clockSchema.optional(),
  position: jsonValue.optional(),
}).strict();

const stateId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const actionRequestSchema = z.object({ stateId, action: actionSchema }).strict();
export const undoSchema = z.object({ stateId }).strict();
export const takebackSchema = z.object({ to: z.number().int().min(0) }).strict();
export const takebackAnswerSchema = z.object({ accept: z.boolean() }).strict();
export const rematchSchema = z.object({ swap: z.boolean().optional() }).strict();
export const claimSchema = z.object({ mode: z.enum(['win', 'ai']), seat: name.optional() }).strict();
export const webhookSchema = z.object({ url: webhookUrl.nullable() }).strict();
export const inspectSchema = z.object({
  stateId,
  question: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('odds') }).strict(),
    z.object({ kind: z.literal('explain'), action: actionSchema }).strict(),
    z.object({ kind: z.literal('preview'), action: actionSchema }).strict(),
  ]),
}).strict();
export const emptySchema = z.object({}).strict();
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits');
export const entropySchema = z.union([z.object({ commit: hex64 }).strict(), z.object({ reveal: hex64 }).strict()]);
export const importSchema = z.object({ log: z.record(z.string(), z.unknown()), seats: seatsSchema.optional() }).strict();
export const myGamesSchema = z.object({ tokens: z.array(z.string().max(100)).max(500) }).strict();
export const replayQuerySchema = z.object({
  seat: z.string().min(1).max(100).optional(),
  at: z.coerce.number().int().min(0).optional(),
}).strict();

const reqId = z.string().max(100).optional();
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), lastStateId: stateId.optional() }).strict(),
  z.object({ type: z.literal('action'), reqId, stateId, action: actionSchema }).strict(),
  z.object({ type: z.literal('undo'), reqId, stateId }).strict(),
  z.object({ type: z.literal('takeback'), reqId, to: z.number().int().min(0) }).strict(),
  z.object({ type: z.literal('takeback-answer'), reqId, accept: z.boolean() }).strict(),
  z.object({ type: z.literal('resign'), reqId }).strict(),
  z.object({ type: z.literal('entropy'), reqId, commit: hex64.optional(), reveal: hex64.optional() }).strict()
    .refine((m) => (m.commit === undefined) !== (m.reveal === undefined), 'give either "commit" or "reveal"'),
  z.object({ type: z.literal('ping'), reqId }).strict(),
  z.object({ type: z.literal('choices'), reqId, stateId, group: z.string().min(1).max(200) }).strict(),
]);

/** Limits every request body and WebSocket message is held to before its schema (docs/server.md "Limits"). */
export const MAX_JSON_DEPTH = 64;
export const MAX_STRING_LENGTH = 10_000;

/**
 * Parse JSON text from a client: its nesting is measured before parsing (so that no parser or schema recurses through
 * thousands of levels), then every string and key must be valid Unicode (no lone surrogate) and at most
 * MAX_STRING_LENGTH characters. Throws SchemaError naming the place.
 */
export function parseClientJson(text: string, what: string): unknown {
  checkDepth(text, what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new SchemaError(`${what}: not valid JSON: ${(e as Error).message}`);
  }
  checkStrings(value, what);
  return value;
}

/** Refuse JSON text nested deeper than MAX_JSON_DEPTH, without parsing it. */
export function checkDepth(text: string, what: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_JSON_DEPTH) throw new SchemaError(`${what}: nested more than ${MAX_JSON_DEPTH} levels deep`);
    } else if (c === 125 || c === 93) depth--;
  }
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function stringProblem(s: string): string | null {
  if (s.length > MAX_STRING_LENGTH) return `a text of ${s.length} characters (at most ${MAX_STRING_LENGTH})`;
  const m = SURROGATE.test(s) ? LONE_SURROGATE.exec(s) : null;
  return m ? `not valid Unicode (a lone surrogate at character ${m.index})` : null;
}

/**
 * Every string and key of a parsed value (depth already bounded): valid Unicode, not too long. The path of a value is
 * built only for a problem (each node keeps its parent), so a large import is walked quickly.
 */
function checkStrings(root: unknown, what: string): void {
  const values: unknown[] = [root];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [''];
  const fail = (i: number, problem: string): never => {
    const parts: string[] = [];
    for (let j = i; j > 0; j = parents[j]!) {
      const k = keys[j]!;
      parts.unshift(typeof k === 'number' ? `[${k}]` : `.${k.length > 40 ? `${k.slice(0, 40)}...` : k}`);
    }
    throw new SchemaError(`${what}: ${parts.length ? parts.join('').replace(/^\./, '') : '(root)'}: ${problem}`);
  };
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'string') {
      const p = stringProblem(v);
      if (p) fail(i, p);
    } else if (Array.isArray(v)) {
      for (let k = 0; k < v.length; k++) {
        values.push(v[k]);
        parents.push(i);
        keys.push(k);
      }
    } else if (v && typeof v === 'object') {
      for (const k in v) {
        const p = stringProblem(k);
        if (p) fail(i, `a key that is ${p}`);
        values.push((v as Record<string, unknown>)[k]);
        parents.push(i);
        keys.push(k);
      }
    }
  }
}

/** Parse or throw a message naming the bad field. */
export function parseOr400<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  throw new SchemaError(`${what}: ${issues.join('; ')}`);
}

export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}
