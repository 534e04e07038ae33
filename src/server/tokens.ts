// Unguessable ids: invite tokens carry 128 random bits (crypto), game ids 96.
import { randomBytes } from 'node:crypto';
import { TOKEN_HEX_LENGTH } from './protocol.ts';

export function newToken(): string {
  return randomBytes(TOKEN_HEX_LENGTH / 2).toString('hex');
}

export function newGameId(): string {
  return randomBytes(12).toString('base64url');
}

export function isTokenShaped(s: unknown): s is string {
  return typeof s === 'string' && s.length === TOKEN_HEX_LENGTH && /^[0-9a-f]+$/.test(s);
}
