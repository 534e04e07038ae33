import { describe, expect, it } from 'vitest';
import { humanize, statusWithDeciding } from './names.ts';

describe('humanize: field names a player reads', () => {
  it('splits and capitalises, keeping the games\' abbreviations as printed', () => {
    expect(humanize('attackerStrength')).toBe('Attacker strength');
    expect(humanize('hex_cleared')).toBe('Hex cleared');
    expect(humanize('ipcs')).toBe('IPCs');
    expect(humanize('hqMoved')).toBe('HQ moved');
    expect(humanize('ep-cost')).toBe('EP cost');
    // ETO's combat details: the die roll modifier and the chart as printed.
    expect(humanize('drm')).toBe('DRM');
    expect(humanize('crtColumn')).toBe('CRT column');
    expect(humanize('aaGuns')).toBe('AA guns');
  });
});

describe('statusWithDeciding: the top bar says who decides now', () => {
  it('adds the deciding seats when the rule set\'s line does not name them', () => {
    expect(statusWithDeciding('Round 1: special cash advance', ['Soviet Union'])).toBe('Round 1: special cash advance · Soviet Union to play');
    expect(statusWithDeciding('Round 1, Germany: conduct combat', ['United Kingdom'])).toBe('Round 1, Germany: conduct combat · United Kingdom to play');
    expect(statusWithDeciding('Spring 1939: movement', ['Axis', 'Allies'])).toBe('Spring 1939: movement · Axis, Allies to play');
  });
  it('keeps the line as it is when it names them, or nobody decides (game over, dice not yet keyed)', () => {
    expect(statusWithDeciding('Round 1, Germany: combat move', ['Germany'])).toBe('Round 1, Germany: combat move');
    expect(statusWithDeciding('Round 3, Germany: game over', [])).toBe('Round 3, Germany: game over');
  });
});
