import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';

describe('sha256Hex (the browser\'s dice commitments)', () => {
  it('equals node:crypto\'s SHA-256 for texts of every block boundary, Unicode included', () => {
    const texts = ['', 'abc', 'é€😀', ...[55, 56, 63, 64, 65, 119, 120, 1000].map((n) => 'x'.repeat(n)), randomBytes(32).toString('hex')];
    for (const t of texts) expect(sha256Hex(t), JSON.stringify(t.slice(0, 20))).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
  });
});
