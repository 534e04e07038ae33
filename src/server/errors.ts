// API errors: an HTTP status and the wire body (protocol.ts ErrorBody). Never a stack trace.
import { RuleViolation } from '../engine/kernel.ts';
import { ERROR_STATUS, type ErrorBody } from './protocol.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(readonly body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[body.error];
  }
}

export const badRequest = (message: string) => new ApiError({ error: 'bad-request', message });
export const notFound = (message: string) => new ApiError({ error: 'not-found', message });
export const forbidden = (message: string) => new ApiError({ error: 'forbidden', message });
export const stale = (stateId: number) => new ApiError({ error: 'stale', message: 'the game moved on', stateId });

export function illegal(e: RuleViolation): ApiError {
  return new ApiError({ error: 'illegal', rule: e.rule, message: e.message, legal: e.legal });
}

/** Turn anything thrown into a wire error; unexpected errors keep their message private. */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof RuleViolation) return illegal(e);
  return new ApiError({ error: 'internal', message: 'internal server error (logged on the server)' });
}
