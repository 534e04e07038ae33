import { describe, expect, it } from 'vitest';
import { humanize, serverResultText, toPlayNote } from './names.ts';

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

describe('toPlayNote: the top bar says who decides now', () => {
  it('names the deciding seats when the rule set\'s line does not', () => {
    expect(toPlayNote('Round 1: special cash advance', ['Soviet Union'])).toBe('Soviet Union to play');
    expect(toPlayNote('Round 1, Germany: conduct combat', ['United Kingdom'])).toBe('United Kingdom to play');
    expect(toPlayNote('Spring 1939: movement', ['Axis', 'Allies'])).toBe('Axis, Allies to play');
  });
  it('says nothing when the line names them, or nobody decides (game over, dice not yet keyed)', () => {
    expect(toPlayNote('Round 1, Germany: combat move', ['Germany'])).toBeNull();
    expect(toPlayNote('Round 3, Germany: game over', [])).toBeNull();
  });
});

describe('serverResultText: a resignation or a clock, with seats as players read them', () => {
  const name = (s: string) => ({ allies: 'Allies', axis: 'Axis', ussr: 'Soviet Union' })[s] ?? s;
  it('names the loser and the winner', () => {
    expect(serverResultText({ kind: 'resigned', loser: 'allies', winner: 'axis' }, name)).toBe('Allies resigned: Axis wins');
    expect(serverResultText({ kind: 'time', loser: 'axis', winner: 'allies' }, name)).toBe('Axis ran out of time: Allies wins');
    expect(serverResultText({ kind: 'resigned', loser: 'ussr', winner: null }, name)).toBe('Soviet Union resigned');
  });
});
