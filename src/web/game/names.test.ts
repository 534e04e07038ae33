import { describe, expect, it } from 'vitest';
import { humanize } from './names.ts';

describe('humanize: field names a player reads', () => {
  it('splits and capitalises, keeping the games\' abbreviations as printed', () => {
    expect(humanize('attackerStrength')).toBe('Attacker strength');
    expect(humanize('hex_cleared')).toBe('Hex cleared');
    expect(humanize('ipcs')).toBe('IPCs');
    expect(humanize('hqMoved')).toBe('HQ moved');
    expect(humanize('ep-cost')).toBe('EP cost');
  });
});
