// Input validation (zod) for every request body and WebSocket message: checked at the edge, trusted inside.
import { z } from 'zod';

const name = z.string().min(1).max(200);
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
  z.object({ type: z.literal('ping'), reqId }).strict(),
  z.object({ type: z.literal('choices'), reqId, stateId, group: z.string().min(1).max(200) }).strict(),
]);

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
